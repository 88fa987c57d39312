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

extension ScoreSheet {
  /// {"game", "rules", "players": [{"id", "name", "team"}], "rounds":
  /// [{"number", "points": {id: N}, "corrected"}], "totals": {id: N},
  /// "changes": [{"afterRound", "player", "points", "time"}], "state",
  /// "round"}
  var json: JSON {
    .object([
      ("game", game.json), ("rules", state.rules.json),
      (
        "players",
        .array(
          players.map {
            .object([
              ("id", .string($0.player.id)), ("name", .string($0.player.name)),
              ("team", $0.team.map(JSON.string) ?? .null),
            ])
          })
      ),
      (
        "rounds",
        .array(
          rounds.map { round in
            .object([
              ("number", .integer(Int64(round.number))),
              ("points", .object(players.map { ($0.player.id, (round.points[$0.player.id] ?? 0).json) })),
              ("corrected", .bool(round.corrected)),
            ])
          })
      ),
      ("totals", .object(players.map { ($0.player.id, (totals[$0.player.id] ?? 0).json) })),
      (
        "changes",
        .array(
          changes.map {
            .object([
              ("afterRound", .integer(Int64($0.afterRound))), ("player", .string($0.playerID)),
              ("points", $0.points.json), ("time", .string($0.time.iso8601)),
            ])
          })
      ),
      ("state", .string(state.isFinished ? "finished" : "in progress")),
    ])
  }
}
