/// Makes the link a share is joined by.
///
/// A link is the only secret between an owner and the people they invite,
/// so the live generator draws 128 bits from the system's cryptographic
/// random source (`getrandom` on Linux); guessing one is hopeless.
public struct ShareLinkGenerator: Sendable {
  public static let prefix = "https://share.scorekeeper.invalid/"

  private let token: @Sendable (Int64) throws -> String

  /// `token` makes the part after the prefix from the link's number
  /// (1 for the server's first link, 2 for the next, …).
  public init(_ token: @escaping @Sendable (_ number: Int64) throws -> String) {
    self.token = token
  }

  func next(_ number: Int64) throws -> String {
    Self.prefix + (try token(number))
  }

  public static let random = ShareLinkGenerator { _ in
    var generator = SystemRandomNumberGenerator()
    return hex(generator.next() as UInt64) + hex(generator.next() as UInt64)
  }

  /// Links numbered in the order they were issued (1, 2, …) as on a live
  /// test server, for tests and golden transcripts only: they are
  /// guessable by design.
  public static let sequential = ShareLinkGenerator { number in
    hex(0) + hex(UInt64(number))
  }

  /// Whether `text` has the shape of a link (prefix and 32 hex digits).
  static func isWellFormed(_ text: String) -> Bool {
    guard text.hasPrefix(prefix) else { return false }
    let token = text.utf8.dropFirst(prefix.utf8.count)
    return token.count == 32 && token.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
  }

  private static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
