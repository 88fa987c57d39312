/// One line of a diff between an expected and an actual text.
public enum DiffLine: Equatable, Sendable {
  case common(String)
  case removed(String)
  case added(String)
}

/// The shortest edit from `expected` to `actual`, line by line (longest
/// common subsequence). The common prefix and suffix are matched first, so
/// the quadratic table only covers the part that changed.
public func lineDiff(expected: [String], actual: [String]) -> [DiffLine] {
  var prefix = 0
  while prefix < expected.count, prefix < actual.count, expected[prefix] == actual[prefix] {
    prefix += 1
  }
  var suffix = 0
  while suffix < expected.count - prefix, suffix < actual.count - prefix,
    expected[expected.count - 1 - suffix] == actual[actual.count - 1 - suffix]
  {
    suffix += 1
  }
  let old = Array(expected[prefix..<(expected.count - suffix)])
  let new = Array(actual[prefix..<(actual.count - suffix)])
  // lengths[i][j]: the LCS length of old[i...] and new[j...].
  var lengths = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
  for i in stride(from: old.count - 1, through: 0, by: -1) {
    for j in stride(from: new.count - 1, through: 0, by: -1) {
      lengths[i][j] =
        old[i] == new[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
    }
  }
  var middle: [DiffLine] = []
  var i = 0
  var j = 0
  while i < old.count || j < new.count {
    if i < old.count, j < new.count, old[i] == new[j] {
      middle.append(.common(old[i]))
      i += 1
      j += 1
    } else if i < old.count, j == new.count || lengths[i + 1][j] >= lengths[i][j + 1] {
      // Removals first: a replaced line reads "− old" then "+ new".
      middle.append(.removed(old[i]))
      i += 1
    } else {
      middle.append(.added(new[j]))
      j += 1
    }
  }
  return expected[..<prefix].map(DiffLine.common) + middle
    + expected[(expected.count - suffix)...].map(DiffLine.common)
}

/// The diff as text: "− " before expected-only lines, "+ " before
/// actual-only ones, two spaces before common ones; runs of common lines
/// longer than `context` on each side of a change shrink to "  …".
public func renderDiff(_ lines: [DiffLine], context: Int = 3) -> String {
  let changed = lines.indices.filter { if case .common = lines[$0] { false } else { true } }
  var output: [String] = []
  var skipping = false
  for (index, line) in lines.enumerated() {
    switch line {
    case .removed(let text): output.append("− " + text)
    case .added(let text): output.append("+ " + text)
    case .common(let text):
      let nearChange = changed.contains { abs($0 - index) <= context }
      if nearChange {
        output.append("  " + text)
        skipping = false
      } else if !skipping {
        output.append("  …")
        skipping = true
      }
    }
  }
  return output.joined(separator: "\n")
}
