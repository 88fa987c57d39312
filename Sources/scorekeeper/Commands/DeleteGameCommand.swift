import ScorekeeperCore

extension Command {
  static let deleteGame = Command(
    spec: CommandSpec(
      name: "delete-game",
      summary: "Delete a game and all its players.",
      arguments: [Argument.game.spec],
      options: [.force("Delete (or leave) without asking."), Flag.archived.spec],
      discussion: """
        On a terminal it asks before deleting. Without a terminal (in a script or a
        pipe) it refuses unless --force is given, so a script never deletes by accident.
        Deleting a game you shared deletes it for everyone who joined; deleting a game
        someone shared with you leaves it instead (see "leave"), asking the same way.
        With --archived, deletes a read-only copy (see "list --archived"), from this
        device only.
        """,
      examples: ["scorekeeper delete-game \"Poker night\"", "scorekeeper delete-game 3f2a --force"]
    ),
    syncs: true,
    echoes: true,
    run: { invocation in
      let archived = invocation[.archived]
      // Someone else's game is not ours to delete: deleting it leaves it.
      let (game, access) = try invocation.store().access(toGame: invocation[.game], archived: archived)
      if case .sharedWithMe = access {
        try leaveGame(game, access: access, invocation, deleting: true)
        return
      }
      let seen = try invocation.store().game(game.id, archived: archived)
      let what = withPlayers(seen)
      let everyone = access == .mine ? "" : " Everyone who joined loses it too."
      try invocation.confirm("Delete \(what)?\(everyone)", refusing: "deleting \(what)")
      // By id: the game confirmed is the game deleted, even if a title changed meanwhile.
      let deleted = try invocation.store().deleteGame(id: game.id)
      if invocation.json {
        invocation.print(.object([("game", deleted.json), ("left", .bool(false))]))
      } else {
        invocation.output.line("Deleted game \(withPlayers(deleted))")
      }
    })

  /// ""Poker" and its 2 players", ""Go" (no players)".
  private static func withPlayers(_ game: GameSummary) -> String {
    quote(game.game.title)
      + (game.playerCount == 0 ? " (no players)" : " and its \(players(game.playerCount))")
  }
}
