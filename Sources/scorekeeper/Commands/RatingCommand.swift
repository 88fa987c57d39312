import ScorekeeperCore

extension Command {
  static let rating = Command(
    spec: CommandSpec(
      name: "rating",
      summary: "Show one person's rating, and with --explain each game's part in it.",
      arguments: [Argument.ratedPerson.spec],
      options: [
        Option.system.spec, Option.ofKind.spec, Flag.explain.spec, Flag.ratingChart.spec,
        Flag.asciiChart.spec,
      ],
      discussion: """
        The rating the leaderboard ranks the person by (see "help leaderboard"), their
        place on it, and how many games it rests on. --explain lists the rated games
        in the order they are folded (the order they ended): the person's place, and
        the rating before and after. Co-operative games are not rated.
        """,
      examples: ["scorekeeper rating Ann", "scorekeeper rating Ann --explain --system elo"]
    ),
    syncs: true,
    pages: true,
    needsDatabase: true,
    run: { invocation in
      let system = invocation[Option.system] ?? .openskill
      let typed = invocation[.ratedPerson]
      let games = try invocation.store().countedGames(ofKind: invocation[Option.ofKind])
      let history = RatingHistory(of: typed, over: games.games, system: system)
      guard let entry = history.entry else {
        throw CommandFailure(
          "No rated game has a player named \(quote(typed))."
            + Suggestion.didYouMean(Suggestion.closest(to: typed, among: history.names)))
      }
      let explain = invocation[.explain]
      if invocation.json {
        invocation.print(history.json(of: games, explaining: explain))
        return
      }
      let output = invocation.output
      output.line(
        "\(quote(entry.name)): \(entry.value.described), place \(entry.rank) of \(history.boardSize), "
          + "after \(entry.games) game\(entry.games == 1 ? "" : "s")\(entry.isProvisional ? " (provisional)" : "")."
      )
      if invocation[.ratingChart] {
        let (width, height, ascii) = chartArea(invocation)
        let decimals = system == .openskill ? 2 : 0
        let values = (history.steps.first.map { [$0.before.score] } ?? []) + history.steps.map(\.after.score)
        ChartText(
          title: "\(quote(entry.name)): " + (system == .openskill ? "rating (μ − 3σ)" : "Elo rating")
            + " after each game",
          steps: history.steps.map { invocation.times.format($0.game.finishedAt) },
          lines: [.init(name: entry.name, values: values, last: entry.value.shown)],
          label: { fixedPoint($0, decimals: decimals) }, fromZero: false, width: width, height: height,
          ascii: ascii
        ).print(to: output)
      }
      guard explain else { return }
      output.line(system == .openskill ? "Game by game (μ − 3σ):" : "Game by game:")
      let rows = history.steps.map { step in
        let change = step.after.score - step.before.score
        return [
          invocation.times.format(step.game.finishedAt), step.game.game.title,
          "place \(step.rank) of \(step.game.places.count)",
          "\(step.before.shown) → \(step.after.shown)",
          "(" + (change >= 0 ? "+" : "") + fixedPoint(change, decimals: system == .openskill ? 2 : 0) + ")",
        ]
      }
      for line in alignedLines(rows, alignsRight: { $0 == 4 }) { output.line(line) }
    })
}

extension Argument where Value == String {
  fileprivate static let ratedPerson = Argument(
    ArgumentSpec(name: "PERSON", help: "A person: the name they play under, any case."))
}

extension Flag {
  fileprivate static let ratingChart = Flag(
    spec: OptionSpec(name: "--chart", help: "Draw the rating after each game as a chart (--ascii: in ASCII).")
  )
  fileprivate static let explain = Flag(
    spec: OptionSpec(name: "--explain", help: "List each rated game's part in the rating, in order."))
}

extension RatingFold.Value {
  /// The score alone, as the board shows it.
  fileprivate var shown: String {
    switch self {
    case .skill(let rating): fixedPoint(rating.ordinal, decimals: 2)
    case .elo(let rating): fixedPoint(rating, decimals: 0)
    }
  }

  /// "4.53 (μ 28.26, σ 7.91)", "1516".
  fileprivate var described: String {
    switch self {
    case .skill(let rating):
      "\(shown) (μ \(fixedPoint(rating.mu, decimals: 2)), σ \(fixedPoint(rating.sigma, decimals: 2)))"
    case .elo: shown
    }
  }
}
