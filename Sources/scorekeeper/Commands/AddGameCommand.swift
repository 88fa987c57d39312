import ScorekeeperCore

extension Command {
  static let addGame = Command(
    spec: CommandSpec(
      name: "add-game",
      summary: "Add a game.",
      arguments: [Argument.title.spec],
      discussion: """
        Titles need not be unique; games with the same title are told apart by id.
        """,
      examples: ["scorekeeper add-game \"Poker night\""]
    ),
    syncs: true,
    echoes: true,
    run: { invocation in
      let game = try invocation.store().addGame(title: invocation[.title])
      let summary = GameSummary(game: game, playerCount: 0)
      if invocation.json {
        invocation.print(.object([("game", summary.json)]))
      } else {
        invocation.output.line("Added game \(quote(game.title)) (\(IDFragment.short(game.id)))")
      }
    })
}
extension Argument where Value == String {
  fileprivate static let title = Argument(
    ArgumentSpec(name: "TITLE", help: "The game's title, up to 200 characters."))
}
