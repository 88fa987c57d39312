import ScorekeeperCore

extension Command {
  static let renamePlayer = Command(
    spec: CommandSpec(
      name: "rename-player",
      summary: "Give a player a new name.",
      arguments: [.game, .player, ArgumentSpec(name: "NAME", help: "The new name, up to 200 characters.")],
      examples: ["scorekeeper rename-player \"Poker night\" Bob Robert"]
    ),
    syncs: true,
    echoes: true,
    run: { invocation in
      let rename = try invocation.store().renamePlayer(
        in: invocation.argument("GAME"), invocation.argument("PLAYER"),
        to: invocation.argument("NAME"))
      if invocation.json {
        invocation.print(
          .object([
            ("game", rename.game.json), ("player", rename.player.json),
            ("previousName", .string(rename.previous.name)),
          ]))
      } else if rename.previous.name == rename.player.name {
        invocation.output.line(
          "The player is already called \(quote(rename.previous.name)) in \(quote(rename.game.game.title)); "
            + "nothing changed.")
      } else {
        invocation.output.line(
          "Renamed player \(quote(rename.previous.name)) to \(quote(rename.player.name)) "
            + "in \(quote(rename.game.game.title))")
      }
    })
}
