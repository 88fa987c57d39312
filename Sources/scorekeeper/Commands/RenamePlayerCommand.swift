import ScorekeeperCore

extension Command {
  static let renamePlayer = Command(
    spec: CommandSpec(
      name: "rename-player",
      summary: "Give a player a new name.",
      arguments: [Argument.game.spec, Argument.player.spec, Argument.name.spec],
      examples: ["scorekeeper rename-player \"Poker night\" Bob Robert"]
    ),
    syncs: true,
    echoes: true,
    run: { invocation in
      let rename = try invocation.store().renamePlayer(
        in: invocation[.game], invocation[.player],
        to: invocation[.name])
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

extension Argument where Value == String {
  fileprivate static let name = Argument(
    ArgumentSpec(name: "NAME", help: "The new name, up to 200 characters."))
}
