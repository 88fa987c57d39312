/// One score change as `export --format csv` writes it: with its game,
/// round, player and the player's total after it.
public struct ExportedScoreChange: Hashable, Sendable {
  public var gameID: String
  public var game: String
  public var kind: String?
  /// The round it is part of (a correction's or undo's: the round it
  /// changes); nil outside the rounds, or in a round undone since.
  public var round: Int?
  public var playerID: String
  /// The player's name; a team's own points are "team N/S"'s.
  public var player: String
  public var team: String?
  public var points: Points
  /// The player's total after this change, every change counted in the
  /// order made (time, then id): past 64 bits when devices met.
  public var totalAfter: Points
  public var time: Timestamp
  public var device: String
  /// The score change's own id: what lets `import` tell it is here already.
  public var id: String
}

extension Store.Transfer {
  /// Every score change of the games named (all games, by title, when
  /// none is), game by game, each game's in the order made, from one
  /// snapshot: streamed to `row`, never held. `header` runs once the
  /// games are found (a game that is not refuses before anything is said).
  public func exportScoreChanges(
    games references: [String], header: () throws -> Void, row: (ExportedScoreChange) throws -> Void
  ) throws {
    try eachGame(references, header: header) { game, kind in
      let numbers = Dictionary(
        uniqueKeysWithValues: try store.liveRounds(of: game).enumerated().map { ($1.id, $0 + 1) })
      var totals: [String: Points] = [:]
      try store.database.forEachRow(
        """
        SELECT e.roundID, r.fixes, u.fixes, u.id, p.id, \(Store.shownName("p")), p.team, e.delta, e.thousandths, e.time,
          e.device, e.id
        FROM scoreEvents AS e JOIN players AS p ON p.id = e.playerID
        LEFT JOIN rounds AS r ON r.id = e.roundID LEFT JOIN rounds AS u ON u.id = r.undoes
        WHERE p.gameID = ?1 ORDER BY e.time, e.id
        """, [.text(game.id)]
      ) { values in
        // A correction names its round; an undo the round (or correction) it takes back.
        let round =
          try values.optionalText(1) ?? values.optionalText(2) ?? values.optionalText(3)
          ?? values.optionalText(0)
        let player = try values.text(4)
        let points = try values.points(7)
        let total = (totals[player] ?? 0) + points
        totals[player] = total
        try row(
          ExportedScoreChange(
            gameID: game.id, game: game.title, kind: kind, round: round.flatMap { numbers[$0] },
            playerID: player, player: try values.text(5), team: try values.optionalText(6), points: points,
            totalAfter: total, time: try values.timestamp(9), device: try values.text(10),
            id: try values.text(11)))
      }
    }
  }
}

/// One player's place in one game, as `export --standings` writes it.
public struct ExportedStanding: Hashable, Sendable {
  public var gameID: String
  public var game: String
  public var kind: String?
  public var isFinished: Bool
  public var rank: Int
  public var playerID: String
  public var player: String
  public var team: String?
  /// The points that count (none after the game ended).
  public var total: Points
  /// True once the game is finished, for each winner.
  public var isWinner: Bool
}

extension Store.Transfer {
  /// Every player's place in each game named (all, by title, when none
  /// is), best first, from one snapshot; `header` runs once the games are
  /// found.
  public func exportStandings(
    games references: [String], header: () throws -> Void, row: (ExportedStanding) throws -> Void
  ) throws {
    try eachGame(references, header: header) { game, kind in
      let (state, places) = try rankedPlaces(of: game)
      let winners = state.winners
      var players: [String: (name: String, team: String?, total: Points)] = [:]
      try store.database.forEachRow(
        "SELECT id, name, team, score, scoreThousandths FROM players WHERE gameID = ?1", [.text(game.id)]
      ) {
        players[try $0.text(0)] = (try $0.text(1), try $0.optionalText(2), try $0.total(3))
      }
      for place in places {
        for member in place.members {
          let player = players[member]!
          try row(
            ExportedStanding(
              gameID: game.id, game: game.title, kind: kind, isFinished: state.isFinished, rank: place.rank,
              playerID: member, player: player.name, team: player.team,
              total: state.outcome.totals[member] ?? player.total,
              isWinner: winners.contains(member)))
        }
      }
    }
  }

  /// Each game `references` names (all, by title, when none does) with
  /// its kind, from one snapshot; `header` runs once they are found.
  private func eachGame(
    _ references: [String], header: () throws -> Void, _ body: (Game, String?) throws -> Void
  ) throws {
    try store.read {
      let games = try gamesToExport(references)
      try header()
      for game in games { try body(game, try store.kind(of: game)) }
    }
  }
}
