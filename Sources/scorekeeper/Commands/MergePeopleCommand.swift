import ScorekeeperCore

extension Command {
  static let mergePeople = Command(
    spec: CommandSpec(
      name: "merge-people",
      summary: "Make two names one person (\"Bob\" and \"Robert\"), in statistics and ratings.",
      arguments: [Argument.keptPerson.spec, Argument.mergedPerson.spec],
      discussion: """
        From now on, everyone playing as B is the same person as A, in every game,
        past and future: "people", "stats", "leaderboard" and "rating" count them
        together, shown as A. A merge reaches your other devices when they sync
        (not the people you share games with: who is who is yours to say), and
        "undo" on this device takes it back. "split-person" sets a name apart again
        in some games.
        """,
      examples: ["scorekeeper merge-people Bob Robert"]
    ),
    syncs: true,
    echoes: true,
    needsDatabase: true,
    run: { invocation in
      let merge = try invocation.store().mergePeople(invocation[.keptPerson], invocation[.mergedPerson])
      if invocation.json {
        invocation.print(merge.json)
      } else {
        invocation.output.line(
          "\(quote(merge.merged)) is now the same person as \(quote(merge.kept)). (\"undo\" takes it back.)")
      }
    })

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
      let split = try invocation.store().splitPerson(
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

extension PeopleChange {
  /// `merge-people`, `split-person` and `undo` of either, with --json.
  var json: JSON {
    switch link.change {
    case .merge:
      .object([
        ("merge", .object([("kept", .string(kept)), ("merged", .string(merged))])), ("id", .string(link.id)),
      ])
    case .split(_, let name, _):
      .object([
        (
          "split",
          .object([
            ("name", .string(name)),
            ("games", .array(games.map { .object([("id", .string($0.id)), ("title", .string($0.title))]) })),
          ])
        ),
        ("id", .string(link.id)),
      ])
    case .undo:
      .object([("id", .string(link.id))])
    }
  }
}

extension Argument where Value == String {
  fileprivate static let keptPerson = Argument(
    ArgumentSpec(name: "A", help: "The person kept: a name they play under, any case."))
  fileprivate static let mergedPerson = Argument(
    ArgumentSpec(name: "B", help: "The person who becomes A: a name they play under, any case."))
  fileprivate static let splitName = Argument(
    ArgumentSpec(name: "NAME", help: "The player's name in those games, any case."))
  fileprivate static let splitGames = Argument(
    ArgumentSpec(name: "GAME", help: "A game's title (any case) or id.", isVariadic: true))
}
