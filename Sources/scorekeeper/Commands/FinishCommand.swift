import ScorekeeperCore

extension Command {
  static let finish = Command(
    spec: CommandSpec(
      name: "finish",
      summary: "End a game by hand, naming its winners when it has no points.",
      arguments: [Argument.game.spec, Argument.winners.spec],
      options: [Flag.winner.spec, Option.tableResult.spec, Option.at.spec],
      discussion: """
        Without --winner, the standings say who won: all who share the first rank
        (under the game's rules; with teams, every member of the first team). With
        --winner NAME …, those players won (chess). When every side shares the first
        place (a tie for everyone, or --winner naming everyone) the game is a draw: no
        one won, and stats count a draw, not a win. --cooperative won (or lost) ends a
        game the players play together, everyone winning or losing with the table; a
        game made --cooperative needs it. A finished game refuses score changes,
        rounds and roster changes until "reopen".
        """,
      examples: [
        "scorekeeper finish Catan", "scorekeeper finish Chess --winner Ann",
        "scorekeeper finish Pandemic --cooperative won",
      ]
    ),
    syncs: true,
    echoes: true,
    prepare: { invocation in
      let named = invocation[each: .winners]
      if invocation[.winner] && named.isEmpty {
        throw UsageError("--winner needs the winners' names: finish GAME --winner NAME …", command: "finish")
      }
      if invocation[.winner] && invocation[Option.tableResult] != nil {
        throw UsageError(
          "Give --winner or --cooperative, not both: in a co-operative game the table wins or loses together.",
          command: "finish")
      }
      if !invocation[.winner], let first = named.first {
        throw UsageError(
          "Unexpected argument \(quote(first)) for finish. To name the winners: finish GAME --winner NAME …",
          command: "finish")
      }
    },
    run: { invocation in
      let named = invocation[each: .winners]
      let store = try invocation.store()
      let change = try store.recording(at: invocation[.at]?.time) {
        try store.finish(
          invocation[.game], winners: named.isEmpty ? nil : named, table: invocation[Option.tableResult])
      }
      printStateChange(change, invocation, saysWhoWon: true) {
        "Finished \(quote($0.game.game.title)): " + ($0.state.result(names: $0.names) ?? "")
      }
    })

  static let reopen = Command(
    spec: CommandSpec(
      name: "reopen",
      summary: "Reopen a finished game.",
      arguments: [Argument.game.spec],
      discussion: """
        The game takes changes again, and the next one is judged afresh under its
        rules (a round still past the target ends it again). History keeps that it
        was finished and reopened.
        """,
      examples: ["scorekeeper reopen Catan"]
    ),
    syncs: true,
    echoes: true,
    run: { invocation in
      let change = try invocation.store().reopen(invocation[.game])
      printStateChange(change, invocation) { "Reopened \(quote($0.game.game.title)): it is in progress." }
    })
}

extension Argument where Value == String {
  fileprivate static let winners = Argument(
    ArgumentSpec(
      name: "NAME", help: "With --winner: a player who won (name or id).", isOptional: true, isVariadic: true)
  )
}

extension Option where Value == TableResult {
  fileprivate static let tableResult = Option(
    OptionSpec(
      name: "--cooperative", valueName: "won|lost",
      help: "The players played together, and the table won (or lost).")
  ) { text in
    guard let result = TableResult(rawValue: text.lowercased()) else {
      throw UsageError("--cooperative takes won or lost: how the table did (got \(quote(text))).")
    }
    return result
  }
}

extension Flag {
  fileprivate static let winner = Flag(
    spec: OptionSpec(name: "--winner", help: "The players named after the game won it."))
}
