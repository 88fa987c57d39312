import ScorekeeperCore

extension Command {
  static let list = Command(
    spec: CommandSpec(
      name: "list",
      summary: "List games, or one game's players ranked by score.",
      arguments: [
        Argument.listedGame.spec
      ],
      options: [Flag.ascending.spec, Flag.archived.spec],
      discussion: """
        Without GAME: every game with its number of players, most players first, then
        by title. With GAME: its players, highest score first (ties by name); ranks
        are shared on equal scores (1, 2, 2, 4).

        When the owner of a game shared with you stops sharing it (or deletes it), it
        leaves your games, and a read-only copy of its final state stays on your
        devices; so does a game of yours that a restored backup holds, deleted since
        the backup was made. --archived lists those copies (with GAME, one's
        standings); "revive-game GAME" makes one a game again, and "delete-game GAME
        --archived" deletes one.
        """,
      examples: [
        "scorekeeper list", "scorekeeper list \"Poker night\"", "scorekeeper list golf --ascending",
        "scorekeeper list --archived",
      ]
    ),
    syncs: true,
    pages: true,
    needsDatabase: true,
    prepare: { invocation in
      if invocation[.ascending] && invocation[ifGiven: .listedGame] == nil {
        throw UsageError(
          "--ascending orders one game's players; name the game: scorekeeper list GAME --ascending.",
          command: "list")
      }
    },
    run: { invocation in
      let archived = invocation[.archived]
      try invocation.store().showsArchivedGames = archived
      if let game = invocation[ifGiven: .listedGame] {
        try listStandings(of: game, invocation, to: invocation.output)
      } else if archived {
        try listArchivedGames(invocation)
      } else {
        try listGames(invocation)
      }
    })

  private static func listArchivedGames(_ invocation: Invocation) throws {
    let games = try invocation.store().archivedGames()
    if invocation.json {
      invocation.print(.object([("games", .array(games.map(\.json)))]))
      return
    }
    guard !games.isEmpty else {
      invocation.output.line(
        "No read-only copies: one is kept here when a game's owner stops sharing it with you, or when "
          + "a backup restored here holds a game deleted since.")
      return
    }
    let countWidth = games.map { players($0.summary.playerCount).count }.max() ?? 0
    let titleWidth = games.map(\.summary.game.title.visible.displayWidth).max() ?? 0
    invocation.output.line(
      "Read-only copies of games no longer shared with you, or deleted since a backup restored here:")
    for game in games {
      invocation.output.line(
        "  " + IDFragment.short(game.summary.game.id) + "  "
          + players(game.summary.playerCount).padding(to: countWidth)
          + "  " + game.summary.game.title.visible.padding(to: titleWidth)
          + (game.owner.isEmpty ? "  yours, since " : "  \(game.owner.visible)'s, since ")
          + invocation.times.format(game.archivedAt))
    }
  }

  /// {"games": [each game's summary, "state", "kind"]}: what `list
  /// --json` prints, and `serve` answers at /api/games.
  static func gamesJSON(_ invocation: Invocation) throws -> JSON {
    let games = try invocation.store().gamesWithAccess()
    let finished = try invocation.store().finishedGames()
    let kinds = try invocation.store().gameKinds()
    return .object([
      (
        "games",
        .array(
          games.map { game in
            guard case .object(let fields) = game.summary.json(access: game.access) else { return .null }
            return .object(
              fields + [
                ("state", .string(finished[game.summary.game.id] == nil ? "in progress" : "finished")),
                ("kind", kinds[game.summary.game.id].map(JSON.string) ?? .null),
              ])
          })
      )
    ])
  }

  private static func listGames(_ invocation: Invocation) throws {
    if invocation.json {
      invocation.print(try gamesJSON(invocation))
      return
    }
    let games = try invocation.store().gamesWithAccess()
    let finished = try invocation.store().finishedGames()
    let kinds = try invocation.store().gameKinds()
    guard !games.isEmpty else {
      invocation.output.line("No games yet. Add one with: scorekeeper add-game TITLE")
      return
    }
    // One row of cells a game: id, players, title, sharing, kind, result;
    // each column as wide as its widest cell, a column no game fills left out.
    func cells(_ summary: GameSummary, _ access: GameAccess) -> [String] {
      let sharing =
        switch access {
        case .mine: ""
        case .sharedByMe: "shared by you"
        case .sharedWithMe(let owner, let permission): "\(owner)'s, \(permission.rawValue)"
        }
      let finish = finished[summary.game.id].map {
        finishedWords($0.verdict, winners: $0.winnerNames.map(quote))
      }
      return [
        IDFragment.short(summary.game.id), players(summary.playerCount), summary.game.title, sharing,
        kinds[summary.game.id].map { "kind " + $0 } ?? "", finish ?? "",
      ]
    }
    let rows = games.map { cells($0.summary, $0.access) }
    let filled = rows[0].indices.filter { column in rows.contains { !$0[column].isEmpty } }
    let lines = alignedLines(rows.map { row in filled.map { row[$0] } }, indent: "") { _ in false }
    // Sections only once something is shared: a lone list stays as it was.
    guard games.contains(where: \.access.isShared) else {
      lines.forEach(invocation.output.line)
      return
    }
    let own = games.indices.filter { !games[$0].access.isShared }
    if !own.isEmpty {
      invocation.output.line("Your games:")
      for index in own { invocation.output.line("  " + lines[index]) }
    }
    invocation.output.line("Shared games:")
    for index in games.indices where games[index].access.isShared {
      invocation.output.line("  " + lines[index])
    }
  }

  /// A game's standings as `list GAME` (and `watch GAME`) shows them.
  static func listStandings(
    of reference: String, _ invocation: Invocation, to output: Output, json: Bool? = nil
  ) throws {
    let order: StandingsOrder? = invocation[.ascending] ? .ascending : nil
    let kind = try invocation.store().kind(of: reference)
    if json ?? invocation.json {
      var stream: StreamedJSONArray?
      var state: GameState?
      try invocation.store().standings(
        of: reference, order: order,
        header: { game, gameState, shape in
          state = gameState
          stream = StreamedJSONArray(
            output: output,
            leadingFields: [("game", GameSummary(game: game, playerCount: shape.playerCount).json)],
            arrayKey: "standings")
        },
        row: { stream!.append($0.json) })
      stream?.finish(trailingFields: (state?.jsonFields ?? []) + [("kind", kind.map(JSON.string) ?? .null)])
      return
    }
    var table: StandingsTable?
    try invocation.store().standings(
      of: reference, order: order,
      header: { game, state, shape in
        table = StandingsTable(game: game, kind: kind, state: state, shape: shape)
        table!.printHeader(to: output)
      },
      row: { table!.print($0, to: output) })
    guard let table else { return }
    if table.shape.playerCount == 0 {
      output.line(
        "No players yet. Add one with: scorekeeper add-player "
          + "\(ArgumentParser.shellQuoted(table.game.title)) NAME")
    }
    table.printFooter(to: output)
  }
}

extension Argument where Value == String {
  fileprivate static let listedGame = Argument(
    ArgumentSpec(name: "GAME", help: "Show this game's standings instead of all games.", isOptional: true))
}
