import ScorekeeperCore

extension Command {
  static let reviveGame = Command(
    spec: CommandSpec(
      name: "revive-game",
      summary: "Make a read-only copy (list --archived) a game of your own again.",
      arguments: [Argument.archivedGame.spec],
      discussion: """
        A read-only copy is kept when a game's owner stops sharing it with you (or
        deletes it), and when a restored backup holds a game of yours deleted since
        the backup was made. revive-game makes a new game of it, with new ids: its players,
        photos, rounds, rule changes, endings and score changes as they were made (their
        times and devices kept, so its history and result are the copy's). The new game
        is yours: it syncs to your devices, and you may share it. The copy stays until
        "delete-game GAME --archived" deletes it.
        """,
      examples: ["scorekeeper revive-game \"Poker night\""]
    ),
    syncs: true,
    echoes: true,
    run: { invocation in
      let revived = try invocation.store().reviveArchivedGame(invocation[.archivedGame])
      if invocation.json {
        invocation.print(
          .object([
            ("game", revived.game.json), ("copy", .string(revived.copy.id)),
            ("scoreChanges", .integer(Int64(revived.scoreChanges))),
          ]))
      } else {
        invocation.output.line(
          "Made \(quote(revived.game.game.title)) a game again (\(IDFragment.short(revived.game.game.id))), "
            + "from its read-only copy: \(counted(revived.game.playerCount, "player")), "
            + "\(counted(revived.scoreChanges, "score change")). The copy stays (list --archived).")
      }
    })
}

extension Argument where Value == String {
  fileprivate static let archivedGame = Argument(
    ArgumentSpec(
      name: "GAME", help: "The read-only copy's title (any case), or its id (see list --archived)."))
}
