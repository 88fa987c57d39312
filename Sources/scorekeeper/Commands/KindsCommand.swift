import ScorekeeperCore

extension Command {
  static let kinds = Command(
    spec: CommandSpec(
      name: "kinds",
      summary: "List the kinds of game, with how many games each has.",
      discussion: """
        A kind says which game a game is (add-game --kind, set-rules --kind), so that
        games of one kind count together: "leaderboard", "rating" and "stats" take
        --kind KIND. Kinds match in any case; each is shown as most of its games
        spell it.
        """,
      examples: ["scorekeeper kinds", "scorekeeper kinds --json"]
    ),
    syncs: true,
    pages: true,
    needsDatabase: true,
    run: { invocation in
      let kinds = try invocation.store().kinds()
      if invocation.json {
        invocation.print(
          .object([
            (
              "kinds",
              .array(
                kinds.map {
                  .object([
                    ("kind", .string($0.name)), ("games", .integer(Int64($0.games))),
                    ("finished", .integer(Int64($0.finished))),
                  ])
                })
            )
          ]))
        return
      }
      guard !kinds.isEmpty else {
        invocation.output.line("No game has a kind yet: add-game --kind KIND, or set-rules GAME --kind KIND.")
        return
      }
      let width = kinds.map(\.name.visible.displayWidth).max()!
      for kind in kinds {
        invocation.output.line(
          "  \(kind.name.visible.padding(to: width))  \(kind.games) game\(kind.games == 1 ? "" : "s"), \(kind.finished) finished"
        )
      }
    })

}
