import ScorekeeperCore

extension Command {
  static let leaderboard = Command(
    spec: CommandSpec(
      name: "leaderboard",
      summary: "Rank everyone by their rating over all finished games.",
      options: [Option.system.spec, Option.ofKind.spec, Option.asOf.spec],
      discussion: """
        A person is everyone playing under one name (any case) across your games.
        Ratings are recomputed from the finished games in the order they ended, so
        an undo, a reopening or a game arriving late from another device gives the
        same board as if it had always been so. OpenSkill (the default; Weng and
        Lin's Plackett–Luce model, μ 25, σ 25/3) ranks by μ − 3σ, a skill the
        person very likely has at least; teams are rated as teams, ties share a
        place, and a lowest-wins game counts by its places, not its points. Elo
        (start 1500, K 32) counts a game of more than two as every pair's result,
        and a team as its members' mean rating. Co-operative results (finish
        --winner naming everyone) rank no one. * marks fewer than 5 rated games.
        --kind keeps the games of one kind (see "kinds").
        --as-of shows the board over the games that had finished by then (a day
        includes all of it), as history says now: a result corrected since counts
        as corrected.
        """,
      examples: [
        "scorekeeper leaderboard", "scorekeeper leaderboard --system elo --json",
        "scorekeeper leaderboard --as-of 2026-06-30", "scorekeeper leaderboard --kind Hearts",
      ]
    ),
    syncs: true,
    pages: true,
    needsDatabase: true,
    run: { invocation in
      let system = invocation[Option.system] ?? .openskill
      let kind = invocation[Option.ofKind]
      let bound = invocation[Option.asOf]
      let now = try invocation.settings.dependencies.get().clock.now()
      let until = bound?.end(now: now)
      let found = try invocation.store().countedGames(ofKind: kind, until: until)
      if let bound, found.games.isEmpty, let first = found.firstAfter {
        throw CommandFailure(
          "No game had finished by \(quote(bound.text)): the first, \(quote(first.game.title)), finished "
            + "\(invocation.times.format(first.finishedAt)).")
      }
      let board = Leaderboard(folding: found.games, system: system)
      if invocation.json {
        invocation.print(board.json(of: found))
        return
      }
      let output = invocation.output
      guard !board.entries.isEmpty else {
        output.line("No finished games to rate yet.")
        return
      }
      output.line(
        (system == .openskill ? "OpenSkill ratings (μ − 3σ)" : "Elo ratings")
          + ", best first; * fewer than \(Leaderboard.provisionalBelow) games:")
      let rows = board.entries.map { entry in
        let rating =
          entry.skill.map {
            [
              fixedPoint($0.ordinal, decimals: 2), "μ " + fixedPoint($0.mu, decimals: 2),
              "σ " + fixedPoint($0.sigma, decimals: 2),
            ]
          } ?? [fixedPoint(entry.elo ?? 0, decimals: 0)]
        return ["\(entry.rank)", entry.name] + rating
          + [entry.games == 1 ? "1 game" : "\(entry.games) games", entry.isProvisional ? "*" : ""]
      }
      // Numbers line up on the right, names and counts on the left.
      for line in alignedLines(rows, alignsRight: { $0 != 1 && $0 < rows[0].count - 2 }) { output.line(line) }
    })
}

extension Option where Value == RatingSystem {
  static let system = Option(
    OptionSpec(name: "--system", valueName: "SYSTEM", help: "openskill (the default) or elo.")
  ) { text in
    guard let system = RatingSystem(rawValue: text.lowercased()) else {
      throw UsageError(
        "--system takes openskill or elo (got \(quote(text)))."
          + Suggestion.didYouMean(Suggestion.closest(to: text, among: RatingSystem.allCases.map(\.rawValue))))
    }
    return system
  }
}

extension Option where Value == DateBound {
  static let asOf = Option(
    OptionSpec(name: "--as-of", valueName: "DATE", help: "The board as it was then: \(DateBound.accepted).")
  ) { text in try DateBound(parsing: text, option: "--as-of") }
}
