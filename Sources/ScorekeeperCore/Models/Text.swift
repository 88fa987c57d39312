/// Rules for the text people type as titles and names.
///
/// Text is trimmed of surrounding white space and then must be non-empty,
/// at most 200 characters, and free of control characters (which would
/// corrupt terminal output and tab-separated scripts). Everything else,
/// quotes, `%`, emoji, any script, is kept exactly as typed.
public enum TextField: String, Sendable {
  case gameTitle = "game title"
  case playerName = "player name"

  /// The longest text accepted, in characters as people count them.
  public static let maximumLength = 200

  /// The trimmed text, or an error saying what is wrong with it.
  public func validate(_ input: String) throws(InvalidTextError) -> String {
    let text = input.trimmingWhitespace()
    if text.isEmpty {
      throw InvalidTextError(field: self, input: input, problem: .empty)
    }
    if let (offset, scalar) = text.unicodeScalars.enumerated().first(where: {
      $0.element.properties.generalCategory == .control
    }) {
      throw InvalidTextError(
        field: self, input: input, problem: .controlCharacter(scalar.value, position: offset + 1))
    }
    if text.count > Self.maximumLength {
      throw InvalidTextError(field: self, input: input, problem: .tooLong(text.count))
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
      return "A \(field.rawValue) can't contain control characters; \(quote(input)) "
        + "has \(unicodeName(value)) at character \(position)."
    }
  }
}

/// Quotes user input for a message, escaping what a terminal would act on,
/// so the message shows exactly what was typed.
public func quote(_ text: String) -> String {
  var result = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    case "\n": result += "\\n"
    case "\t": result += "\\t"
    case "\r": result += "\\r"
    default:
      if scalar.properties.generalCategory == .control {
        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
  }
  return result + "\""
}

private func unicodeName(_ value: UInt32) -> String {
  let hex = String(value, radix: 16, uppercase: true)
  return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
}

extension String {
  /// The text without leading and trailing white space (Unicode's notion,
  /// including no-break spaces and line separators).
  public func trimmingWhitespace() -> String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}
