import ScorekeeperCore

extension Command {
  static let share = Command(
    spec: CommandSpec(
      name: "share",
      summary: "Share a game through a link, change or stop sharing it, or see who joined.",
      arguments: [Argument.game.spec],
      options: [
        Flag.readOnly.spec, Flag.readWrite.spec, Flag.stop.spec, Flag.participants.spec,
        .force("With --stop: stop without asking (needed without a terminal)."),
      ],
      discussion: """
        Sharing a game shares its players and score changes with it. Anyone you give
        the link to joins with "scorekeeper accept-share LINK", and the game appears on
        all their devices. Sharing a shared game prints its link again (and, with
        --read-only or --read-write, changes what everyone who joined may do). Only the
        owner shares, stops sharing or sees who joined. A game not yet sent to the
        cloud is sent first.
        """,
      examples: [
        "scorekeeper share \"Poker night\"", "scorekeeper share \"Poker night\" --read-only",
        "scorekeeper share \"Poker night\" --participants", "scorekeeper share \"Poker night\" --stop",
      ],
      exclusiveOptions: Flag.shareActions.map(\.spec.name)
    ),
    run: { invocation in
      let actions = Flag.shareActions.filter { invocation[$0] }.map(\.spec.name)
      let engine = try invocation.onlineEngine(for: "share")
      let game = try invocation.store().game(invocation[.game]).game
      switch actions.first {
      case "--stop":
        try engine.requireOwnership(gameID: game.id)  // permission first, then "are you sure?"
        try invocation.confirm(
          "Stop sharing \(quote(game.title))? Everyone who joined loses it on their next sync.",
          refusing: "stopping sharing \(quote(game.title))")
        try engine.stopSharing(gameID: game.id)
        if invocation.json {
          invocation.print(.object([("game", .string(game.id)), ("isShared", .bool(false))]))
        } else {
          invocation.output.line(
            "Stopped sharing \(quote(game.title)): everyone who joined loses it on their next sync.")
        }
      case "--participants":
        let share = try engine.participants(gameID: game.id)
        if invocation.json {
          invocation.print(
            .object([
              ("game", .string(game.id)), ("link", .string(share.link)),
              ("permission", .string(share.permission.rawValue)),
              ("participants", .array(share.participants.map(\.json))),
            ]))
          return
        }
        guard !share.participants.isEmpty else {
          invocation.output.line("Nobody has joined \(quote(game.title)) yet. Its link: \(share.link)")
          return
        }
        let width = share.participants.map(\.userName.visible.displayWidth).max()!
        invocation.output.line("\(quote(game.title)) is shared with:")
        for participant in share.participants {
          invocation.output.line(
            "  \(participant.userName.visible.padding(to: width))  \(participant.permission.rawValue)"
              + (participant.acceptance == .accepted ? "" : "  (invited, not joined)"))
        }
      default:
        let permission: SharePermission? =
          actions.first.map { $0 == "--read-only" ? .readOnly : .readWrite }
        let share = try engine.share(gameID: game.id, permission: permission)
        if invocation.json {
          invocation.print(
            .object([
              ("game", .string(game.id)), ("link", .string(share.link)),
              ("permission", .string(share.permission.rawValue)), ("isNew", .bool(share.isNew)),
            ]))
          return
        }
        let may = share.permission == .readOnly ? "look at it (read-only)" : "change it too (read-write)"
        if let previous = share.changedFrom {
          let joined = share.participants.map(\.userName.visible)
          let who =
            joined.isEmpty
            ? "for whoever joins next" : "for \(joined.joined(separator: ", ")) and whoever joins next"
          invocation.output.line(
            "Changed \(quote(game.title)) from \(previous.rawValue) to \(share.permission.rawValue), "
              + "\(who): they may \(may). Its link is still:")
        } else {
          invocation.output.line(
            (share.isNew ? "Shared " : "Already shared: ") + quote(game.title)
              + ". Whoever has this link can join and \(may):")
        }
        invocation.output.line(share.link)
      }
    })

  static let acceptShare = Command(
    spec: CommandSpec(
      name: "accept-share",
      summary: "Join a game someone shared with you, by its link.",
      arguments: [Argument.link.spec],
      discussion: """
        The game appears in "scorekeeper list" under shared games, with its owner, and
        on each of your devices once it syncs. A malformed, unknown or stopped link
        changes nothing (exit 1). Once you have joined, the command succeeds; if the
        game cannot be fetched right then, it arrives with the next sync.
        """,
      examples: ["scorekeeper --user bob accept-share https://share.scorekeeper.invalid/…"]
    ),
    echoes: true,
    run: { invocation in
      let engine = try invocation.onlineEngine(for: "accept-share", joining: true)
      // Trimmed as titles are: a link pasted with spaces around is the link.
      let joined = try engine.accept(link: invocation[.link].trimmingWhitespace())
      // Joined, but not fetched: the game is not here yet.
      let game = joined.later == nil ? try invocation.store().game(joined.gameID) : nil
      if invocation.json {
        invocation.print(
          .object([
            ("game", game?.json ?? .object([("id", .string(joined.gameID))])),
            ("owner", .string(joined.owner)), ("permission", .string(joined.permission.rawValue)),
            ("arrived", .bool(game != nil)),
          ]))
      } else if let game {
        invocation.output.line(
          "Joined \(quote(game.game.title)), \(joined.owner.visible)'s game (\(joined.permission.rawValue)), "
            + "with \(game.playerCount == 0 ? "no players yet" : "its \(players(game.playerCount))").")
      } else {
        invocation.output.line(
          "Joined \(joined.owner.visible)'s game (\(joined.permission.rawValue)); it arrives on this device "
            + "with the next sync, as the cloud could not send it now: \(ErrorWords.of(joined.later!.answer))"
        )
      }
    })
}

extension ShareParticipant {
  /// {"user", "permission", "acceptance"}
  var json: JSON {
    .object([
      ("user", .string(userName)), ("permission", .string(permission.rawValue)),
      ("acceptance", .string(acceptance.rawValue)),
    ])
  }
}

extension Argument where Value == String {
  fileprivate static let link = Argument(ArgumentSpec(name: "LINK", help: "The link the owner gave you."))
}

extension Flag {
  fileprivate static let readOnly = Flag(
    spec: OptionSpec(name: "--read-only", help: "Those who join may look, not change."))
  fileprivate static let readWrite = Flag(
    spec: OptionSpec(name: "--read-write", help: "Those who join may change it too (the default)."))
  fileprivate static let stop = Flag(
    spec: OptionSpec(name: "--stop", help: "Stop sharing: everyone who joined loses the game."))
  fileprivate static let participants = Flag(
    spec: OptionSpec(name: "--participants", help: "Show who joined, and what they may do."))
  /// At most one of them (`exclusiveOptions`).
  fileprivate static let shareActions = [readOnly, readWrite, stop, participants]
}
