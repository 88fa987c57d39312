import ScorekeeperCore

extension Command {
  static let addGame = Command(
    spec: CommandSpec(
      name: "add-game",
      summary: "Add a game.",
      arguments: [Argument.title.spec, Argument.result.spec],
      options: [
        Flag.lowestWins.spec, Flag.highestWins.spec, Option.target.spec, Flag.noTarget.spec,
        Option.winBy.spec,
        Option.start.spec, Flag.bust.spec, Option.rounds.spec, Flag.noRounds.spec, Option.kind.spec,
        Flag.notCounted.spec, Flag.cooperative.spec, Flag.result.spec,
        Option.resultWinner.spec, Option.at.spec,
      ],
      discussion: """
        Titles need not be unique (a season: "Catan" every week): a title several
        games share names the one in progress, when one alone is; the others go by
        their id.
        Without rules a game is a running total where the highest wins, and it never
        ends by itself ("finish" ends it). --target and --rounds end it as soon as a
        total reaches the target or the rounds are played; with --win-by N, a total
        at the target ends it only when the leader is N ahead of the next (ping-pong
        to 11: at 10-10 play goes on until one leads by 2); "set-rules" changes them.
        --start N gives every player N points when added; with --lowest-wins and
        --target 0 below it the game counts down, and ends when a total reaches 0
        (darts 501: enter each throw as what it takes off, Ann=-60). --bust makes a
        round or score that would pass the target count 0 for that player (its side,
        with teams), so a countdown ends at exactly 0; "sheet" marks each bust.
        --kind says which game it is, so that "Hearts, Tuesday" and "Hearts, Friday"
        count together in "leaderboard", "rating" and "stats" (--kind Hearts), and
        the game starts with the kind's rules ("kinds Hearts" shows them): options
        given here win over them (--highest-wins over a kind's lowest wins,
        --no-target and --no-rounds over its target and rounds). A
        new kind close to a known one is refused as a likely typo ("kinds --set"
        makes it known first).
        --not-counted keeps a practice or teaching game out of them: it plays, ends
        and lists as any game ("set-rules --counted" counts it again). --cooperative
        makes a game the players win or lose together: it ends when "finish GAME
        --cooperative won" (or lost) says how the table did, so it takes no --target,
        --win-by or --rounds.
        --result NAME=N … enters a game already played, from its result: the game,
        its players with their points (as one round) and its finish, as one change
        that one "undo" takes back. The rules rank the points unless --winner NAME
        says who won. --at TIME says when it happened (2026-11-20T21:30, local time):
        history shows it beside when it was entered, and ratings, "leaderboard
        --as-of" and "stats --since" count the game then.
        """,
      examples: [
        "scorekeeper add-game \"Poker night\"", "scorekeeper add-game Hearts --lowest-wins --target 100",
        "scorekeeper add-game Quiz --rounds 3", "scorekeeper add-game Ping-pong --target 11 --win-by 2",
        "scorekeeper add-game Darts --start 501 --lowest-wins --target 0 --bust",
        "scorekeeper add-game \"Hearts, Tuesday\" --kind Hearts",
        "scorekeeper add-game Night --kind Spades --target 300",
        "scorekeeper add-game Pandemic --cooperative",
        "scorekeeper add-game Wingspan --result Ann=87 Bob=79 --at 2026-11-20",
      ]
    ),
    syncs: true,
    echoes: true,
    prepare: { invocation in
      for (a, b) in opposedRuleOptions where invocation.commandLine.has(a) && invocation.commandLine.has(b) {
        throw UsageError("Give \(a) or \(b), not both.", command: "add-game")
      }
      for option in ["--target", "--win-by", "--rounds", "--bust"]
      where invocation[.cooperative] && invocation.commandLine.has(option) {
        throw UsageError(
          "Give --cooperative or \(option), not both: a co-operative game ends when finish says how the table "
            + "did.", command: "add-game")
      }
      // Without --result, words after the title are refused by the parser.
      let given = !invocation.commandLine.rest.isEmpty
      if invocation[.result] && !given {
        throw UsageError(
          "--result takes each player's points after the title: add-game TITLE --result Ann=5 Bob=3.",
          command: "add-game")
      }
      if !given && invocation.commandLine.has("--winner") {
        throw UsageError("--winner names who won a result: give --result too.", command: "add-game")
      }
      if given && invocation[.cooperative] {
        throw UsageError(
          "A co-operative game's result is the table's: add the game, then finish GAME --cooperative won (or lost).",
          command: "add-game")
      }
      if invocation[.target] == .zero && invocation[.start] == nil && invocation[Option.kind] == nil {
        throw UsageError(
          "--target 0 ends a countdown: give --start above it (and --lowest-wins), or a target above 0.")
      }
    },
    run: { invocation in
      let store = try invocation.store()
      let (rules, kindRules) = try store.kindRules.forNewGame(
        kind: invocation[Option.kind], rulesEdit(invocation))
      // As the kind's rules spell it, when it has some.
      let kind = kindRules?.name ?? invocation[Option.kind]
      if invocation[.result] {
        let points = invocation[each: .result].map { (name: $0.name, points: $0.points) }
        let result = try store.recording(at: invocation[.at]?.time) {
          try store.addResult(
            title: invocation[.title], rules: rules, kind: kind, points: points,
            winner: invocation[.resultWinner])
        }
        try printResult(result, kind: kind, invocation)
        return
      }
      let game = try store.recording(at: invocation[.at]?.time) {
        try store.addGame(title: invocation[.title], rules: rules, kind: kind)
      }
      let summary = GameSummary(game: game, playerCount: 0)
      if invocation.json {
        var fields: [(String, JSON)] = [("game", summary.json), ("rules", rules.json)]
        if let kind { fields.append(("kind", .string(kind.trimmingWhitespace()))) }
        invocation.print(.object(fields))
      } else {
        invocation.output.line(
          "Added game \(quote(game.title)) (\(IDFragment.short(game.id)))"
            + (rules.summary.map { ": \($0)" } ?? "")
            + (kind.map { ", a game of \(quote($0.trimmingWhitespace()))" } ?? ""))
        if let teamSize = kindRules?.teamSize {
          invocation.output.line(
            "\(quote(kind!)) is played in teams of \(teamSize): give each player a team "
              + "(add-player \(ArgumentParser.shellQuoted(game.title)) NAME --team TEAM).")
        }
        let titled = try store.gamesTitled(like: game)
        if titled > 1 {
          invocation.output.line(
            "\(titled) games are titled \(quote(game.title)) now: the title names the one in progress, "
              + "the others go by id (as list shows it).")
        }
      }
    })
}
extension Argument where Value == String {
  fileprivate static let title = Argument(
    ArgumentSpec(name: "TITLE", help: "The game's title, up to 200 characters."))
}

