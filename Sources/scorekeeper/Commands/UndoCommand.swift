import ScorekeeperCore

extension Command {
  static let undo = Command(
    spec: CommandSpec(
      name: "undo",
      summary: "Revert the last score change made on this device.",
      discussion: """
        Adds the opposite change, so the revert syncs like any other change and other
        devices' changes stay. A round, a merge-people, split-person or rename-person,
        and a "kinds --set" or "--forget", are reverted the same way, as one change;
        a game entered from its result ("add-game --result") is deleted whole. Run it again to revert the change before that.
        When the last change made here was not one of those (a player added, renamed
        or removed, a game added, renamed or deleted), undo says so and changes
        nothing: it never reaches past it to an older score change. It reaches back at most
        1000 score changes. What it names of a change never includes the names of a
        game or player deleted since.
        """,
      examples: ["scorekeeper undo"]
    ),
    syncs: true,
    echoes: true,
    run: { invocation in
      let undo = try invocation.store().history.undo()
      guard case .score(let result) = undo else {
        if case .round(let round) = undo { printRoundUndo(round, invocation) }
        if case .people(let change) = undo { printPeopleUndo(change, invocation) }
        if case .kindRules(let change) = undo {
          if invocation.json {
            invocation.print(.object([("undid", change.json)]))
          } else {
            invocation.output.line(
              "Undid the change to the rules of \(quote(change.name)). " + change.sentence)
          }
        }
        if case .result(let game) = undo {
          if invocation.json {
            invocation.print(.object([("deletedGame", game.json)]))
          } else {
            invocation.output.line(
              "Undid the result of \(quote(game.game.title)): the game, its players and points are deleted.")
          }
        }
        return
      }
      if invocation.json {
        invocation.print(
          .object([
            ("game", result.game.json), ("player", result.player.json),
            ("reverted", result.reverted.json), ("event", result.event.json),
          ]))
      } else {
        invocation.output.line(
          "Undid \(result.reverted.signedDelta) for \(quote(result.player.name)) in "
            + "\(quote(result.game.game.title)), made \(invocation.times.format(result.reverted.time)): "
            + "\(result.previous.score) → \(result.player.score)")
      }
    })

  private static func printPeopleUndo(_ undone: PeopleChange, _ invocation: Invocation) {
    if invocation.json {
      guard case .object(let fields) = undone.json else { return }
      invocation.print(.object([("undid", .object(fields))]))
      return
    }
    switch undone.link.change {
    case .merge:
      invocation.output.line(
        "Undid the merge of \(quote(undone.merged)) into \(quote(undone.kept)): they are two people again.")
    case .split:
      invocation.output.line(
        "Undid the split of \(quote(undone.kept)) in "
          + "\(undone.games.map { quote($0.title) }.joined(separator: ", ")).")
    case .rename:
      invocation.output.line(
        "Undid the rename to \(quote(undone.merged)): shown as \(quote(undone.kept)) again.")
    case .undo:
      break
    }
  }

  private static func printRoundUndo(_ undo: RoundUndo, _ invocation: Invocation) {
    if invocation.json {
      invocation.print(
        .object([
          ("game", undo.game.json), ("round", .integer(Int64(undo.number))),
          ("correction", .bool(undo.isCorrection)),
          ("points", .object(undo.points.map { ($0.player.id, $0.points.json) })),
          ("madeAt", .string(undo.madeAt.iso8601)),
        ]))
    } else {
      let points = undo.points.map { "\($0.who) \($0.points.signed)" }
      invocation.output.line(
        "Undid \(undo.isCorrection ? "the correction of " : "")round \(undo.number) of "
          + "\(quote(undo.game.game.title)), made \(invocation.times.format(undo.madeAt))"
          + (points.isEmpty ? "." : ": " + points.joined(separator: ", ") + "."))
    }
  }
}
