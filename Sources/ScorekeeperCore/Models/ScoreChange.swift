/// A change to a player's score, as the `score` command takes it:
/// "+N" adds, "-N" subtracts, "=N" sets.
public enum ScoreChange: Hashable, Sendable {
  case add(Int64)
  case set(Int64)

  /// Parses "+5", "-3", "=10" or "=-4", spaces around it ignored (as a
  /// title's are). The sign is required, so a bare "5" is refused rather
  /// than guessed at.
  public init(parsing typed: String) throws(ScoreChangeError) {
    let text = typed.trimmingWhitespace()
    guard let sign = text.first, "+-=".contains(sign) else {
      throw ScoreChangeError(input: typed, problem: .missingSign)
    }
    var digits = text.dropFirst()
    var isNegative = sign == "-"
    if sign == "=", let valueSign = digits.first, "+-".contains(valueSign) {
      isNegative = valueSign == "-"
      digits = digits.dropFirst()
    }
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
      throw ScoreChangeError(input: typed, problem: .notANumber)
    }
    guard let value = Int64((isNegative ? "-" : "") + digits) else {
      throw ScoreChangeError(input: typed, problem: .outOfRange)
    }
    self = sign == "=" ? .set(value) : .add(value)
  }

  /// "+5", "-3" or "=10": the form it was typed in.
  public var description: String {
    switch self {
    case .add(let delta): delta < 0 ? "\(delta)" : "+\(delta)"
    case .set(let value): "=\(value)"
    }
  }
}

/// A score change that is not "+N", "-N" or "=N" with N a 64-bit integer.
public struct ScoreChangeError: Error, Equatable, CustomStringConvertible {
  public enum Problem: Equatable, Sendable {
    case missingSign, notANumber, outOfRange
  }

  public let input: String
  public let problem: Problem

  public var description: String {
    let quoted = quote(input)
    switch problem {
    case .missingSign:
      return "The score change \(quoted) needs a sign: +N adds, -N subtracts, =N sets "
        + "(for example +\(!input.isEmpty && input.allSatisfy(\.isNumber) ? input : "5"))."
    case .notANumber:
      return "The score change \(quoted) is not a whole number; use +N, -N or =N."
    case .outOfRange:
      return "The score change \(quoted) is out of range: scores go from "
        + "\(Int64.min) to \(Int64.max)."
    }
  }
}
