import ScorekeeperCore

extension GamesBoard {
  /// "Poker  in progress  Ann leads with 15  last change Bob +5 at …"
  func print(to output: Output, times: TimeDisplay) {
    guard !rows.isEmpty else {
      output.line("No games yet. Add one with: scorekeeper add-game TITLE")
      return
    }
    let titleWidth = rows.map(\.game.game.title.visible.displayWidth).max() ?? 0
    for row in rows {
      let names = listed(row.leaders.map(\.player.name.visible))
      let standing =
        row.finished
        ? finishedWords(row.verdict ?? .winners, winners: row.winners)
        : row.leaders.isEmpty
          ? "no players yet"
          : names + (row.leaders.count == 1 ? " leads" : " lead") + " with \(row.leaders[0].player.score)"
      let change = row.lastChange.map { change in
        let points = change.event.delta >= 0 ? "+\(change.event.delta)" : "\(change.event.delta)"
        return "  last change \(change.playerName.visible) \(points) at \(times.format(change.event.time))"
      }
      output.line(row.game.game.title.visible.padding(to: titleWidth) + "  " + standing + (change ?? ""))
    }
  }
}
