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
        Every score change is kept: when (local time; --utc for UTC), to whom, by
        how much, and who made it: "this device", another of your devices by its
        id, or another user by the name the server records for them (a change from
        before servers recorded it says "user unknown"). A score
        is the sum of its player's changes; undo adds the opposite change, marked
        "(undo)". A round's points say which round, a correction which round it
        corrected. Points made after the game ended (a round made on a device that
        did not know yet) are kept and marked "not counted". The game's own
        changes are listed among them: its rules, each finish and reopening, and
        each time a sync changed its result here ("result changed by a sync": a
        round made elsewhere before the end arrived, and other players won).
        """,
      examples: ["scorekeeper history \"Poker night\"", "scorekeeper history \"Poker night\" Alice"]
    ),
    syncs: true,
    pages: true,
    needsDatabase: true,
    run: { invocation in
      let output = invocation.output
      var gameLog: [GameLogEntry] = []
      var resultChanges: [ResultChange] = []
      if invocation.json {
        var stream: StreamedJSONArray?
        try invocation.store().history.log(
          of: invocation[.game], player: invocation[ifGiven: .onlyPlayer],
          header: { game, player, _, log in
            gameLog = log
            stream = StreamedJSONArray(
              output: output,
              leadingFields: [("game", game.json), ("player", player?.json ?? .null)],
              arrayKey: "events")
          },
          resultChanges: { resultChanges = $0 },
          row: { stream!.append($0.json) })
        stream?.finish(trailingFields: [
          ("gameEvents", .array(gameLog.map(\.json))), ("resultChanges", .array(resultChanges.map(\.json))),
        ])
        return
      }
      var shape = HistoryShape(count: 0, nameWidth: 0, changeWidth: 0)
      // The game's own changes and what syncs did to its result, newest
      // first, each going where it falls in time among the score changes.
      var ownLines: [(time: Timestamp, line: String)] = []
      try invocation.store().history.log(
        of: invocation[.game], player: invocation[ifGiven: .onlyPlayer],
        header: { game, player, historyShape, log in
          shape = historyShape
          ownLines = log.map { ($0.time, $0.historyLine(invocation)) }
          let title = quote(game.game.title) + (player.map { ", \(quote($0.name))" } ?? "")
          output.line("Score changes in \(title), newest first:")
          if shape.count == 0 && log.isEmpty { output.line("  No score changes yet.") }
        },
        resultChanges: { changes in
          ownLines += changes.map { ($0.time, $0.historyLine(invocation)) }
          ownLines.sort { $0.time > $1.time }  // stable: a game's own changes keep their order
        },
        row: { entry in
          while let next = ownLines.first, next.time >= entry.event.time {
            output.line(next.line)
            ownLines.removeFirst()
          }
          let when = invocation.times.format(entry.event.time)
          let name = entry.playerName.visible.padding(to: shape.nameWidth)
          let device = entry.author.words
          output.write("  \(when)  \(name)  ")
          output.write(
            entry.event.signedDelta.padding(to: shape.changeWidth, leading: true),
            in: entry.event.delta < 0 ? .loss : .gain)
          let undo = entry.undid.map {
            "  (undo of \($0.signedDelta) made \(invocation.times.format($0.time)))"
          }
          output.line(
            "  \(device)" + (undo ?? (entry.event.undoes == nil ? "" : "  (undo)"))
              + (entry.round.map {
                "  round \($0)" + (entry.roundName.map { " " + quote($0) } ?? "")
                  + (entry.isCorrection ? ", corrected" : "")
                  + (entry.roundUndone ? ", undone" : "")
              } ?? "")
              + (entry.counts ? "" : "  not counted: made after the game ended")
              + (entry.busted ? "  bust: counted 0" : "")
              + (entry.enteredAt.map { "  entered \(invocation.times.format($0))" } ?? ""))
        })
      for own in ownLines { output.line(own.line) }
    })
}

extension Argument where Value == String {
  fileprivate static let onlyPlayer = Argument(
    ArgumentSpec(name: "PLAYER", help: "Only this player's changes.", isOptional: true))
}

extension ChangeAuthor {
  /// "this device", "device 0000…0002" (another of this user's), "bob"
  /// (another user's), "device 0000…0002, user unknown" (from before
  /// servers kept creators).
  var words: String {
    switch self {
    case .thisDevice: "this device"
    case .ownDevice(let device, _): "device " + IDFragment.short(device)
    case .user(let name): name.visible
    case .unknown(let device): "device " + IDFragment.short(device) + ", user unknown"
    }
  }
}

extension GameLogEntry {
  /// "  2026-01-01 12:00:00 UTC  finished, won by "Ann"  this device"
  func historyLine(_ invocation: Invocation) -> String {
    let what: String
    switch kind {
    case .rules(let rules): what = "rules: " + (rules.summary ?? "highest wins")
    case .finish where ending != nil:
      what =
        (ending == .target ? "finished: a total reached the target" : "finished: the last round was played")
        + (winnerNames.isEmpty ? "" : ", won by " + listed(winnerNames.map(quote)))
    case .finish(let named, _, let cooperative):
      what =
        cooperative == true
        ? "finished, the table " + (named?.isEmpty == false ? "won" : "lost")
        : "finished" + (winnerNames.isEmpty ? "" : ", won by " + listed(winnerNames.map(quote)))
    case .reopen: what = "reopened"
    case .points: what = "points"  // never in a game's own log
    }
    return "  \(invocation.times.format(time))  \(what)  \(author.words)"
      + (enteredAt.map { "  entered \(invocation.times.format($0))" } ?? "")
  }
}

extension ResultChange {
  /// "  2026-01-01 12:00:20 UTC  result changed by a sync: won by "Bob" (was won by "Ann")  this device"
  func historyLine(_ invocation: Invocation) -> String {
    let was = "was " + Self.described(previousWinnerNames)
    let what = winnerNames.map { Self.described($0) + " (\(was))" } ?? "in progress again (\(was))"
    return "  \(invocation.times.format(time))  result changed by a sync: \(what)  this device"
  }

  private static func described(_ winners: [String]) -> String {
    winners.isEmpty ? "finished" : "won by " + listed(winners.map(quote))
  }
}
