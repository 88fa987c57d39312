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
      let merge = try invocation.store().people.merge(invocation[.keptPerson], invocation[.mergedPerson])
      if invocation.json {
        invocation.print(merge.json)
      } else {
        invocation.output.line(
          "\(quote(merge.merged)) is now the same person as \(quote(merge.kept)). (\"undo\" takes it back.)")
      }
    })
}

extension Argument where Value == String {
  fileprivate static let keptPerson = Argument(
    ArgumentSpec(name: "A", help: "The person kept: a name they play under, any case."))
  fileprivate static let mergedPerson = Argument(
    ArgumentSpec(name: "B", help: "The person who becomes A: a name they play under, any case."))
}
