import ScorekeeperCore

extension Command {
  static let export = Command(
    spec: CommandSpec(
      name: "export",
      summary: "Write every score change out as CSV, for a spreadsheet or a script.",
      arguments: [Argument.exportedGames.spec],
      options: [Option.format.spec, Option.exportFile.spec],
      discussion: """
        --format csv (RFC 4180, UTF-8, a header row) writes one row per score change,
        game by game, each game's in the order made: game_id, game, kind, round (a
        correction's or undo's is the round it changes; empty outside the rounds),
        player_id, player, team, points, total_after (the player's total after it),
        time (ISO 8601, UTC) and device. GAME… limits it to those games (all games by
        default). It goes to standard output, or with --output to FILE, written whole
        or not at all. (JSON, the export that import reads back, comes with import.)
        """,
      examples: [
        "scorekeeper export --format csv > scores.csv",
        "scorekeeper export Poker --format csv --output poker.csv",
      ]
    ),
    syncs: true,
    needsDatabase: true,
    prepare: { invocation in
      guard invocation[Option.format] == "csv" else {
        throw UsageError(
          invocation[Option.format].map { "--format takes csv (got \(quote($0)))." }
            ?? "export needs --format csv: CSV is the format written so far.", command: "export")
      }
    },
    run: { invocation in
      let store = try invocation.store()
      let games = invocation[each: .exportedGames]
      func write(to output: Output) throws {
        let header = [
          "game_id", "game", "kind", "round", "player_id", "player", "team", "points", "total_after", "time",
          "device",
        ]
        try store.exportScoreChanges(games: games, header: { output.write(CSV.record(header)) }) { change in
          output.write(
            CSV.record([
              change.gameID, change.game, change.kind ?? "", change.round.map { "\($0)" } ?? "",
              change.playerID,
              change.player, change.team ?? "", "\(change.points)", "\(change.totalAfter)",
              change.time.iso8601,
              change.device,
            ]))
        }
      }
      if let file = invocation[Option.exportFile] {
        try ExportFile(path: file).write(write(to:))
      } else {
        try write(to: invocation.output)
      }
    })
}

extension Argument where Value == String {
  fileprivate static let exportedGames = Argument(
    ArgumentSpec(
      name: "GAME", help: "A game to export (title or id); all games when none is named.", isOptional: true,
      isVariadic: true))
}

extension Option where Value == String {
  fileprivate static let format = Option(OptionSpec(name: "--format", valueName: "FORMAT", help: "csv."))
  fileprivate static let exportFile = Option(
    OptionSpec(
      name: "--output", valueName: "FILE", help: "Write to FILE (replaced whole) instead of standard output.")
  )
}
