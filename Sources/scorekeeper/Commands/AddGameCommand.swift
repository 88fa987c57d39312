import ScorekeeperCore

extension Command {
  static let addGame = Command(
    spec: CommandSpec(
      name: "add-game",
      summary: "Add a game.",
      arguments: [Argument.title.spec],
      options: [
        Flag.lowestWins.spec, Option.target.spec, Option.winBy.spec, Option.start.spec, Flag.bust.spec,
        Option.rounds.spec, Option.kind.spec, Flag.notCounted.spec, Flag.cooperative.spec,
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
        count together in "leaderboard", "rating" and "stats" (--kind Hearts).
        --not-counted keeps a practice or teaching game out of them: it plays, ends
        and lists as any game ("set-rules --counted" counts it again). --cooperative
        makes a game the players win or lose together: it ends when "finish GAME
        --cooperative won" (or lost) says how the table did, so it takes no --target,
        --win-by or --rounds.
        """,
      examples: [
        "scorekeeper add-game \"Poker night\"", "scorekeeper add-game Hearts --lowest-wins --target 100",
        "scorekeeper add-game Quiz --rounds 3", "scorekeeper add-game Ping-pong --target 11 --win-by 2",
        "scorekeeper add-game Darts --start 501 --lowest-wins --target 0 --bust",
        "scorekeeper add-game \"Hearts, Tuesday\" --kind Hearts",
        "scorekeeper add-game Pandemic --cooperative",
      ]
    ),
    syncs: true,
    echoes: true,
    prepare: { invocation in
      for option in ["--target", "--win-by", "--rounds", "--bust"]
      where invocation[.cooperative] && invocation.commandLine.has(option) {
        throw UsageError(
          "Give --cooperative or \(option), not both: a co-operative game ends when finish says how the table "
            + "did.", command: "add-game")
      }
      if invocation[.target] == .zero && invocation[.start] == nil {
        throw UsageError(
          "--target 0 ends a countdown: give --start above it (and --lowest-wins), or a target above 0.")
      }
    },
    run: { invocation in
      let rules = try GameRules(
        winner: invocation[.lowestWins] ? .lowest : .highest, target: invocation[.target],
        winBy: invocation[.winBy], rounds: invocation[.rounds], counted: !invocation[.notCounted],
        cooperative: invocation[.cooperative], start: invocation[.start], bust: invocation[.bust])
      let kind = invocation[Option.kind]
      let game = try invocation.store().addGame(title: invocation[.title], rules: rules, kind: kind)
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
        let titled = try invocation.store().gamesTitled(like: game)
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
