/// A libpq connection string, read the way libpq reads it (a
/// `postgresql://` or `postgres://` URI, or `key=value` pairs such as
/// `service=NAME`), so its settings can be checked and changed before
/// connecting: a password is found however it was written, and the user
/// replaced whatever form the string has.
public struct PGConnectionString: Equatable, Sendable {
  /// The settings given, in libpq's order, with their values.
  public let settings: [(key: String, value: String)]

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.settings.elementsEqual(rhs.settings) { $0 == $1 }
  }

  /// Whether `text` is meant as a connection string rather than a file's
  /// path: a URI, or starts as `key=value` does. A file whose name looks
  /// like one is named `./service=x`.
  public static func looksLikeOne(_ text: String) -> Bool {
    if text.hasPrefix("postgresql://") || text.hasPrefix("postgres://") { return true }
    let key = text.drop(while: { $0 == " " }).prefix(while: { $0.isLetter || $0 == "_" })
    return !key.isEmpty
      && text.drop(while: { $0 == " " }).dropFirst(key.count).drop(while: { $0 == " " })
        .first == "="
  }

  /// Reads `text` as libpq does, and says what libpq would say when it
  /// cannot. Parsed here, not by libpq, so that naming a live cloud (which
  /// every command does) never needs libpq loaded: only talking to it does.
  public init(_ text: String) throws {
    var parser = PGConnectionStringParser(text)
    let given = try parser.settings()
    self.settings = Self.keywords.compactMap { keyword in
      given.last { $0.key == keyword }.map { (keyword, $0.value) }
    }
  }

  private init(settings: [(key: String, value: String)]) {
    self.settings = settings
  }

  public subscript(key: String) -> String? {
    settings.first { $0.key == key }?.value
  }

  /// True when the string itself carries a password (which scorekeeper
  /// never stores: it belongs in `~/.pgpass` or a service file).
  public var hasPassword: Bool { self["password"].map { !$0.isEmpty } ?? false }

  /// The same settings with `key` set to `value` (added last if absent).
  public func setting(_ key: String, to value: String) -> PGConnectionString {
    var settings = self.settings.filter { $0.key != key }
    settings.append((key, value))
    return PGConnectionString(settings: settings)
  }

  /// As `key='value'` pairs, quoted as libpq reads them.
  public var text: String {
    settings.map { key, value in
      "\(key)='" + value.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }.joined(separator: " ")
  }
}
