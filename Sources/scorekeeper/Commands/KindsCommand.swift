import ScorekeeperCore

extension Command {
  static let kinds = Command(
    spec: CommandSpec(
      name: "kinds",
      summary: "List the kinds of game and their rules; set the rules new games of a kind take.",
      arguments: [Argument.kind.spec],
      options: [
        Flag.builtin.spec, Flag.set.spec, Flag.forget.spec, Flag.lowestWins.spec, Flag.highestWins.spec,
        Option.target.spec, Flag.noTarget.spec, Option.winBy.spec, Flag.noWinBy.spec, Option.start.spec,
        Flag.noStart.spec, Flag.bust.spec, Flag.noBust.spec, Option.rounds.spec, Flag.noRounds.spec,
        Flag.cooperative.spec, Flag.competitive.spec, Option.teams.spec, Flag.noTeams.spec,
        Option.roundNames.spec,
        Flag.noRoundNames.spec,
      ],
      discussion: """
        A kind says which game a game is (add-game --kind, set-rules --kind), so that
        games of one kind count together: "leaderboard", "rating" and "stats" take
        --kind KIND. Kinds match in any case; each is shown as most of its games
        spell it. Without KIND: every kind a game has, and every kind you set rules
        for, with its rules. With KIND: that kind's rules and games.
        A kind's rules are what a new game of it starts with: "add-game TITLE --kind
        Hearts" takes Hearts' rules, and options given there win over them. Rounds
        of a kind with round names take the next name the game has not used when
        "round" is given none. scorekeeper knows 14 kinds (--builtin lists them, with
        their rules); "kinds --set KIND" with rules options makes a kind's rules
        your own from now on (the rules not named stay as they were), and your
        rules win over the built-in ones. They reach all your devices, and no one
        you share a game with; games already added keep their rules. "kinds
        --forget KIND" forgets yours (the built-in ones, if any, count again); undo
        takes back either.
        """,
      examples: [
        "scorekeeper kinds", "scorekeeper kinds Hearts", "scorekeeper kinds --builtin",
        "scorekeeper kinds --set Hearts --target 50",
        "scorekeeper kinds --set Quiz --round-names \"Film, Music, Sport\"",
        "scorekeeper kinds --forget Hearts",
      ]
    ),
    syncs: true,
    echoes: true,
    // Only --set and --forget say what they did: a listing shows under --quiet.
    asksToShow: { !$0[.set] && !$0[.forget] },
    pages: true,
    needsDatabase: true,
    writesWhen: { $0[.set] || $0[.forget] },
    usesNoDatabaseWhen: { $0[.builtin] },
    prepare: { invocation in
      let rules = kindRuleOptions.filter(invocation.commandLine.has)
      let chosen = ["--builtin", "--set", "--forget"].filter(invocation.commandLine.has)
      if chosen.count > 1 {
        throw UsageError("Give one of \(chosen.joined(separator: ", ")).", command: "kinds")
      }
      if let rule = rules.first, chosen != ["--set"] {
        throw UsageError(
          "\(rule) sets a kind's rule: give --set KIND with it (scorekeeper kinds --set KIND \(rule) …).",
          command: "kinds")
      }
      for (a, b) in opposedRuleOptions where invocation.commandLine.has(a) && invocation.commandLine.has(b) {
        throw UsageError("Give \(a) or \(b), not both.", command: "kinds")
      }
      let kind = invocation[ifGiven: .kind]
      if let action = chosen.first, action != "--builtin", kind == nil {
        throw UsageError(
          "\(action) takes the kind to change: scorekeeper kinds \(action) KIND.", command: "kinds")
      }
      if invocation[.builtin], let kind {
        throw UsageError(
          "--builtin lists every built-in kind: leave out \(quote(kind)) (scorekeeper kinds \(quote(kind)) shows one).",
          command: "kinds")
      }
      if invocation[.set] && rules.isEmpty {
        throw UsageError(
          "Name a rule to set: " + kindRuleOptions.joined(separator: ", ") + ".", command: "kinds")
      }
    },
    run: { invocation in
      // The library is the program's: it needs no database.
      if invocation[.builtin] {
        printKinds(BuiltInKinds.all.map { KindListing(summary: nil, rules: $0) }, invocation)
        return
      }
      let room: Store.KindRulesRoom
      do {
        room = try invocation.store().kindRules
      } catch let error as NoDatabaseError {
        // Without a database, a built-in kind is still known.
        guard let kind = invocation[ifGiven: .kind], let builtIn = BuiltInKinds.named(kind) else {
          throw error
        }
        printKinds([.unplayed(builtIn)], invocation)
        return
      }
      if invocation[.set] {
        printKindRulesChange(try room.set(invocation[.kind], rulesEdit(invocation)), invocation)
      } else if invocation[.forget] {
        printKindRulesChange(try room.forget(invocation[.kind]), invocation)
      } else if let kind = invocation[ifGiven: .kind] {
        printKinds([try room.listing(of: kind)], invocation)
      } else {
        let kinds = try room.listed()
        guard !kinds.isEmpty || invocation.json else {
          invocation.output.line(
            "No game has a kind yet: add-game --kind KIND, or set-rules GAME --kind KIND. "
              + "\"kinds --builtin\" lists the kinds scorekeeper knows.")
          return
        }
        printKinds(kinds, invocation)
      }
    })

