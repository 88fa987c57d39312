/// A change to a player's score, as the `score` command takes it:
/// "+N" adds, "-N" subtracts, "=N" sets; N may have up to three decimals.
public enum ScoreChange: Hashable, Sendable {
  case add(Points)
  case set(Points)

  /// Parses "+5", "-3", "=10", "=-4", "+0.5" or "+½", spaces around it ignored
  /// (as a title's are). The sign is required, so a bare "5" is refused
  /// rather than guessed at.
  public init(parsing typed: String) throws(ScoreChangeError) {
    let text = typed.trimmingWhitespace()
    guard let sign = text.first, "+-=".contains(sign) else {
      throw ScoreChangeError(input: typed, problem: .missingSign)
    }
    var number = text.dropFirst()
    var isNegative = sign == "-"
    if sign == "=", let valueSign = number.first, "+-".contains(valueSign) {
      isNegative = valueSign == "-"
      number = number.dropFirst()
    }
    let value: Points
    do throws(PointsSyntaxError) {
      // Read with its sign, so that the smallest score (-2^63) fits too.
      guard number.first.map({ $0 != "+" && $0 != "-" }) ?? true else { throw .notANumber }
      value = try Points(parsing: Substring((isNegative ? "-" : "") + Points.withHalvesAsDecimals(number)))
    } catch {
      throw ScoreChangeError(input: typed, problem: ScoreChangeError.Problem(error, number))
    }
    self = sign == "=" ? .set(value) : .add(value)
  }

  /// "+5", "-3" or "=10": the form it was typed in.
  public var description: String {
    switch self {
    case .add(let delta): delta.signed
    case .set(let value): "=\(value)"
    }
  }
}

/// A score change that is not "+N", "-N" or "=N" with N a number of
/// points (up to three decimals, a whole part within 64 bits).
public struct ScoreChangeError: Error, Equatable, CustomStringConvertible {
  public enum Problem: Equatable, Sendable {
    case missingSign, notANumber, decimalComma, tooManyDecimals, outOfRange

    init(_ error: PointsSyntaxError, _ number: Substring) {
      switch error {
      case .notANumber:
        self = Points.hasDecimalComma(number) ? .decimalComma : .notANumber
      case .tooManyDecimals: self = .tooManyDecimals
      case .outOfRange: self = .outOfRange
      }
    }
  }

  public let input: String
  public let problem: Problem

  public var description: String {
    let quoted = quote(input)
    switch problem {
    case .missingSign:
      return "The score change \(quoted) needs a sign: +N adds, -N subtracts, =N sets "
        + "(for example +\(!input.isEmpty && (try? Points(parsing: input[...], allowingSign: false)) != nil ? input : "5"))."
    case .notANumber:
      return "The score change \(quoted) is not a number; use +N, -N or =N (N may have decimals: +0.5)."
    case .decimalComma:
      return "The score change \(quoted) has a decimal comma; write decimals with a point "
        + "(\(quote(input.replacing(",", with: "."))))."
    case .tooManyDecimals:
      return "The score change \(quoted) has more than three decimals: points are kept to thousandths."
    case .outOfRange:
      return "The score change \(quoted) is out of range: scores go from "
        + "\(Int64.min) to \(Int64.max)."
    }
  }
}
