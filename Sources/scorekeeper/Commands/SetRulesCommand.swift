import ScorekeeperCore

extension Command {
  static let setRules = Command(
    spec: CommandSpec(
      name: "set-rules",
      summary: "Change how a game is won and when it ends.",
      arguments: [Argument.game.spec],
      options: [
        Flag.lowestWins.spec, Flag.highestWins.spec, Option.target.spec, Flag.noTarget.spec,
        Option.winBy.spec, Flag.noWinBy.spec, Flag.bust.spec, Flag.noBust.spec, Option.rounds.spec,
        Flag.noRounds.spec, Flag.notCounted.spec,
        Flag.counted.spec,
        Flag.cooperative.spec,
        Flag.competitive.spec, Option.kind.spec, Flag.noKind.spec,
      ],
      discussion: """
        Rules not named stay as they are. The new rules judge the game from now on:
        a total already at a new target ends it at once. A number of rounds below the
        rounds already played is refused. --win-by needs a target (the game's, or one
        given with it), and --no-target removes the lead with the target; --bust
        (--no-bust) too. A game's --start is given when it is added. A finished
        game's rules do not change until "reopen". --not-counted keeps the game out
        of stats, leaderboards and ratings (--counted counts it again), and --kind
        (or --no-kind) says which game it is; these change a finished game too.
        --cooperative makes the game one the players win or lose together (it takes
        no target or rounds: finish says how the table did); --competitive makes
        them play against each other again.
        """,
      examples: [
        "scorekeeper set-rules Hearts --lowest-wins --target 100",
        "scorekeeper set-rules Quiz --rounds 5 --no-target",
        "scorekeeper set-rules \"Hearts, Friday\" --kind Hearts",
        "scorekeeper set-rules \"Teaching Wingspan\" --not-counted",
      ]
    ),
    syncs: true,
    echoes: true,
    prepare: { invocation in
      for (a, b) in opposedRuleOptions + [("--kind", "--no-kind")]
      where invocation.commandLine.has(a) && invocation.commandLine.has(b) {
        throw UsageError("Give \(a) or \(b), not both.", command: "set-rules")
      }
      let given = ruleOptions + ["--kind", "--no-kind"]
      if !given.contains(where: invocation.commandLine.has) {
        throw UsageError(
          "Name a rule to change: " + given.joined(separator: ", ") + ".", command: "set-rules")
      }
    },
    run: { invocation in
      let kind: RuleChange<String>? =
        invocation[.noKind] ? .remove : invocation[Option.kind].map(RuleChange.set)
      guard ruleOptions.contains(where: invocation.commandLine.has) else {
        // The kind alone: a finished game takes it too.
        var name: String?
        if case .set(let typed) = kind { name = typed }
        printKindChange(try invocation.store().setKind(in: invocation[.game], to: name), invocation)
        return
      }
      let change = try invocation.store().setRules(
        in: invocation[.game],
        winner: invocation[.lowestWins] ? .lowest : invocation[.highestWins] ? .highest : nil,
        target: invocation[.noTarget] ? .remove : invocation[.target].map(RuleChange.set),
        winBy: invocation[.noWinBy] ? .remove : invocation[.winBy].map(RuleChange.set),
        rounds: invocation[.noRounds] ? .remove : invocation[.rounds].map(RuleChange.set),
        counted: invocation[.notCounted] ? false : invocation[.counted] ? true : nil,
        cooperative: invocation[.cooperative] ? true : invocation[.competitive] ? false : nil,
        bust: invocation[.bust] ? true : invocation[.noBust] ? false : nil, kind: kind)
      printStateChange(change, invocation) { change in
        (change.previous.rules == change.state.rules
          ? "The rules of \(quote(change.game.game.title)) are already so: nothing changed."
          : "The rules of \(quote(change.game.game.title)) are now: "
            + (change.state.rules.summary ?? "highest wins") + ".")
          + (change.kind.map { " " + $0.sentence } ?? "")
      }
    })

  /// The options of set-rules that change a rule (the kind is no rule).
  private static let ruleOptions = [
    "--lowest-wins", "--highest-wins", "--target", "--no-target", "--win-by", "--no-win-by", "--bust",
    "--no-bust", "--rounds",
    "--no-rounds", "--not-counted",
    "--counted", "--cooperative", "--competitive",
  ]

  /// ""Hearts, Tuesday" is now a game of "Hearts"."; in JSON, the game
  /// and its kind before and after.
  static func printKindChange(_ change: KindChange, _ invocation: Invocation) {
    if invocation.json {
      invocation.print(
        .object([
          ("game", change.game.json),
          ("kind", change.kind.map(JSON.string) ?? .null),
          ("previousKind", change.previous.map(JSON.string) ?? .null),
        ]))
    } else {
      invocation.output.line(change.sentence)
    }
  }

  /// A change of a game's rules or state: the sentence, then, when the
  /// change finished the game, who won; in JSON, the game, its state and
  /// the winners' ids ("winners", empty while in progress).
  static func printStateChange(
    _ change: GameStateChange, _ invocation: Invocation, saysWhoWon: Bool = false,
    sentence: (GameStateChange) -> String
  ) {
    if invocation.json {
      invocation.print(
        .object(
          [("game", change.game.json)] + change.state.jsonFields + [
            ("winners", .array(change.state.winners.sorted().map(JSON.string)))
          ] + (change.kind.map { [("kind", $0.kind.map(JSON.string) ?? .null)] } ?? [])))
      return
    }
    invocation.output.line(sentence(change))
    if !saysWhoWon, let result = change.state.result(names: change.names), !change.previous.isFinished {
      invocation.output.line("Finished: " + result)
    }
  }
}

extension KindChange {
  var sentence: String {
    let game = quote(game.title)
    if kind == previous {
      return kind.map { "\(game) is a game of \(quote($0)) already: nothing changed." }
        ?? "\(game) has no kind already: nothing changed."
    }
    return kind.map { "\(game) is now a game of \(quote($0))." } ?? "\(game) has no kind now."
  }
}
