import ScorekeeperCore

/// Draws a `ScoreChart` as text: one marker a player, its total after each
/// step placed on a grid `width` columns wide, the highest total at the
/// top, with the axis labelled and a legend naming each marker.
///
///     Hearts: totals after each round
///      101 ┤               ■
///          ┤          ■  ●
///          ┤     ●■ ●
///        0 ┼●■
///          └────────────────
///           0                5
///     ● Ann 50  ■ Bob 101
///
/// `ascii` draws with ASCII only (`TERM=dumb`, `--ascii`); colour, when
/// the output uses it, tells the lines apart too.
struct ChartText {
  let chart: ScoreChart
  let width: Int
  let height: Int
  let ascii: Bool

  static let unicodeMarkers: [Character] = ["●", "■", "▲", "◆", "○", "□", "△", "◇"]
  static let asciiMarkers: [Character] = ["*", "#", "o", "+", "x", "@", "%", "&"]
  static let colours: [Style] = [.lineCyan, .lineMagenta, .lineYellow, .lineGreen, .lineBlue, .lineRed]

  func print(to output: Output) {
    output.line(
      "\(chart.game.game.title.visible): totals after each " + (chart.steps.isEmpty ? "change" : "step"))
    guard !chart.lines.isEmpty else {
      output.line("No players yet: add-player GAME NAME adds one.")
      return
    }
    let range = chart.range
    let (low, high) = (range.lowerBound.double, range.upperBound.double)
    let labels = [range.upperBound.description, range.lowerBound.description]
    let labelWidth = labels.map(\.count).max()!
    let plotWidth = max(10, width - labelWidth - 2)
    let plotHeight = max(3, height)
    let steps = chart.steps.count
    var grid = Array(repeating: Array(repeating: (Character(" "), -1), count: plotWidth), count: plotHeight)
    func row(of value: Double) -> Int {
      guard high > low else { return plotHeight - 1 }
      return plotHeight - 1 - Int(((value - low) / (high - low) * Double(plotHeight - 1)).rounded())
    }
    // Each column shows the step it falls on; a line's rise or fall between
    // two columns is drawn down the later one, so it reads as a line.
    for (index, line) in chart.lines.enumerated() {
      let marker = (ascii ? Self.asciiMarkers : Self.unicodeMarkers)[index % Self.unicodeMarkers.count]
      var previous: Int?
      for column in 0..<plotWidth {
        let step =
          steps == 0 ? 0 : Int((Double(column) / Double(max(plotWidth - 1, 1)) * Double(steps)).rounded())
        let here = row(of: line.totals[min(step, line.totals.count - 1)].double)
        let span = previous.map { min($0, here)...max($0, here) } ?? here...here
        for cell in span where cell == here || grid[cell][column].1 == -1 {
          grid[cell][column] = (cell == here ? marker : (ascii ? "|" : "│"), index)
        }
        previous = here
      }
    }
    let zero = row(of: 0)
    for (number, cells) in grid.enumerated() {
      let label = number == 0 ? labels[0] : number == plotHeight - 1 ? labels[1] : number == zero ? "0" : ""
      output.write(label.padding(to: labelWidth, leading: true) + " ")
      output.write(number == zero ? (ascii ? "+" : "┼") : (ascii ? "|" : "┤"))
      let drawn = (cells.lastIndex { $0.1 >= 0 } ?? -1) + 1
      for (character, owner) in cells[..<drawn] {
        if owner >= 0 {
          output.write(String(character), in: Self.colours[owner % Self.colours.count])
        } else {
          output.write(String(character))
        }
      }
      output.line()
    }
    output.line(
      String(repeating: " ", count: labelWidth + 1) + (ascii ? "+" : "└")
        + String(repeating: ascii ? "-" : "─", count: plotWidth))
    // The left edge is before anything happened; the right, the last step.
    let last = chart.steps.last ?? ""
    output.line(
      String(repeating: " ", count: labelWidth + 2) + "0"
        + String(repeating: " ", count: max(1, plotWidth - 1 - last.visible.displayWidth)) + last.visible)
    for (index, line) in chart.lines.enumerated() {
      if index > 0 { output.write("  ") }
      let marker = (ascii ? Self.asciiMarkers : Self.unicodeMarkers)[index % Self.unicodeMarkers.count]
      output.write(String(marker), in: Self.colours[index % Self.colours.count])
      output.write(" \(line.name.visible) \(line.totals.last!)")
    }
    output.line()
  }
}
