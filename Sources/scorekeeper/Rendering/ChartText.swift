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
  struct Line {
    var name: String
    var values: [Double]
    /// The last value as the legend says it.
    var last: String
  }

  let title: String
  let steps: [String]
  let lines: [Line]
  /// How the axis says a value.
  let label: (Double) -> String
  /// Whether 0 is on the axis (scores are; ratings, far from 0, are not).
  let fromZero: Bool
  let width: Int
  let height: Int
  let ascii: Bool

  /// A game's race: exact totals on the axis, 0 in range.
  init(chart: ScoreChart, width: Int, height: Int, ascii: Bool) {
    let range = chart.range
    // The exact totals at the ends (one, when every total is the same).
    let labels = Dictionary(
      [range.lowerBound, range.upperBound].map { ($0.double, $0.description) },
      uniquingKeysWith: { first, _ in first })
    self.init(
      title: "\(chart.game.game.title.visible): totals after each "
        + (chart.steps.isEmpty ? "change" : "step"),
      steps: chart.steps,
      lines: chart.lines.map {
        Line(name: $0.name, values: $0.totals.map(\.double), last: $0.totals.last!.description)
      },
      label: { labels[$0] ?? fixedPoint($0, decimals: 0) }, fromZero: true, width: width, height: height,
      ascii: ascii)
  }

  init(
    title: String, steps: [String], lines: [Line], label: @escaping (Double) -> String, fromZero: Bool,
    width: Int,
    height: Int, ascii: Bool
  ) {
    (self.title, self.steps, self.lines, self.label, self.fromZero) = (title, steps, lines, label, fromZero)
    (self.width, self.height, self.ascii) = (width, height, ascii)
  }

  static let unicodeMarkers: [Character] = ["●", "■", "▲", "◆", "○", "□", "△", "◇"]
  static let asciiMarkers: [Character] = ["*", "#", "o", "+", "x", "@", "%", "&"]
  static let colours: [Style] = [.lineCyan, .lineMagenta, .lineYellow, .lineGreen, .lineBlue, .lineRed]

  func print(to output: Output) {
    output.line(title)
    guard !lines.isEmpty else {
      output.line("No players yet: add-player GAME NAME adds one.")
      return
    }
    let all = lines.flatMap(\.values)
    let low = min(fromZero ? 0 : .infinity, all.min() ?? 0)
    let high = max(fromZero ? 0 : -.infinity, all.max() ?? 0)
    // A flat chart (every value the same) is labelled once, at the bottom.
    let labels = [high > low ? label(high) : "", label(low)]
    let labelWidth = max(labels.map(\.count).max()!, fromZero ? 1 : 0)
    let plotWidth = max(10, width - labelWidth - 2)
    let plotHeight = max(3, height)
    let steps = self.steps.count
    var grid = Array(repeating: Array(repeating: (Character(" "), -1), count: plotWidth), count: plotHeight)
    func row(of value: Double) -> Int {
      guard high > low else { return plotHeight - 1 }
      return plotHeight - 1 - Int(((value - low) / (high - low) * Double(plotHeight - 1)).rounded())
    }
    // Each column shows the step it falls on; a line's rise or fall between
    // two columns is drawn down the later one, so it reads as a line.
    for (index, line) in lines.enumerated() {
      let marker = (ascii ? Self.asciiMarkers : Self.unicodeMarkers)[index % Self.unicodeMarkers.count]
      var previous: Int?
      for column in 0..<plotWidth {
        let step =
          steps == 0 ? 0 : Int((Double(column) / Double(max(plotWidth - 1, 1)) * Double(steps)).rounded())
        let here = row(of: line.values[min(step, line.values.count - 1)])
        let span = previous.map { min($0, here)...max($0, here) } ?? here...here
        for cell in span where cell == here || grid[cell][column].1 == -1 {
          grid[cell][column] = (cell == here ? marker : (ascii ? "|" : "│"), index)
        }
        previous = here
      }
    }
    let zero = fromZero ? row(of: 0) : -1
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
    let last = self.steps.last ?? ""
    output.line(
      String(repeating: " ", count: labelWidth + 2) + "0"
        + String(repeating: " ", count: max(1, plotWidth - 1 - last.visible.displayWidth)) + last.visible)
    for (index, line) in lines.enumerated() {
      if index > 0 { output.write("  ") }
      let marker = (ascii ? Self.asciiMarkers : Self.unicodeMarkers)[index % Self.unicodeMarkers.count]
      output.write(String(marker), in: Self.colours[index % Self.colours.count])
      output.write(" \(line.name.visible) \(line.last)")
    }
    output.line()
  }
}
