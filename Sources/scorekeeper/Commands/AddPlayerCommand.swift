import ScorekeeperCore

extension Command {
  static let addPlayer = Command(
    spec: CommandSpec(
      name: "add-player",
      summary: "Add a player to a game.",
      arguments: [Argument.game.spec, Argument.name.spec],
      options: [
        Option.score.spec, Option.team.spec, Option.at.spec,
      ],
      examples: [
        "scorekeeper add-player \"Poker night\" Alice",
        "scorekeeper add-player \"Poker night\" Bob --score -5",
        "scorekeeper add-player Quiz Ann --team Owls",
      ]
    ),
    syncs: true,
    echoes: true,
    run: { invocation in
      let store = try invocation.store()
      let added = try store.recording(at: invocation[.at]?.time) {
        try store.addPlayer(
          to: invocation[.game], name: invocation[.name], score: invocation[.score], team: invocation[.team])
      }
      if invocation.json {
        invocation.print(.object([("game", added.game.json), ("player", added.player.json)]))
      } else {
        invocation.output.line(
          "Added player \(quote(added.player.name)) (\(IDFragment.short(added.player.id))) to "
            + "\(quote(added.game.game.title)) with \(points(added.player.score))"
            + (added.team.map { " in team \(quote($0))" } ?? ""))
      }
    })
}
extension Argument where Value == String {
  fileprivate static let name = Argument(
    ArgumentSpec(name: "NAME", help: "The player's name, up to 200 characters."))
}

extension Option where Value == Points {
  fileprivate static let score = Option(
    OptionSpec(
      name: "--score", valueName: "N",
      help: "The starting score (default the game's --start, else 0); may be negative or have decimals.")
  ) { text in try typedPoints(text, in: "--score \(text)", command: "add-player") }
}

extension Option where Value == String {
  fileprivate static let team = Option(
    OptionSpec(name: "--team", valueName: "TEAM", help: "The player's team (see set-team)."))
}