extension Command {
  /// A result entered: the game's standings, as `list GAME` prints them,
  /// after the sentence; in JSON, that document.
  fileprivate static func printResult(_ result: QuickResult, kind: String?, _ invocation: Invocation) throws {
    if !invocation.json {
      invocation.output.line(
        "Added game \(quote(result.game.game.title)) (\(IDFragment.short(result.game.game.id))) with its result"
          + (kind.map { ", a game of \(quote($0.trimmingWhitespace()))" } ?? "") + ": "
          + (result.state.result(names: result.names) ?? ""))
    }
    try Command.listStandings(of: result.game.game.id, archived: false, invocation, to: invocation.output)
  }
}

extension Argument where Value == TypedRoundPoints {
  fileprivate static let result = Argument(
    ArgumentSpec(
      name: "NAME=N", help: "With --result: a player and their final points, as Alice=87.", isOptional: true,
      isVariadic: true, onlyWith: "--result")
  ) { text in try TypedRoundPoints(parsing: text, command: "add-game") }
}

extension Flag {
  fileprivate static let result = Flag(
    spec: OptionSpec(
      name: "--result", help: "Enter a game already played: its players' points (NAME=N …), and finish it."))
}

extension Option where Value == String {
  fileprivate static let resultWinner = Option(
    OptionSpec(
      name: "--winner", valueName: "NAME", help: "With --result: who won, when the points do not say."))
}
