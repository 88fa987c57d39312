import ScorekeeperCore

extension Command {
  static let share = Command(
    spec: CommandSpec(
      name: "share",
      summary: "Share a game through a link, give each person a role, remove one, or stop sharing it.",
      arguments: [Argument.game.spec],
      options: [
        Option.role.spec, Option.forUser.spec, Option.onlyPlayer.spec, Option.remove.spec,
        Option.expires.spec,
        Flag.newLink.spec, Flag.people.spec,
        Flag.readOnly.spec, Flag.readWrite.spec, Flag.stop.spec, Flag.participants.spec,
        .force("With --stop: stop without asking (needed without a terminal)."),
      ],
      discussion: """
        Sharing a game shares its players and score changes with it. Anyone you give
        the link to joins with "scorekeeper accept-share LINK", and the game appears on
        all their devices. Each person has a role: a viewer looks; a scorer adds score
        changes and rounds, and undoes or corrects their own; an editor changes
        everything but the sharing (only the owner shares, removes people, stops
        sharing or deletes the game). The cloud enforces roles, whatever program a
        person uses. --role alone sets the role of whoever joins next by the link
        (those in keep theirs); with --for USER it changes that person's role;
        --player NAME makes them a scorer for that one player only (self-scoring).
        --remove USER takes the game from that person (their devices keep a
        read-only copy, and the link no longer admits them); --people lists who
        joined, their role, when they joined and their last change. --read-only and
        --read-write set the role of everyone who joined and whoever joins next (viewer
        or editor), as before roles. --expires stops the link admitting new people after
        a time (those in stay; never lifts it); --new-link replaces it, and the old one
        then says it was replaced. A game not yet sent to the cloud is sent first.
        """,
      examples: [
        "scorekeeper share \"Poker night\"", "scorekeeper share \"Poker night\" --role scorer",
        "scorekeeper share \"Poker night\" --role editor --for bob",
        "scorekeeper share League --for carol --player Carol",
        "scorekeeper share \"Poker night\" --remove dave", "scorekeeper share \"Poker night\" --expires 7d",
        "scorekeeper share \"Poker night\" --new-link", "scorekeeper share \"Poker night\" --people",
        "scorekeeper share \"Poker night\" --stop",
      ],
      exclusiveOptions: [Option.role.spec.name, Option.remove.spec.name, Option.expires.spec.name]
        + Flag.shareActions.map(\.spec.name)
    ),
    prepare: { invocation in
      // Checked before anything is read or sent: a moment past says so at once.
      if let text = invocation[Option.expires] {
        _ = try LinkExpiry.parse(text, now: try invocation.settings.dependencies.get().clock.now())
      }
      if let role = invocation[Option.role], ShareRole(rawValue: role) == nil {
        throw UsageError("--role takes viewer, scorer or editor (got \(quote(role))).", command: "share")
      }
      let (role, user, player) = (
        invocation[Option.role], invocation[Option.forUser], invocation[Option.onlyPlayer]
      )
      if user != nil && role == nil && player == nil {
        throw UsageError(
          "--for USER goes with --role ROLE or --player NAME: what should they become?", command: "share")
      }
      if player != nil && user == nil {
        throw UsageError(
          "--player names the one player someone scores for: name them with --for USER.", command: "share")
      }
      if player != nil, let role, role != ShareRole.scorer.rawValue {
        throw UsageError(
          "Someone who scores for one player is a scorer (--player goes with --role scorer, not \(quote(role))).",
          command: "share")
      }
    },
    run: { invocation in
      let actions = Flag.shareActions.filter { invocation[$0] }.map(\.spec.name)
      let store = try invocation.store()
      let game = try store.game(invocation[.game]).game
      // Checked here before anything goes online: the player must be in the game.
      let onlyPlayer = try invocation[Option.onlyPlayer].map { try store.player(in: game.id, $0).player }
      let engine = try invocation.onlineEngine(for: "share")
      if let user = invocation[Option.remove] {
        return try changeShare(game, .remove(user: user), engine: engine, invocation)
      }
      if let text = invocation[Option.expires] {
        let now = try invocation.settings.dependencies.get().clock.now()
        return try changeShare(
          game, .linkExpiry(try LinkExpiry.parse(text, now: now)), engine: engine, invocation)
      }
      if invocation[Flag.newLink] {
        return try changeShare(game, .newLink, engine: engine, invocation)
      }
      if invocation[Option.role] != nil || onlyPlayer != nil {
        let role = invocation[Option.role].flatMap(ShareRole.init(rawValue:)) ?? .scorer
        guard let user = invocation[Option.forUser] else {
          return try shareByLink(game, role: role, engine: engine, invocation)
        }
        return try changeShare(
          game, .role(role, user: user, onlyPlayer: onlyPlayer?.id), onlyPlayer: onlyPlayer?.name,
          engine: engine,
          invocation)
      }
      if invocation[Flag.people] {
        return try printPeople(of: game, engine.participants(gameID: game.id), invocation)
      }
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
    spec: OptionSpec(name: "--participants", help: "Show who joined, and what they may do (as before roles).")
  )
  fileprivate static let people = Flag(
    spec: OptionSpec(name: "--people", help: "Show who joined: role, when they joined, their last change."))
  /// At most one of them (`exclusiveOptions`).
  fileprivate static let newLink = Flag(
    spec: OptionSpec(name: "--new-link", help: "Replace the link: the old one admits nobody new."))
  fileprivate static let shareActions = [newLink, people, readOnly, readWrite, stop, participants]
}

extension Option where Value == String {
  fileprivate static let role = Option(
    OptionSpec(
      name: "--role", valueName: "ROLE",
      help: "viewer, scorer or editor: for whoever joins next, or with --for for one person."))
  fileprivate static let forUser = Option(
    OptionSpec(name: "--for", valueName: "USER", help: "The person --role or --player changes."))
  fileprivate static let onlyPlayer = Option(
    OptionSpec(
      name: "--player", valueName: "NAME", help: "With --for: they score for this player only (self-scoring)."
    ))
  fileprivate static let expires = Option(
    OptionSpec(
      name: "--expires", valueName: "WHEN",
      help: "The link admits nobody new after: 7d, 12h, 2w, a date, a time, or never."))
  fileprivate static let remove = Option(
    OptionSpec(
      name: "--remove", valueName: "USER", help: "Take the game from this person; they keep a read-only copy."
    ))
}
