/// Rules for the text people type as titles and names.
///
/// Text is trimmed of surrounding white space and then must be non-empty,
/// at most 200 characters, and free of control characters (which would
/// corrupt terminal output and tab-separated scripts) and of invisible
/// format characters (zero-width spaces, bidirectional overrides, …, which
/// make lookalike names in shared games), but for the joiners and tags
/// inside emoji sequences. Everything else, quotes, `%`, emoji, any
/// script, is kept exactly as typed.
public enum TextField: String, Sendable {
  case gameTitle = "game title"
  case playerName = "player name"
  case teamName = "team name"
  case roundName = "round name"
  case gameKind = "kind of game"

  /// The longest text accepted, in characters as people count them.
  public static let maximumLength = 200

  /// The trimmed text, or an error saying what is wrong with it.
  ///
  /// The length is checked first, so a name of megabytes (an imported
  /// file's, a sync's) is refused for that without being scanned further.
  public func validate(_ input: String) throws(InvalidTextError) -> String {
    let text = input.trimmingWhitespace()
    if text.isEmpty {
      throw InvalidTextError(field: self, input: input, problem: .empty)
    }
    if let limit = text.index(text.startIndex, offsetBy: Self.maximumLength, limitedBy: text.endIndex),
      limit != text.endIndex
    {
      throw InvalidTextError(field: self, input: input, problem: .tooLong(text.count))
    }
    if let (offset, scalar) = firstHidden(in: text) {
      throw InvalidTextError(
        field: self, input: input, problem: .controlCharacter(scalar.value, position: offset + 1))
    }
    return text
  }
}

/// A title or name that breaks the rules of `TextField`.
public struct InvalidTextError: Error, Equatable, CustomStringConvertible {
  public enum Problem: Equatable, Sendable {
    case empty
    case tooLong(Int)
    case controlCharacter(UInt32, position: Int)
  }

  public let field: TextField
  public let input: String
  public let problem: Problem

  public var description: String {
    switch problem {
    case .empty:
      return "A \(field.rawValue) can't be empty (got \(quote(input)))."
    case .tooLong(let count):
      return "A \(field.rawValue) can be at most \(TextField.maximumLength) characters; "
        + "\(quote(input)) has \(count)."
    case .controlCharacter(let value, let position):
      return "A \(field.rawValue) can't contain control or invisible formatting characters; "
        + "\(quote(input)) has \(unicodeName(value)) at character \(position)."
    }
  }
}

private func unicodeName(_ value: UInt32) -> String {
  let hex = String(value, radix: 16, uppercase: true)
  return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
}
