import Testing

/// Expects two values to be equal; when they are not, the failure shows a
/// field-by-field diff of their dumps ("−" expected, "+" actual), so a
/// mismatch in a row of twenty fields points at the one that differs.
///
///     Difference: − expected, + actual
///       Player(
///         id: "ffffffff-ffff-ffff-ffff-ffffffffffff",
///     −   name: "Alice",
///     +   name: "Alicia",
///         score: 12
///       )
public func expectNoDifference<T: Equatable>(
  _ expected: T, _ actual: T, _ message: @autoclosure () -> String? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard expected != actual else { return }
  var text = difference(expected, actual) ?? ""
  if let message = message() { text = message + "\n" + text }
  Issue.record(Comment(rawValue: text), sourceLocation: sourceLocation)
}

/// The failure text for two values, or nil when their dumps are identical.
/// Values that differ yet dump identically (0.0 and -0.0 as Any, a class's
/// identity) get a sentence saying so instead of an empty diff.
public func difference<T: Equatable>(_ expected: T, _ actual: T) -> String? {
  let old = customDump(expected)
  let new = customDump(actual)
  guard old != new else {
    return expected == actual
      ? nil : "Difference: the values are unequal but dump identically:\n" + indent(old)
  }
  let diff = renderDiff(
    lineDiff(
      expected: old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
      actual: new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)),
    context: .max)
  return "Difference: − expected, + actual\n" + diff
}

private func indent(_ text: String) -> String {
  text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
}
