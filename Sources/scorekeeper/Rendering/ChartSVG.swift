import ScorekeeperCore

/// A `ScoreChart` as a standalone SVG image: a polyline a player over the
/// steps, the axis with the lowest and highest totals and zero, the first
/// and last step's labels, and a legend with each player's total. Text is
/// XML-escaped, so a name is only ever shown, never markup.
enum ChartSVG {
  static let colours = [
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2",
  ]

  static func document(_ chart: ScoreChart, width: Int = 800, height: Int = 400) -> String {
    let (left, right, top, bottom) = (60.0, 20.0, 40.0, 40.0 + 20.0 * Double((chart.lines.count + 2) / 3))
    let plotWidth = Double(width) - left - right
    let plotHeight = Double(height) - top - bottom
    let range = chart.range
    let (low, high) = (range.lowerBound.double, range.upperBound.double)
    let steps = max(chart.steps.count, 1)
    func x(_ step: Int) -> Double { left + plotWidth * Double(step) / Double(steps) }
    func y(_ value: Double) -> Double {
      high > low ? top + plotHeight * (high - value) / (high - low) : top + plotHeight
    }
    var svg = """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" \
      font-family="sans-serif" font-size="12">
      <title>\(escaped(chart.game.game.title)): totals after each step</title>
      <rect width="100%" height="100%" fill="white"/>
      <text x="\(left)" y="24" font-size="16">\(escaped(chart.game.game.title))</text>

      """
    let axis = "stroke=\"#888\" stroke-width=\"1\""
    svg +=
      "<line class=\"axis\" x1=\"\(left)\" y1=\"\(top)\" x2=\"\(left)\" y2=\"\(top + plotHeight)\" \(axis)/>\n"
    svg +=
      "<line class=\"axis\" x1=\"\(left)\" y1=\"\(y(0))\" x2=\"\(left + plotWidth)\" y2=\"\(y(0))\" \(axis)/>\n"
    for (value, text) in [
      (high, range.upperBound.description), (low, range.lowerBound.description), (0, "0"),
    ] {
      svg +=
        "<text class=\"tick\" x=\"\(left - 6)\" y=\"\(y(value) + 4)\" text-anchor=\"end\">\(text)</text>\n"
    }
    // The left edge is before anything happened; the right, the last step.
    svg += "<text class=\"step\" x=\"\(left)\" y=\"\(top + plotHeight + 16)\">0</text>\n"
    if let last = chart.steps.last {
      svg +=
        "<text class=\"step\" x=\"\(x(steps))\" y=\"\(top + plotHeight + 16)\" text-anchor=\"end\">"
        + escaped(last) + "</text>\n"
    }
    for (index, line) in chart.lines.enumerated() {
      let colour = colours[index % colours.count]
      let points = line.totals.enumerated().map { "\(x($0.offset)),\(y($0.element.double))" }
      svg +=
        "<polyline class=\"line\" data-player=\"\(escaped(line.playerID))\" fill=\"none\" stroke=\"\(colour)\" "
        + "stroke-width=\"2\" points=\"\(points.joined(separator: " "))\"/>\n"
      let (column, row) = (index % 3, index / 3)
      let legendX = left + Double(column) * plotWidth / 3
      let legendY = top + plotHeight + 36 + 20 * Double(row)
      svg +=
        "<g class=\"legend\"><rect x=\"\(legendX)\" y=\"\(legendY - 9)\" width=\"10\" height=\"10\" "
        + "fill=\"\(colour)\"/><text x=\"\(legendX + 14)\" y=\"\(legendY)\">"
        + "\(escaped(line.name)) \(line.totals.last!)</text></g>\n"
    }
    return svg + "</svg>\n"
  }

  /// Text as XML character data or an attribute value (escaped as the
  /// page's HTML is); characters XML cannot hold (controls, from an old
  /// database) written out visibly.
  static func escaped(_ text: String) -> String { ScoreboardPage.escaped(text.visible) }
}
