import ScorekeeperCore

extension Command {
  static let people = Command(
    spec: CommandSpec(
      name: "people",
      summary: "List everyone who played, across your games: games played, last played.",
      discussion: """
        A person is everyone playing under one name, in any case and whatever
        spaces surround it, in your games and those shared with you, unless you
        said otherwise: "merge-people" makes two names one person, and
        "split-person" makes a name in some games a person of their own. Each
        person is shown with the names they played under, how many games they
        played, the last time anything happened in one, and whether one of their
        players has a photo (the latest's kind and size; "photo GAME PLAYER" shows
        it).
        """,
      examples: ["scorekeeper people", "scorekeeper people --json"]
    ),
    syncs: true,
    pages: true,
    needsDatabase: true,
    run: { invocation in
      let people = try invocation.store().people.all()
      if invocation.json {
        invocation.print(PersonSummary.json(people))
        return
      }
      guard !people.isEmpty else {
        invocation.output.line("No one has played yet: add-player GAME NAME adds someone to a game.")
        return
      }
      let rows = people.map { person in
        [
          person.name, counted(person.games, "game"),
          person.lastPlayed.map { "last played " + invocation.times.format($0) } ?? "never played",
          person.names != [person.name] ? "as " + person.names.map(quote).joined(separator: ", ") : "",
          person.photo.map { "photo: " + $0.description } ?? "",
        ]
      }
      for line in alignedLines(rows, alignsRight: { $0 == 1 }) { invocation.output.line(line) }
    })
}
