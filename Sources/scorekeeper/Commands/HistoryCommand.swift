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
        "(undo)".
        """,
      examples: ["scorekeeper history \"Poker night\"", "scorekeeper history \"Poker night\" Alice"]
    ),
    syncs: true,
    pages: true,
    needsDatabase: true,
    run: { invocation in
      let output = invocation.output
      if invocation.json {
        var stream: StreamedJSONArray?
        try invocation.store().history(
          of: invocation[.game], player: invocation[ifGiven: .onlyPlayer],
          header: { game, player, _ in
            stream = StreamedJSONArray(
              output: output,
              leadingFields: [("game", game.json), ("player", player?.json ?? .null)],
              arrayKey: "events")
          },
          row: { stream!.append($0.json) })
        stream?.finish()
        return
      }
      var shape = HistoryShape(count: 0, nameWidth: 0, changeWidth: 0)
      try invocation.store().history(
        of: invocation[.game], player: invocation[ifGiven: .onlyPlayer],
        header: { game, player, historyShape in
          shape = historyShape
          let title = quote(game.game.title) + (player.map { ", \(quote($0.name))" } ?? "")
          output.line("Score changes in \(title), newest first:")
          if shape.count == 0 { output.line("  No score changes yet.") }
        },
        row: { entry in
          let when = invocation.times.format(entry.event.time)
          let name = entry.playerName.padding(to: shape.nameWidth)
          let change = output.styled(
            entry.event.signedDelta.padding(to: shape.changeWidth, leading: true),
            entry.event.delta < 0 ? .loss : .gain)
          let device = entry.isThisDevice ? "this device" : "device " + IDFragment.short(entry.event.device)
          output.line(
            "  \(when)  \(name)  \(change)  \(device)" + (entry.event.undoes == nil ? "" : "  (undo)"))
        })
    })
}

extension Argument where Value == String {
  fileprivate static let onlyPlayer = Argument(
    ArgumentSpec(name: "PLAYER", help: "Only this player's changes.", isOptional: true))
}
