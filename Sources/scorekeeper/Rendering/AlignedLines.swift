/// Rows of cells as aligned lines: each column as wide as its widest cell
/// (by display width), right-aligned where `alignsRight` says (numbers),
/// two spaces apart, without trailing spaces. Cells show names: each is
/// shown `visible`, and measured so.
func alignedLines(_ rows: [[String]], indent: String = "  ", alignsRight: (Int) -> Bool) -> [String] {
  let rows = rows.map { $0.map(\.visible) }
  guard let first = rows.first else { return [] }
  let widths = first.indices.map { column in rows.map { $0[column].displayWidth }.max()! }
  return rows.map { row in
    var line =
      indent
      + row.enumerated().map { column, cell in cell.padding(to: widths[column], leading: alignsRight(column))
      }
      .joined(separator: "  ")
    while line.last == " " { line.removeLast() }
    return line
  }
}

/// "1 game", "3 games"; "2 losses" with its `plural`.
func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
  "\(count) " + (count == 1 ? noun : plural ?? noun + "s")
}
