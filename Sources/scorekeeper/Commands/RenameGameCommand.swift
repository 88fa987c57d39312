import ScorekeeperCore

extension Command {
  static let renameGame = Command(
    spec: CommandSpec(
      name: "rename-game",
      summary: "Give a game a new title.",
      arguments: [Argument.game.spec, Argument.title.spec],
      examples: ["scorekeeper rename-game \"Poker\" \"Poker night\""]
    ),
    syncs: true,
    echoes: true,
    run: { invocation in
      let rename = try invocation.store().renameGame(
        invocation[.game], to: invocation[.title])
      if invocation.json {
        invocation.print(
          .object([("game", rename.game.json), ("previousTitle", .string(rename.previous.title))]))
      } else if rename.previous.title == rename.game.game.title {
        invocation.output.line("The game is already called \(quote(rename.previous.title)); nothing changed.")
      } else {
        invocation.output.line(
          "Renamed game \(quote(rename.previous.title)) to \(quote(rename.game.game.title))")
      }
    })
}

extension Argument where Value == String {
  fileprivate static let title = Argument(
    ArgumentSpec(name: "TITLE", help: "The new title, up to 200 characters."))
}
