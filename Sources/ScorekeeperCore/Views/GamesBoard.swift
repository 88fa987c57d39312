import ScorekeeperCore

/// What `watch` with no game shows: every game, one line each, with its
/// leader (or its winners, once finished) and its last change, the game
/// changed last first.
struct GamesBoard {
  struct Row {
    var game: GameSummary
    var finished: Bool
    /// How it came out, once finished.
    var verdict: GameState.Verdict?
    /// Who won, as the board says it: the players, or each winning team
    /// with its players ("team Kids (Ann, Bob)").
    var winners: [String] = []
    /// Those ranked first (several when tied); the winners once finished.
    var leaders: [Standing]
    var lastChange: (playerName: String, event: ScoreEvent)?
  }

  var rows: [Row]

  init(_ store: Store) throws {
    rows = try store.gamesWithAccess().map { game in
      var state: GameState?
      var leaders: [Standing] = []
      var names: [String: String] = [:]
      try store.standings(
        of: game.summary.game.id, order: nil, header: { _, read, _ in state = read },
        row: {
          if $0.rank == 1 { leaders.append($0) }
          if $0.isWinner { names[$0.player.id] = $0.player.name.visible }
        })
      let finished = state?.isFinished ?? false
      var winners: [String] = []
      if let state, finished {
        // A team's win is its team's, named with the players in it.
        winners = state.places.filter { $0.members.contains(where: state.winners.contains) }.map { side in
          let members = side.members.compactMap { names[$0] }.joined(separator: ", ")
          return side.team.map { "team \($0.visible) (\(members))" } ?? members
        }
      }
      return Row(
        game: game.summary, finished: finished, verdict: state?.verdict, winners: winners,
        leaders: finished ? leaders.filter(\.isWinner) : leaders,
        lastChange: try store.lastChange(of: game.summary.game.id))
    }
    rows.sort {
      ($0.lastChange?.event.time ?? Timestamp(millisecondsSince1970: .min), $1.game.game.title)
        > ($1.lastChange?.event.time ?? Timestamp(millisecondsSince1970: .min), $0.game.game.title)
    }
  }

  /// {"games": [{"id", "title", "state", "leaders": [{"id", "name",
  /// "score"}], "lastChange": {"player", "points", "time"} or null}]}
  var json: JSON {
    .object([
      (
        "games",
        .array(
          rows.map { row in
            .object([
              ("id", .string(row.game.game.id)), ("title", .string(row.game.game.title)),
              ("state", .string(row.finished ? "finished" : "in progress")),
              (
                "leaders",
                .array(
                  row.leaders.map {
                    .object([
                      ("id", .string($0.player.id)), ("name", .string($0.player.name)),
                      ("score", $0.player.score.json),
                    ])
                  })
              ),
              (
                "lastChange",
                row.lastChange.map {
                  .object([
                    ("player", .string($0.playerName)), ("points", $0.event.delta.json),
                    ("time", .string($0.event.time.iso8601)),
                  ])
                } ?? .null
              ),
            ])
          })
      )
    ])
  }

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
