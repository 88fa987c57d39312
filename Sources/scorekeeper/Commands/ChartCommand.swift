import ScorekeeperCore

extension Command {
  static let chart = Command(
    spec: CommandSpec(
      name: "chart",
      summary: "Draw the race: each player's total after each round, as a line chart.",
      arguments: [Argument.game.spec],
      options: [Option.svg.spec, Flag.asciiChart.spec],
      discussion: """
        Each player's total after each step of the score sheet (a round, or a change
        outside the rounds), one marker a player, sized to the terminal (COLUMNS and
        LINES, else its size, else 80 by 24), in colour when the terminal wants it.
        --ascii draws with ASCII only, as TERM=dumb does. --svg FILE writes the same
        chart as an SVG image instead (replaced whole; - for standard output).
        --json prints the totals after each step.
        """,
      examples: ["scorekeeper chart Hearts", "scorekeeper chart Hearts --svg hearts.svg"]
    ),
    syncs: true,
    needsDatabase: true,
    run: { invocation in
      let chart = try invocation.store().chart(of: invocation[.game])
      if let path = invocation[.svg] {
        let svg = ChartSVG.document(chart)
        if path == "-" {
          invocation.output.write(verbatim: svg)
        } else {
          try PhotoFile(path: path).write(Array(svg.utf8))
          invocation.output.line("Wrote the chart of \(quote(chart.game.game.title)) to \(quote(path)).")
        }
        return
      }
      if invocation.json {
        invocation.print(chart.json)
        return
      }
      let (width, height, ascii) = chartArea(invocation)
      ChartText(chart: chart, width: width, height: height, ascii: ascii).print(to: invocation.output)
    })

  /// The room a chart has: the terminal's width (COLUMNS, else measured,
  /// else 80), its height less the title, axis and legend (LINES, else
  /// 24), and whether it is drawn in ASCII (--ascii, TERM=dumb, a locale
  /// that is not UTF-8).
  static func chartArea(_ invocation: Invocation) -> (width: Int, height: Int, ascii: Bool) {
    let size = { (variable: String, measured: Int?, fallback: Int) in
      invocation.settings.environment(variable).flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
        ?? measured ?? fallback
    }
    let ascii =
      invocation[.asciiChart] || invocation.settings.environment("TERM") == "dumb"
      || invocation.output.asciiOnly
    return (
      size("COLUMNS", invocation.terminal.outputColumns, 80), min(max(size("LINES", nil, 24) - 6, 5), 40),
      ascii
    )
  }
}

extension Option where Value == String {
  fileprivate static let svg = Option(
    OptionSpec(
      name: "--svg", valueName: "FILE", help: "Write the chart as an SVG image to FILE (- for stdout)."))
}

extension Flag {
  static let asciiChart = Flag(
    spec: OptionSpec(name: "--ascii", help: "Draw with ASCII characters only (as TERM=dumb does)."))
}
