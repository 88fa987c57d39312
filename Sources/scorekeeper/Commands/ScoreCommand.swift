import ScorekeeperCore

extension Command {
  static let score = Command(
    spec: CommandSpec(
      name: "score",
      summary: "Change a player's score and show the standings.",
      arguments: [
        Argument.game.spec, Argument.player.spec,
        Argument.change.spec,
      ],
      options: [Flag.ascending.spec, Option.at.spec],
      discussion: """
        Each change is kept as a score change of its own (see "history"; "undo"
        reverts the last one made here), and the score is their sum. Changes from
        several processes at once all count: each waits for the database's write
        lock. A change that would take the score past a 64-bit integer is refused
        and nothing is written.
        """,
      examples: [
        "scorekeeper score \"Poker night\" Alice +5",
        "scorekeeper score \"Poker night\" Bob -2",
        "scorekeeper score \"Poker night\" Bob =0",
      ]
    ),
    syncs: true,
    echoes: true,
    run: { invocation in
      let change = invocation[.change]
      let store = try invocation.store()
      let update = try store.recording(at: invocation[.at]?.time) {
        try store.score(
          in: invocation[.game], invocation[.player], change, order: invocation[.ascending] ? .ascending : nil
        )
      }
      if invocation.json {
        invocation.print(
          .object([
            ("game", update.game.json), ("player", update.player.json),
            ("previousScore", update.previous.score.json),
            ("change", .string(change.description)), ("bust", .bool(update.busted)),
            ("standings", .array(update.standings.map(\.json))),
          ]))
      } else {
        invocation.output.line(
          "\(quote(update.player.name)): \(update.previous.score) → \(update.player.score) "
            + "(\(change.description))"
            + (update.busted
              ? ": bust, past the target, counted 0"
              : update.previous.score == update.player.score ? ": nothing changed" : ""))
        StandingsTable.print(
          update.standings, of: update.game.game, state: update.state, to: invocation.output)
      }
    })
}

extension Argument where Value == ScoreChange {
  fileprivate static let change = Argument(
    ArgumentSpec(
      name: "CHANGE", help: "+N adds N, -N subtracts N, =N sets the score to N.", mayHoldSpaces: false),
    decode: { try ScoreChange(parsing: $0) })
}

extension Flag {
  static let ascending = Flag(
    spec: OptionSpec(
      name: "--ascending", help: "Rank the lowest score first (golf, and games where points are bad)."))
  static let archived = Flag(
    spec: OptionSpec(
      name: "--archived",
      help:
        "The read-only copies of games no longer shared with you, or deleted since a backup restored here."))
}
