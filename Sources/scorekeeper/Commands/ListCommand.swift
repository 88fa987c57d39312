import ScorekeeperCore

extension Command {
  static let list = Command(
    spec: CommandSpec(
      name: "list",
      summary: "List games, or one game's players ranked by score.",
      arguments: [
        Argument.listedGame.spec
      ],
      options: [
        Flag.ascending.spec, Flag.archived.spec, Flag.inProgress.spec, Flag.finished.spec, Option.ofKind.spec,
        Option.activeSince.spec, Flag.mostPlayers.spec,
      ],
      discussion: """
        Without GAME: every game with its number of players, its kind, how it
        finished and its last activity (its latest round, score or rule change, or
        when it was added), the latest first. --in-progress or --finished, --kind
        KIND and --since DATE keep those games only; --most-players lists the most
        players first, then by title (the order before). With GAME: its players,
        highest score first (ties by name); ranks are shared on equal scores (1, 2,
        2, 4).

        When the owner of a game shared with you stops sharing it (or deletes it), it
        leaves your games, and a read-only copy of its final state stays on your
        devices; so does a game of yours that a restored backup holds, deleted since
        the backup was made. --archived lists those copies (with GAME, one's
        standings); "revive-game GAME" makes one a game again, and "delete-game GAME
        --archived" deletes one.
        """,
      examples: [
        "scorekeeper list", "scorekeeper list \"Poker night\"", "scorekeeper list golf --ascending",
        "scorekeeper list --archived", "scorekeeper list --in-progress --kind Hearts --since 7d",
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
      let filters = ["--in-progress", "--finished", "--kind", "--since", "--most-players"]
      if let given = filters.first(where: invocation.commandLine.has),
        invocation[ifGiven: .listedGame] != nil || invocation[.archived]
      {
        throw UsageError(
          "\(given) chooses among your games: leave out GAME and --archived (scorekeeper list \(given)…).",
          command: "list")
      }
      if invocation[.inProgress] && invocation[.finished] {
        throw UsageError("Give --in-progress or --finished, not both.", command: "list")
      }
    },
    run: { invocation in
      let archived = invocation[.archived]
      if let game = invocation[ifGiven: .listedGame] {
        try listStandings(of: game, archived: archived, invocation, to: invocation.output)
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

  private static func listGames(_ invocation: Invocation) throws {
    let now = try invocation.settings.dependencies.get().clock.now()
    let filter = GamesOverview.Filter(
      state: invocation[.inProgress] ? .inProgress : invocation[.finished] ? .finished : nil,
      kind: invocation[Option.ofKind], since: invocation[.activeSince]?.start(now: now),
      order: invocation[.mostPlayers] ? .mostPlayers : .newestFirst)
    let overview = try invocation.store().gamesOverview(filter)
    if invocation.json {
      invocation.print(overview.json)
      return
    }
    let games = overview.games
    guard !games.isEmpty else {
      invocation.output.line(
        filter.state == nil && filter.kind == nil && filter.since == nil
          ? "No games yet. Add one with: scorekeeper add-game TITLE" : "No game is such: list shows them all."
      )
      return
    }
    // One row of cells a game: id, players, title, sharing, kind, result, last activity;
    // each column as wide as its widest cell, a column no game fills left out.
    func cells(_ game: GamesOverview.Entry) -> [String] {
      let sharing =
        switch game.access {
        case .mine: ""
        case .sharedByMe: "shared by you"
        case .sharedWithMe(let owner, let permission, _): "\(owner)'s, \(permission.rawValue)"
        }
      let finish = game.finished.map { finishedWords($0.verdict, winners: $0.winnerNames.map(quote)) }
      return [
        IDFragment.short(game.summary.game.id), players(game.summary.playerCount), game.summary.game.title,
        sharing, game.kind.map { "kind " + $0 } ?? "", finish ?? "",
        game.lastActivity.map(invocation.times.format) ?? "",
      ]
    }
    let rows = games.map(cells)
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

  /// A game's standings as `list GAME` shows them, streamed; in JSON,
  /// `trailing` fields after the document's own.
  static func listStandings(
    of reference: String, archived: Bool, _ invocation: Invocation, to output: Output,
    trailing: [(String, JSON)] = []
  ) throws {
    let order: StandingsOrder? = invocation[.ascending] ? .ascending : nil
    if invocation.json {
      var stream: StreamedJSONArray?
      var top: StandingsHeader?
      try invocation.store().standings(
        of: reference, order: order, archived: archived,
        header: { header in
          top = header
          stream = StreamedJSONArray(
            output: output, leadingFields: header.jsonLeadingFields, arrayKey: StandingsHeader.jsonRowsKey)
        },
        row: { stream!.append($0.json) })
      stream?.finish(trailingFields: (top?.jsonTrailingFields ?? []) + trailing)
      return
    }
    var table: StandingsTable?
    try invocation.store().standings(
      of: reference, order: order, archived: archived,
      header: { header in
        table = StandingsTable(header)
        table!.printHeader(to: output)
      },
      row: { table!.print($0, to: output) })
    table?.printScreenEnd(to: output)
  }
}

extension Argument where Value == String {
  fileprivate static let listedGame = Argument(
    ArgumentSpec(name: "GAME", help: "Show this game's standings instead of all games.", isOptional: true))
}

extension Flag {
  fileprivate static let inProgress = Flag(
    spec: OptionSpec(name: "--in-progress", help: "Only games in progress."))
  fileprivate static let finished = Flag(spec: OptionSpec(name: "--finished", help: "Only finished games."))
  fileprivate static let mostPlayers = Flag(
    spec: OptionSpec(
      name: "--most-players", help: "Most players first, then by title (not the latest first)."))
}

extension Option where Value == DateBound {
  fileprivate static let activeSince = Option(
    OptionSpec(
      name: "--since", valueName: "DATE", help: "Only games active since then: \(DateBound.accepted).")
  ) { text in try DateBound(parsing: text, option: "--since") }
}
