/// What `watch` with no game shows: every game, one line each, with its
/// leader (or its winners, once finished) and its last change, the game
/// changed last first; read in one snapshot (`Store.gamesBoard()`).
public struct GamesBoard: Sendable {
  public struct Row: Sendable {
    public var game: GameSummary
    public var finished: Bool
    /// How it came out, once finished.
    public var verdict: GameState.Verdict?
    /// Who won, as the board says it: the players, or each winning team
    /// with its players ("team Kids (Ann, Bob)").
    public var winners: [String] = []
    /// Those ranked first (several when tied); the winners once finished.
    public var leaders: [Standing]
    public var lastChange: LastChange?
  }

  public var rows: [Row]
}

extension Store {
  /// The board of every game, in one read.
  public func gamesBoard() throws -> GamesBoard {
    try read { try gamesBoardInRead() }
  }

  /// The same, inside a read.
  func gamesBoardInRead() throws -> GamesBoard {
    var rows = try gamesWithAccessInRead().map { game in
      try gamesBoardRow(game.summary)
    }
    rows.sort {
      ($0.lastChange?.event.time ?? Timestamp(millisecondsSince1970: .min), $1.game.game.title)
        > ($1.lastChange?.event.time ?? Timestamp(millisecondsSince1970: .min), $0.game.game.title)
    }
    return GamesBoard(rows: rows)
  }

  private func gamesBoardRow(_ summary: GameSummary) throws -> GamesBoard.Row {
    let state = try state(of: summary.game)
    var leaders: [Standing] = []
    var names: [String: String] = [:]
    try forEachStanding(of: summary.game, state: state, order: nil) {
      if $0.rank == 1 { leaders.append($0) }
      if $0.isWinner { names[$0.player.id] = $0.player.name.visible }
    }
    let finished = state.isFinished
    var winners: [String] = []
    if finished {
      // A team's win is its team's, named with the players in it.
      winners = state.places.filter { $0.members.contains(where: state.winners.contains) }.map { side in
        let members = side.members.compactMap { names[$0] }.joined(separator: ", ")
        return side.team.map { "team \($0.visible) (\(members))" } ?? members
      }
    }
    return GamesBoard.Row(
      game: summary, finished: finished, verdict: state.verdict, winners: winners,
      leaders: finished ? leaders.filter(\.isWinner) : leaders,
      lastChange: try history.lastChange(ofGameID: summary.game.id))
  }
}

extension GamesBoard {
  /// {"games": [{"id", "title", "state", "leaders": [{"id", "name",
  /// "score"}], "lastChange": {"player", "points", "time", "author",
  /// "authorKnown"} or null}]}
  public var json: JSON {
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
              ("lastChange", row.lastChange?.json ?? .null),
            ])
          })
      )
    ])
  }
}
