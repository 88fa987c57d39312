import ScorekeeperCore

extension Command {
  static let leave = Command(
    spec: CommandSpec(
      name: "leave",
      summary: "Leave a game someone shared with you; its owner keeps it.",
      arguments: [Argument.game.spec],
      options: [.force("Leave without asking.")],
      discussion: """
        The game goes from this device (and your others, as they sync); to have it again
        you need a link. On a terminal it asks first; without one (a script or a pipe)
        it refuses unless --force is given.
        """,
      examples: ["scorekeeper leave \"Poker night\"", "scorekeeper leave \"Poker night\" --force"]
    ),
    echoes: true,
    run: { invocation in
      let (game, access) = try invocation.store().access(toGame: invocation[.game])
      try leaveGame(game, access: access, invocation)
    })

  /// Leaves a game shared with this user (also what deleting one does,
  /// then printing what delete-game prints).
  static func leaveGame(
    _ game: Game, access: GameAccess, _ invocation: Invocation, deleting: Bool = false
  ) throws {
    switch access {
    case .sharedWithMe(let owner, _, _):
      let summary = try invocation.store().game(game.id)
      try invocation.confirm(
        "Leave \(quote(game.title)), \(owner)'s game? It goes from your devices; \(owner) keeps it.",
        refusing: "leaving \(quote(game.title))")
      try invocation.onlineEngine(for: deleting ? "delete-game" : "leave").leave(gameID: game.id)
      report(leaving: summary, owner: owner, deleting: deleting, invocation)
    case .sharedByMe:
      throw SharingError.leavingOwnGame(game: game.title)
    case .mine:
      throw SharingError.notShared(game: game.title)
    }
  }

  private static func report(
    leaving game: GameSummary, owner: String, deleting: Bool, _ invocation: Invocation
  ) {
    if invocation.json {
      invocation.print(
        deleting
          ? .object([("game", game.json), ("left", .bool(true))])
          : .object([("game", .string(game.game.id)), ("owner", .string(owner))]))
    } else {
      invocation.output.line(
        "Left \(quote(game.game.title)), \(owner)'s game: it is no longer on this device; \(owner) keeps it.")
    }
  }
}
