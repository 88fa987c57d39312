import ScorekeeperCore

extension Command {
  static let removePlayer = Command(
    spec: CommandSpec(
      name: "remove-player",
      summary: "Remove a player from a game.",
      arguments: [Argument.game.spec, Argument.player.spec],
      options: [.force("Remove without asking.")],
      discussion: """
        The player's score changes go with them, on every device, and undo cannot bring
        them back. On a terminal it asks first; without one (a script or a pipe) it
        refuses unless --force is given.
        """,
      examples: [
        "scorekeeper remove-player \"Poker night\" Bob",
        "scorekeeper remove-player \"Poker night\" Bob --force",
      ]
    ),
    syncs: true,
    echoes: true,
    run: { invocation in
      let seen = try invocation.store().player(
        in: invocation[.game], invocation[.player])
      let who =
        "\(quote(seen.player.name)) (\(points(seen.player.score))) from \(quote(seen.game.game.title))"
      try invocation.confirm(
        "Remove \(who)? Their score changes go too, on every device.", refusing: "removing \(who)")
      // By id: the player confirmed is the player removed.
      let removed = try invocation.store().removePlayer(from: seen.game.game.id, seen.player.id)
      if invocation.json {
        invocation.print(.object([("game", removed.game.json), ("player", removed.player.json)]))
      } else {
        invocation.output.line(
          "Removed player \(quote(removed.player.name)) (\(points(removed.player.score))) "
            + "from \(quote(removed.game.game.title))")
      }
    })
}
