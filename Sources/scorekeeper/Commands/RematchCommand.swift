import ScorekeeperCore

extension Command {
  static let rematch = Command(
    spec: CommandSpec(
      name: "rematch",
      summary: "Play a game again: a new game with the same players, teams, photos, rules and kind.",
      arguments: [Argument.game.spec, Argument.rematchTitle.spec],
      discussion: """
        The game may be finished or not; the new one starts at 0 for everyone, with
        the players' teams and photos and the game's rules and kind as they are now.
        Without TITLE it is titled as the game with the next number: a rematch of
        "Catan" is "Catan (2)", then "Catan (3)", one more than the highest number a
        game of that title has (a rematch of "Catan (2)" takes the next one too).
        It prints the new game's standings, as list GAME does.
        """,
      examples: ["scorekeeper rematch Catan", "scorekeeper rematch \"Hearts, Tuesday\" \"Hearts, Friday\""]
    ),
    syncs: true,
    echoes: true,
    run: { invocation in
      let rematch = try invocation.store().rematch(
        invocation[.game], title: invocation[ifGiven: .rematchTitle])
      if !invocation.json {
        invocation.output.line(
          "Rematch of \(quote(rematch.of.title)): added \(quote(rematch.game.title)) "
            + "(\(IDFragment.short(rematch.game.id))).")
      }
      try listStandings(
        of: rematch.game.id, archived: false, invocation, to: invocation.output,
        trailing: [("rematchOf", rematch.of.json)])
    })
}

extension Argument where Value == String {
  fileprivate static let rematchTitle = Argument(
    ArgumentSpec(
      name: "TITLE", help: "The new game's title (default: the game's with the next number).",
      isOptional: true))
}
