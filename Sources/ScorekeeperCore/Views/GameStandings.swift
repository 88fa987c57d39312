/// What a game's standings screen shows above its rows (`list GAME`,
/// `watch GAME`, `serve`'s `/api/game/ID`): the game, its state, its kind
/// and the shape of its rows, read in the same snapshot as the rows.
public struct StandingsHeader: Sendable {
  public var game: Game
  public var state: GameState
  /// The size of the rows (counted players only, once points stopped counting).
  public var shape: StandingsShape
  public var kind: String?
  /// What the rows' query reads, known from the header's own query.
  var columns: StandingsColumns

  /// The keys before the standings: {"game": its summary}.
  public var jsonLeadingFields: [(String, JSON)] {
    [("game", GameSummary(game: game, playerCount: shape.playerCount).json)]
  }

  /// The keys after them: the state's (`GameState.jsonFields`), then "kind".
  public var jsonTrailingFields: [(String, JSON)] {
    state.jsonFields + [("kind", kind.map(JSON.string) ?? .null)]
  }

  /// The key of the rows between them.
  public static let jsonRowsKey = "standings"
}

/// A game's standings whole, for a screen that keeps them (`watch`,
/// `serve`); `list GAME` streams the same rows (`Store.standings`), which
/// holds a game of 100,000 players to its bench's memory target.
public struct GameStandings: Sendable {
  public var header: StandingsHeader
  public var rows: [Standing]

  /// `list GAME --json`'s document: {"game", "standings": [each
  /// `Standing.json`], the state's keys, "kind"}.
  public var json: JSON {
    .object(
      header.jsonLeadingFields + [(StandingsHeader.jsonRowsKey, .array(rows.map(\.json)))]
        + header.jsonTrailingFields)
  }
}

extension Store {
  /// A game's standings, streamed: `header` gets the game, its state, its
  /// kind and the shape of its standings, then `row` gets each standing in
  /// rank order, all from one consistent snapshot. `order` nil: best first
  /// under the game's rules; `archived`: of a read-only copy.
  public func standings(
    of gameReference: String, order: StandingsOrder?, archived: Bool = false,
    header: (StandingsHeader) throws -> Void, row: (Standing) throws -> Void
  ) throws {
    try read {
      let game = try findGame(gameReference, archived: archived)
      let top = try standingsHeader(of: game)
      try header(top)
      try forEachStanding(of: game, state: top.state, order: order, columns: top.columns, row)
    }
  }

  /// A game's standings whole, in one read.
  public func gameStandings(of gameReference: String, order: StandingsOrder? = nil) throws -> GameStandings {
    try read { try gameStandings(of: try findGame(gameReference), order: order) }
  }

  /// The standings of `game`, whole, inside a read.
  func gameStandings(of game: Game, order: StandingsOrder? = nil) throws -> GameStandings {
    let header = try standingsHeader(of: game)
    var rows: [Standing] = []
    try forEachStanding(of: game, state: header.state, order: order, columns: header.columns) {
      rows.append($0)
    }
    return GameStandings(header: header, rows: rows)
  }

  /// The header of `game`'s standings, inside a read.
  func standingsHeader(of game: Game) throws -> StandingsHeader {
    let state = try state(of: game)
    // The count and the totals from the index `players_standings` alone
    // (its condition said: see schema v30), the highest and the lowest a
    // seek each. The decimals from the players whose totals have some (the
    // index `players_decimals`): none in a game of whole numbers. The
    // photos from the photos (`Self.photoCount`).
    let standings = "FROM players WHERE gameID = ?1 AND \(Self.isPlayer()) AND score IS NOT NULL"
    let shape = try database.fetchOne(
      """
      SELECT count(*), (SELECT max(score) \(standings)), (SELECT min(score) \(standings)),
        \(Self.photoCount(ofGame: "?1")),
        (SELECT max(CASE WHEN scoreThousandths % 100 = 0 THEN 1 WHEN scoreThousandths % 10 = 0 THEN 2 ELSE 3 END)
          FROM players WHERE gameID = ?1 AND scoreThousandths <> 0 AND \(Self.isPlayer()))
      \(standings)
      """, [.text(game.id)]
    ) { row in
      StandingsShape(
        playerCount: try row.int(0), highestWhole: try row.optionalInt64(1) ?? 0,
        lowestWhole: try row.optionalInt64(2) ?? 0, decimals: Int(try row.optionalInt64(4) ?? 0),
        photoCount: try row.int(3))
    }!
    return StandingsHeader(
      game: game, state: state, shape: state.outcome.countsEveryPoint ? shape : state.countedShape(shape),
      kind: try kind(of: game),
      columns: StandingsColumns(decimals: shape.decimals > 0, photos: shape.photoCount > 0))
  }
}