  /// The rule options `kinds --set` takes: every rule but whether a game
  /// counts, which is a game's own.
  private static let kindRuleOptions = opposedRuleOptions.filter { $0.0 != "--not-counted" }.flatMap {
    [$0.0, $0.1]
  }

  /// A line a kind: its name, its games, its rules; in JSON, {"kinds":
  /// [{"kind", "games", "finished", and its rules' fields}]}.
  private static func printKinds(_ kinds: [KindListing], _ invocation: Invocation) {
    if invocation.json {
      invocation.print(.object([("kinds", .array(kinds.map(\.json)))]))
      return
    }
    let width = kinds.map(\.name.visible.displayWidth).max() ?? 0
    for kind in kinds {
      var parts: [String] = []
      if let summary = kind.summary {
        parts.append("\(summary.games) game\(summary.games == 1 ? "" : "s"), \(summary.finished) finished")
      }
      if let rules = kind.rules {
        parts.append(rules.text + (kind.summary == nil ? "" : " (\(rules.source.rawValue))"))
      }
      invocation.output.line("  \(kind.name.visible.padding(to: width))  " + parts.joined(separator: "; "))
    }
  }

  private static func printKindRulesChange(_ change: KindRulesChange, _ invocation: Invocation) {
    if invocation.json {
      invocation.print(change.json)
    } else {
      invocation.output.line(change.sentence)
    }
  }
}

extension KindListing {
  /// The kind's name, as listed.
  var name: String { summary?.name ?? rules?.name ?? "" }

  var json: JSON {
    var fields: [(String, JSON)] = [("kind", .string(name))]
    if let summary {
      fields += [("games", .integer(Int64(summary.games))), ("finished", .integer(Int64(summary.finished)))]
    }
    return .object(fields + (rules?.jsonFields ?? KindRules.noJSONFields))
  }
}

extension Argument where Value == String {
  fileprivate static let kind = Argument(
    ArgumentSpec(
      name: "KIND", help: "A kind of game (any case): show its rules, or with --set or --forget change them.",
      isOptional: true))
}

extension Flag {
  fileprivate static let builtin = Flag(
    spec: OptionSpec(name: "--builtin", help: "List the kinds scorekeeper knows, with their rules."))
  fileprivate static let set = Flag(
    spec: OptionSpec(name: "--set", help: "Set KIND's rules from now on to the rules options given."))
  fileprivate static let forget = Flag(
    spec: OptionSpec(name: "--forget", help: "Forget the rules you set for KIND."))
}
