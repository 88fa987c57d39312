import ScorekeeperCore

extension Command {
  static let setTeam = Command(
    spec: CommandSpec(
      name: "set-team",
      summary: "Put a player in a team, or in none.",
      arguments: [Argument.game.spec, Argument.player.spec, Argument.team.spec],
      options: [Flag.noTeam.spec],
      discussion: """
        When a game has teams, its standings, sheet and result rank the teams by the
        sum of their members' totals, and a team's win is each member's. A player
        without a team plays as a side of one. Team names follow the rules of names.
        """,
      examples: ["scorekeeper set-team Quiz Ann Owls", "scorekeeper set-team Quiz Ann --none"]
    ),
    syncs: true,
    echoes: true,
    prepare: { invocation in
      switch (invocation[ifGiven: .team], invocation[.noTeam]) {
      case (nil, false):
        throw UsageError("Name the TEAM to put the player in, or --none for no team.", command: "set-team")
      case (_?, true):
        throw UsageError("Give a TEAM or --none, not both.", command: "set-team")
      default:
        break
      }
    },
    run: { invocation in
      let change = try invocation.store().setTeam(
        in: invocation[.game], invocation[.player], to: invocation[ifGiven: .team])
      if invocation.json {
        invocation.print(
          .object([
            ("game", change.game.json), ("player", change.player.json),
            ("team", change.team.map(JSON.string) ?? .null),
            ("previousTeam", change.previous.map(JSON.string) ?? .null),
          ]))
        return
      }
      let who = "\(quote(change.player.name)) in \(quote(change.game.game.title))"
      invocation.output.line(
        change.team == change.previous
          ? "\(who) is already " + (change.team.map { "in team \(quote($0))" } ?? "in no team")
            + ": nothing changed."
          : "\(who) is now " + (change.team.map { "in team \(quote($0))" } ?? "in no team")
            + (change.previous.map { " (was in \(quote($0)))" } ?? "") + ".")
    })
}

extension Argument where Value == String {
  static let team = Argument(
    ArgumentSpec(name: "TEAM", help: "The team's name, up to 200 characters.", isOptional: true))
}

extension Flag {
  fileprivate static let noTeam = Flag(spec: OptionSpec(name: "--none", help: "In no team."))
}
