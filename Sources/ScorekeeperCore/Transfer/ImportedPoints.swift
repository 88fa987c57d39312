/// Points in an imported file (13, -2, 13.5), or the problem with them
/// in the words every format uses, naming the column.
func importedPoints(_ text: String, column: String) throws(RowProblem) -> Points {
  do {
    return try Points(parsing: text[...])
  } catch {
    if let words = error.words { throw RowProblem("\(column) \(quote(text)) \(words)") }
    throw RowProblem(
      "\(column) must be a number such as 13 or 13.5 (a decimal point, not a comma), not \(quote(text))")
  }
}
