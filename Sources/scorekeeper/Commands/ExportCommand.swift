import ScorekeeperCore

extension Command {
  static let export = Command(
    spec: CommandSpec(
      name: "export",
      summary: "Write games out as JSON (for import) or CSV (for a spreadsheet or a script).",
      arguments: [Argument.exportedGames.spec],
      options: [Option.format.spec, Flag.standings.spec, Option.exportFile.spec],
      discussion: """
        --format json (the default) writes the export that import reads back: format
        "scorekeeper-export", version 1, every game with its players, photos (base64),
        rounds, rule changes and endings, score changes (with their ids, times and
        devices) and result, then the person links made by merge-people,
        split-person and rename-person and the kinds' rules set by "kinds --set"
        (only when every game goes). README's "Your data" documents it
        field by field; Docs/scorekeeper-export.schema.json is its JSON Schema.

        --format csv (RFC 4180, UTF-8, a header row) writes one row per score change,
        game by game, each game's in the order made: game_id, game, kind, round (a
        correction's or undo's is the round it changes; empty outside the rounds),
        player_id, player, team, points, total_after (the player's total after it),
        time (ISO 8601, UTC), device and change_id (the change's own id, by which
        import knows it is here already).

        --format csv --standings writes one row per player per game instead, best
        first: game_id, game, kind, state (finished or in progress), rank, player_id,
        player, team, total and winner (true once the game is finished and they won;
        a team game ranks its teams, each member on the team's rank).

        GAME… limits it to those games (all games by default). It goes to standard
        output, or with --output to FILE, written whole or not at all.
        """,
      examples: [
        "scorekeeper export --output games.json",
        "scorekeeper export --format csv > scores.csv",
        "scorekeeper export Poker --format csv --output poker.csv",
      ]
    ),
    syncs: true,
    needsDatabase: true,
    prepare: { invocation in
      if let format = invocation[Option.format], format != "csv", format != "json" {
        throw UsageError("--format takes json or csv (got \(quote(format))).", command: "export")
      }
      if invocation[.standings], invocation[Option.format] != "csv" {
        throw UsageError("--standings goes with --format csv.", command: "export")
      }
    },
    run: { invocation in
      let store = try invocation.store()
      let games = invocation[each: .exportedGames]
      // The file's bytes exactly (CSV's CRLF, the data as it is): written verbatim.
      func write(to output: Output) throws {
        guard invocation[Option.format] == "csv" else {
          return try store.transfer.exportJSON(games: games) { output.write($0) }
        }
        if invocation[.standings] {
          let header = [
            "game_id", "game", "kind", "state", "rank", "player_id", "player", "team", "total", "winner",
          ]
          return try store.transfer.exportStandings(
            games: games, header: { output.write(verbatim: CSV.record(header)) }
          ) {
            place in
            output.write(
              verbatim: CSV.record([
                place.gameID, place.game, place.kind ?? "", place.isFinished ? "finished" : "in progress",
                "\(place.rank)", place.playerID, place.player, place.team ?? "", "\(place.total)",
                place.isWinner ? "true" : "false",
              ]))
          }
        }
        let header = [
          "game_id", "game", "kind", "round", "player_id", "player", "team", "points", "total_after", "time",
          "device", "change_id",
        ]
        try store.transfer.exportScoreChanges(
          games: games, header: { output.write(verbatim: CSV.record(header)) }
        ) {
          change in
          output.write(
            verbatim: CSV.record([
              change.gameID, change.game, change.kind ?? "", change.round.map { "\($0)" } ?? "",
              change.playerID,
              change.player, change.team ?? "", "\(change.points)", "\(change.totalAfter)",
              change.time.iso8601,
              change.device, change.id,
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

extension Flag {
  fileprivate static let standings = Flag(
    spec: OptionSpec(name: "--standings", help: "With --format csv: one row per player per game, ranked."))
}

extension Argument where Value == String {
  fileprivate static let exportedGames = Argument(
    ArgumentSpec(
      name: "GAME", help: "A game to export (title or id); all games when none is named.", isOptional: true,
      isVariadic: true))
}

extension Option where Value == String {
  fileprivate static let format = Option(
    OptionSpec(name: "--format", valueName: "FORMAT", help: "json (the default) or csv."))
  fileprivate static let exportFile = Option(
    OptionSpec(
      name: "--output", valueName: "FILE", help: "Write to FILE (replaced whole) instead of standard output.")
  )
}
