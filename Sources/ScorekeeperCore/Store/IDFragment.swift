/// A piece of an id that people can type to name a game or player: a
/// prefix of at least 4 hex digits ("3f2a", "3f2a9c10-…"), or the short form
/// this program prints, first and last four digits ("3f2a…91bc", also with
/// "..."). Hyphens are ignored, case too.
public struct IDFragment: Hashable, Sendable {
  /// Hex digits the id must start with.
  public let head: String
  /// Hex digits the id must end with ("" when only a prefix was given).
  public let tail: String
  /// Typed without "…": the digits may start the id or end it. The end
  /// is what tells ids apart (ids made the same day share their start),
  /// so the last digits of a printed id name it alone.
  public let isBare: Bool

  public static let minimumDigits = 4

  /// nil when `text` is not an id fragment (so it is only a title or name).
  public init?(_ text: String) {
    let lowered = text.lowercased()
    let parts: [Substring]
    if let range = lowered.firstRange(of: "…") ?? lowered.firstRange(of: "...") {
      parts = [lowered[..<range.lowerBound], lowered[range.upperBound...]]
    } else {
      parts = [lowered[...]]
    }
    let digits = parts.map { $0.filter { $0 != "-" } }
    guard digits.allSatisfy({ $0.allSatisfy(\.isHexDigit) && $0.allSatisfy(\.isASCII) }),
      digits.joined().count >= Self.minimumDigits, !digits[0].isEmpty,
      parts.count == 1 || !digits[1].isEmpty
    else { return nil }
    head = digits[0]
    tail = parts.count == 2 ? digits[1] : ""
    isBare = parts.count == 1
  }

  /// Does `id` match this fragment?
  public func matches(_ id: String) -> Bool {
    let digits = id.lowercased().filter { $0 != "-" }
    if isBare { return digits.hasPrefix(head) || digits.hasSuffix(head) }
    return digits.hasPrefix(head) && digits.hasSuffix(tail)
      && digits.count >= head.count + tail.count
  }

  /// How ids are shown to people: the first and last four hex digits,
  /// "3f2a…91bc". The form can be typed back to name the row, and so can
  /// its last four digits alone, "91bc".
  public static func short(_ id: String) -> String {
    let digits = id.filter { $0 != "-" }
    guard digits.count > 8 else { return digits }
    return digits.prefix(4) + "…" + digits.suffix(4)
  }
}
