import ScorekeeperCore

extension Command {
  static let splitPerson = Command(
    spec: CommandSpec(
      name: "split-person",
      summary: "Make the players of one name in some games a person of their own.",
      arguments: [Argument.splitName.spec, Argument.splitGames.spec],
      discussion: """
        In each GAME, the player named NAME (any case) is from now on a person of
        their own, whoever a merge or their name made them before: for two people
        who share a name, or a merge that went too far. The new person is shown as
        NAME, numbered when someone else is shown so ("Sam (2)"). It reaches your
        other devices when they sync, and "undo" on this device takes it back.
        """,
      examples: ["scorekeeper split-person Sam \"Friday hearts\" \"Catan 3\""]
    ),
    syncs: true,
    echoes: true,
    needsDatabase: true,
    run: { invocation in
      let split = try invocation.store().people.split(
        invocation[.splitName], games: invocation[each: .splitGames])
      if invocation.json {
        invocation.print(split.json)
      } else {
        invocation.output.line(
          "\(quote(split.kept)) in \(split.games.map { quote($0.title) }.joined(separator: ", ")) is now a "
            + "person of their own. (\"undo\" takes it back.)")
      }
    })
}

extension Argument where Value == String {
  fileprivate static let splitName = Argument(
    ArgumentSpec(name: "NAME", help: "The player's name in those games, any case."))
  fileprivate static let splitGames = Argument(
    ArgumentSpec(name: "GAME", help: "A game's title (any case) or id.", isVariadic: true))
}
