/// A score as BG Stats keeps it: the text its calculator wrote. "87+77"
/// and "20+16+16" (a sum), "86+84+" (one left open), "-3", "13.5",
/// "21,7" (a decimal comma), spaces anywhere.
enum BGStatsScore {
  /// The points the text sums to, or why it does not.
  static func points(_ text: String) -> Result<Points, Problem> {
    // A decimal comma is a decimal point: a list has no place in a score.
    let cleaned = String(text.unicodeScalars.filter { !$0.properties.isWhitespace }).replacing(",", with: ".")
    guard !cleaned.isEmpty else { return .failure(.notASum) }
    var terms: [(negative: Bool, digits: Substring)] = []
    var rest = Substring(cleaned)
    // A leading sign belongs to the first number; a trailing operator is
    // the calculator's, left open.
    var negative = false
    if rest.first == "-" || rest.first == "+" {
      negative = rest.first == "-"
      rest = rest.dropFirst()
    }
    while !rest.isEmpty {
      let end = rest.firstIndex { $0 == "+" || $0 == "-" } ?? rest.endIndex
      let digits = rest[..<end]
      guard !digits.isEmpty else { return .failure(.notASum) }
      terms.append((negative, digits))
      guard end < rest.endIndex else { break }
      negative = rest[end] == "-"
      rest = rest[rest.index(after: end)...]
    }
    guard !terms.isEmpty else { return .failure(.notASum) }
    var sum = Points.zero
    for term in terms {
      do {
        let value = try Points(parsing: term.digits, allowingSign: false)
        sum += term.negative ? -value : value
      } catch {
        return .failure(error == .notANumber ? .notASum : .points(error))
      }
    }
    return sum.fitsStorage ? .success(sum) : .failure(.points(.outOfRange))
  }

  enum Problem: Error, Hashable {
    case notASum
    case points(PointsSyntaxError)

    var words: String {
      switch self {
      case .notASum: "is not a number or a sum of numbers (as 12, 13.5, 21,7 or 87+77)"
      case .points(let error): error.words ?? Self.notASum.words
      }
    }
  }
}
