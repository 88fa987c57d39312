import ScorekeeperCore

extension Command {
  static let history = Command(
    spec: CommandSpec(
      name: "history",
      summary: "Show a game's score changes, newest first.",
      arguments: [
        Argument.game.spec,
        Argument.onlyPlayer.spec,
      ],
      discussion: """
        Every score change is kept: when (local time; --utc for UTC), to whom, by how much, and on which
        device ("this device", or another device's id once changes sync). A score
        is the sum of its player's changes; undo adds the opposite change, marked
        "(undo)". A round's points say which round, a correction which round it
        corrected. Points made after the game ended (a round made on a device that
        did not know yet) are kept and marked "not counted". The game's own
        changes are listed among them: its rules, each finish and reopening.
        """,
      examples: ["scorekeeper history \"Poker night\"", "scorekeeper history \"Poker night\" Alice"]
    ),
    syncs: true,
    pages: true,
    needsDatabase: true,
    run: { invocation in
      let output = invocation.output
      var gameLog: [GameLogEntry] = []
      if invocation.json {
        var stream: StreamedJSONArray?
        try invocation.store().history(
          of: invocation[.game], player: invocation[ifGiven: .onlyPlayer],
          header: { game, player, _, log in
            gameLog = log
            stream = StreamedJSONArray(
              output: output,
              leadingFields: [("game", game.json), ("player", player?.json ?? .null)],
              arrayKey: "events")
          },
          row: { stream!.append($0.json) })
        stream?.finish(trailingFields: [("gameEvents", .array(gameLog.map(\.json)))])
        return
      }
      var shape = HistoryShape(count: 0, nameWidth: 0, changeWidth: 0)
      try invocation.store().history(
        of: invocation[.game], player: invocation[ifGiven: .onlyPlayer],
        header: { game, player, historyShape, log in
          shape = historyShape
          gameLog = log
          let title = quote(game.game.title) + (player.map { ", \(quote($0.name))" } ?? "")
          output.line("Score changes in \(title), newest first:")
          if shape.count == 0 && log.isEmpty { output.line("  No score changes yet.") }
        },
        row: { entry in
          // The game's own changes go where they fall in time.
          while let next = gameLog.first, next.time >= entry.event.time {
            output.line(next.historyLine(invocation))
            gameLog.removeFirst()
          }
          let when = invocation.times.format(entry.event.time)
          let name = entry.playerName.padding(to: shape.nameWidth)
          let change = output.styled(
            entry.event.signedDelta.padding(to: shape.changeWidth, leading: true),
            entry.event.delta < 0 ? .loss : .gain)
          let device = entry.isThisDevice ? "this device" : "device " + IDFragment.short(entry.event.device)
          output.line(
            "  \(when)  \(name)  \(change)  \(device)" + (entry.event.undoes == nil ? "" : "  (undo)")
              + (entry.round.map { "  round \($0)" + (entry.isCorrection ? ", corrected" : "") } ?? "")
              + (entry.counts ? "" : "  not counted: made after the game ended"))
        })
      for entry in gameLog { output.line(entry.historyLine(invocation)) }
    })
}

extension Argument where Value == String {
  fileprivate static let onlyPlayer = Argument(
    ArgumentSpec(name: "PLAYER", help: "Only this player's changes.", isOptional: true))
}

extension GameLogEntry {
  /// "  2026-01-01 12:00:00 UTC  finished, won by "Ann"  this device"
  func historyLine(_ invocation: Invocation) -> String {
    let what: String
    switch kind {
    case .rules(let rules): what = "rules: " + (rules.summary ?? "highest wins")
    case .finish:
      what = "finished" + (winnerNames.isEmpty ? "" : ", won by " + listed(winnerNames.map(quote)))
    case .reopen: what = "reopened"
    case .points: what = "points"  // never in a game's own log
    }
    let device = isThisDevice ? "this device" : "device " + IDFragment.short(device)
    return "  \(invocation.times.format(time))  \(what)  \(device)"
  }
}
