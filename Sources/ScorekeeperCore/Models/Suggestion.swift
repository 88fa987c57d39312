/// Finds what someone probably meant when they typed something unknown:
/// a command, an option, a game title, a player name.
public enum Suggestion {
  /// The candidates closest to `input`, best first: those within a small
  /// edit distance (typos, swapped letters) or that start with it.
  /// Comparison ignores case.
  public static func closest(to input: String, among candidates: [String], limit: Int = 3)
    -> [String]
  {
    let typed = Array(input.lowercased())
    guard !typed.isEmpty else { return [] }
    let allowance = max(1, min(3, typed.count / 3))
    let scored = candidates.compactMap { candidate -> (String, Int)? in
      let name = Array(candidate.lowercased())
      let distance = editDistance(typed, name)
      if distance <= allowance { return (candidate, distance) }
      if typed.count >= 3, name.starts(with: typed) { return (candidate, allowance + 1) }
      return nil
    }
    var seen = Set<String>()
    return scored.sorted { ($0.1, $0.0) < ($1.1, $1.0) }
      .map(\.0).filter { seen.insert($0).inserted }.prefix(limit).map { $0 }
  }

  /// " Did you mean "x"?", " Did you mean "x" or "y"?", or "" without
  /// suggestions: the tail of a not-found message.
  public static func didYouMean(_ suggestions: [String]) -> String {
    guard let last = suggestions.last else { return "" }
    let quoted = suggestions.dropLast().map(quote)
    return " Did you mean "
      + (quoted.isEmpty ? quote(last) : quoted.joined(separator: ", ") + " or " + quote(last)) + "?"
  }

  /// Damerau–Levenshtein distance (optimal string alignment): insertions,
  /// deletions, substitutions and swaps of neighbours each cost one.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previousPrevious[j - 2] + 1)
        }
      }
      (previousPrevious, previous, current) = (previous, current, previousPrevious)
    }
    return previous[b.count]
  }
}
