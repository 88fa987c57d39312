import ScorekeeperCore

/// Where a setting's value came from: the rows of the precedence table.
enum SettingOrigin: Equatable, Sendable {
  case option(String)
  /// The setting's own variable, or a fallback one (USER, PAGER).
  case environment(String)
  case file(path: String, key: String, line: Int)
  /// A value about to be written to the settings file (`config set`), or
  /// read from one line of it: checked, and named by its key.
  case proposed(key: String)
  case byDefault

  /// How a message about the value names where it was given: the option,
  /// the variable, or "\"cloud\" in the settings file PATH".
  var source: String {
    switch self {
    case .option(let name), .environment(let name): name
    case .file(let path, let key, _): "\(quote(key)) in the settings file \(path)"
    case .proposed(let key): key
    case .byDefault: "the default"
    }
  }

  /// What `config list --origin` shows.
  var label: String {
    switch self {
    case .option(let name): "option \(name)"
    case .environment(let name): "environment \(name)"
    case .file(_, _, let line): "settings file, line \(line)"
    case .proposed: "config set"
    case .byDefault: "default"
    }
  }

  var isDefault: Bool { self == .byDefault }
}

/// One resolved setting: its value (or why the text given cannot be one,
/// thrown where the value is used, or by `Settings.validate`), the text
/// as given, and where it came from.
///
/// (A value and an error rather than a `Result`: every process resolves
/// every setting, and each `Result` type is generic metadata the runtime
/// builds at start-up.)
struct Setting<Value> {
  let origin: SettingOrigin
  private let value: Value?
  let problem: (any Error)?

  /// Parses `text` with `parse`, keeping its error.
  init(origin: SettingOrigin, text: String?, parse: (String?, SettingOrigin) throws -> Value) {
    self.origin = origin
    do {
      (value, problem) = (try parse(text, origin), nil)
    } catch {
      (value, problem) = (nil, error)
    }
  }

  func get() throws -> Value {
    if let problem { throw problem }
    return value!
  }
}
