import ScorekeeperCore

extension Command {
  static let sheet = Command(
    spec: CommandSpec(
      name: "sheet",
      summary: "Show a game's score sheet: a row per round, a column per player.",
      arguments: [Argument.game.spec],
      discussion: """
        Like a paper score sheet: each round's points (* marks a corrected round),
        score changes made outside the rounds where they fell, then the totals and
        ranks. With teams, each player's team is shown under the name and the teams'
        standings follow. Names are shortened to fit the terminal (COLUMNS, else its
        width, else 80 columns), and a game too wide for it is printed in parts.
        """,
      examples: ["scorekeeper sheet Hearts", "scorekeeper sheet Hearts --json"]
    ),
    syncs: true,
    pages: true,
    needsDatabase: true,
    run: { invocation in
      let sheet = try invocation.store().sheet(of: invocation[.game])
      if invocation.json {
        invocation.print(sheet.json)
        return
      }
      let width =
        invocation.settings.environment("COLUMNS").flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
        ?? invocation.terminal.outputColumns ?? 80
      SheetTable(sheet: sheet, width: width).print(to: invocation.output)
    })
}
