import ScorekeeperCore

extension Command {
  static let removePlayer = Command(
    spec: CommandSpec(
      name: "remove-player",
      summary: "Remove a player from a game.",
      arguments: [.game, .player],
      examples: ["scorekeeper remove-player \"Poker night\" Bob"]
    ),
    syncs: true,
    run: { invocation in
      let removed = try invocation.store().removePlayer(
        from: invocation.argument("GAME"), invocation.argument("PLAYER"))
      if invocation.json {
        invocation.print(.object([("game", removed.game.json), ("player", removed.player.json)]))
      } else {
        invocation.output.line(
          "Removed player \(quote(removed.player.name)) (\(points(removed.player.score))) "
            + "from \(quote(removed.game.game.title))")
      }
    })
}
