import ScorekeeperCore

extension Command {
  static let renamePerson = Command(
    spec: CommandSpec(
      name: "rename-person",
      summary: "Show a person under another name, everywhere people are shown.",
      arguments: [Argument.oldName.spec, Argument.newName.spec],
      discussion: """
        From now on, "people", "stats", "leaderboard" and "rating" show the person
        OLD names (the name shown for them, or any name they played under) as NEW;
        OLD and NEW name them both. No game changes: each roster keeps the names
        played under ("rename-player" changes one game's). A rename reaches your
        other devices when they sync (not the people you share games with), and
        "undo" on this device takes it back. A NEW another person is shown as is
        refused: "merge-people" makes two people one.
        """,
      examples: ["scorekeeper rename-person Bobby Robert"]
    ),
    syncs: true,
    echoes: true,
    needsDatabase: true,
    run: { invocation in
      let rename = try invocation.store().people.rename(invocation[.oldName], to: invocation[.newName])
      if invocation.json {
        invocation.print(rename.json)
      } else {
        invocation.output.line(
          "\(quote(rename.merged)) is shown as \(quote(rename.kept)) now. (\"undo\" takes it back.)")
      }
    })
}

extension Argument where Value == String {
  fileprivate static let oldName = Argument(
    ArgumentSpec(
      name: "OLD", help: "The person: the name shown for them, or one they played under, any case."))
  fileprivate static let newName = Argument(
    ArgumentSpec(name: "NEW", help: "The name to show them as, up to 200 characters."))
}
