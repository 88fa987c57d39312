import ScorekeeperCore

extension Command {
  static let stats = Command(
    spec: CommandSpec(
      name: "stats",
      summary: "Show who wins: games, wins, places and streaks, and one person against each opponent.",
      arguments: [Argument.person.spec],
      options: [Option.ofKind.spec, Option.since.spec, Option.until.spec],
      discussion: """
        Over your finished games (a person is everyone playing under one name, any
        case): games played, wins (a first place shared with some is a win), draws
        (every side first), losses, win rate, average place, average and best score
        (the best under each game's rules:
        the highest, or in a lowest-wins game the lowest), and the current and
        longest run of wins. For one person, also each opponent: how often the
        person finished above, below or level, of the finished games they played on
        different sides; and the nemesis, who finished above the person most often.
        Co-operative results (finish --cooperative won or lost, or a game made
        --cooperative) are counted apart: how often the table won.
        --kind keeps the games of one kind (see "kinds"); --since and --until those
        that finished from one day (or time) to another, both included.
        """,
      examples: ["scorekeeper stats", "scorekeeper stats Ann --since 30d --json"]
    ),
    syncs: true,
    pages: true,
    needsDatabase: true,
    prepare: { invocation in
      if let since = invocation[Option.since], let until = invocation[Option.until] {
        let now = try invocation.settings.dependencies.get().clock.now()
        if until.end(now: now) <= since.start(now: now) {
          throw UsageError(
            "--since \(quote(since.text)) comes after --until \(quote(until.text)): no game could be in between.",
            command: "stats")
        }
      }
    },
    run: { invocation in
      let now = try invocation.settings.dependencies.get().clock.now()
      let since = invocation[Option.since]?.start(now: now)
      let until = invocation[Option.until]?.end(now: now)
      let games = try invocation.store().countedGames(
        ofKind: invocation[Option.ofKind], since: since, until: until)
      let statistics = Statistics(of: games.games)
      guard let typed = invocation[ifGiven: .person] else {
        if invocation.json {
          invocation.print(statistics.json(over: games))
        } else {
          printEveryone(statistics, filtered: since != nil || until != nil, invocation.output)
        }
        return
      }
      guard let person = games.games.person(named: typed), let line = statistics.line(of: person) else {
        let names = statistics.lines.map(\.name)
        throw CommandFailure(
          "No finished game has a player named \(quote(typed))."
            + Suggestion.didYouMean(Suggestion.closest(to: typed, among: names)))
      }
      if invocation.json {
        invocation.print(statistics.json(of: line, over: games))
        return
      }
      printPerson(
        line, statistics.headToHead(of: line.person), statistics.nemesis(of: line.person), invocation.output)
    })

  private static func printEveryone(_ statistics: Statistics, filtered: Bool, _ output: Output) {
    guard !statistics.lines.isEmpty else {
      output.line(filtered ? "No game finished in that time." : "No finished games yet.")
      return
    }
    let header = [
      "Person", "Games", "Wins", "Draws", "Losses", "Win rate", "Avg place", "Avg score", "Best", "Streak",
      "Longest",
    ]
    let rows = statistics.lines.map { line in
      [
        line.name, "\(line.games)", "\(line.wins)", "\(line.draws)", "\(line.losses)", percent(line.winRate),
        line.averagePosition.map { fixedPoint($0, decimals: 2) } ?? "-",
        line.averageScore.map { fixedPoint($0, decimals: 2) } ?? "-", line.bestScore.map { "\($0)" } ?? "-",
        "\(line.currentStreak)",
        "\(line.longestStreak)",
      ]
    }
    printTable([header] + rows, output)
    let cooperative = statistics.lines.filter { $0.cooperativeGames > 0 }
    if !cooperative.isEmpty {
      output.line(
        "Co-operative: "
          + cooperative.map { "\($0.name) \($0.cooperativeWins) of \($0.cooperativeGames)" }.joined(
            separator: ", ") + " won.")
    }
  }

  private static func printPerson(
    _ line: Statistics.Line, _ rivals: [Statistics.HeadToHead], _ nemesis: Statistics.HeadToHead?,
    _ output: Output
  ) {
    let record =
      "\(counted(line.games, "game")), \(counted(line.wins, "win")), \(counted(line.draws, "draw")), "
      + "\(counted(line.losses, "loss", plural: "losses")) (\(percent(line.winRate)))"
    var averages = "."
    if let place = line.averagePosition, let score = line.averageScore {
      averages =
        "; average place \(fixedPoint(place, decimals: 2)), average score \(fixedPoint(score, decimals: 2)), "
        + "best \(line.bestScore.map { "\($0)" } ?? "-"); "
        + "winning streak \(line.currentStreak) (longest \(line.longestStreak))."
    }
    output.line("\(line.name): \(record)\(averages)")
    if !rivals.isEmpty {
      output.line("Against each opponent (above / below / level, of the games on different sides):")
      printTable(
        rivals.map { ["\($0.name)", "\($0.above) / \($0.below) / \($0.tied)", "of \($0.games)"] }, output,
        indent: "  ")
    }
    if let nemesis {
      output.line(
        "Nemesis: \(quote(nemesis.name)), above \(quote(line.name)) \(counted(nemesis.below, "time")).")
    }
    if line.cooperativeGames > 0 {
      output.line(
        "Co-operative: \(counted(line.cooperativeGames, "game")), \(counted(line.cooperativeWins, "win")), "
          + "\(counted(line.cooperativeGames - line.cooperativeWins, "loss", plural: "losses")).")
    }
  }

  /// Rows of cells, numbers to the right.
  private static func printTable(_ rows: [[String]], _ output: Output, indent: String = "") {
    for line in alignedLines(rows, indent: indent, alignsRight: { $0 > 0 }) { output.line(line) }
  }

  private static func percent(_ rate: Double) -> String { fixedPoint(rate * 100, decimals: 0) + "%" }
}

extension Argument where Value == String {
  fileprivate static let person = Argument(
    ArgumentSpec(name: "PERSON", help: "A person: the name they play under, any case.", isOptional: true))
}

extension Option where Value == DateBound {
  static let since = Option(
    OptionSpec(
      name: "--since", valueName: "DATE", help: "Only games finished from then on: \(DateBound.accepted).")
  ) { text in try DateBound(parsing: text, option: "--since") }
  static let until = Option(
    OptionSpec(name: "--until", valueName: "DATE", help: "Only games finished until then (a day: all of it).")
  ) { text in try DateBound(parsing: text, option: "--until") }
}
