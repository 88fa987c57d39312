/// What a score change did, and the standings it led to.
public struct ScoreUpdate: Hashable, Sendable {
  public var game: GameSummary
  public var previous: Player
  public var player: Player
  public var standings: [Standing]
}

/// The size of a game's standings, known before its rows are streamed, so
/// a printer can size its columns without holding every row.
public struct StandingsShape: Hashable, Sendable {
  public var playerCount: Int
  public var highestScore: Int64
  public var lowestScore: Int64
  /// How many of the players have a photo.
  public var photoCount: Int

  public init(playerCount: Int, highestScore: Int64, lowestScore: Int64, photoCount: Int = 0) {
    self.playerCount = playerCount
    self.highestScore = highestScore
    self.lowestScore = lowestScore
    self.photoCount = photoCount
  }
}

extension Store {
  /// Changes a player's score and returns the game's new standings.
  ///
  /// The change is recorded as a score event (`delta`, this device, now);
  /// a trigger adds it to the player's cached total. The write transaction
  /// holds the database's write lock from its start, so the score read
  /// here is still the score when the event lands: concurrent changes from
  /// other processes queue and all count. A change whose result, or whose
  /// delta (for `=N`), would not fit in 64 bits is refused, nothing written
  /// (see `accepts` for a total already past them).
  public func score(
    in gameReference: String, _ playerReference: String, _ change: ScoreChange,
    order: StandingsOrder = .descending
  ) throws -> ScoreUpdate {
    try write {
      let game = try findGame(gameReference)
      try requireWritable(game)
      let previous = try findPlayer(playerReference, in: game)
      // Checked against the exact total, which may lie past 64 bits when
      // changes from several devices met (`score` is then clamped).
      let total = try exactScore(of: previous.id)
      let delta: Int64
      switch change {
      case .add(let amount):
        guard Self.accepts(amount, on: total) else {
          throw StoreError.scoreOutOfRange(player: previous, change: change, game: game)
        }
        delta = amount
      case .set(let value):
        guard let difference = Int64(exactly: Int128(value) - total) else {
          throw StoreError.changeTooLarge(player: previous, change: change, game: game)
        }
        delta = difference
      }
      if delta != 0 { try recordScoreEvent(for: previous.id, delta: delta) }
      var standings: [Standing] = []
      try forEachStanding(of: game, order: order) { standings.append($0) }
      // The standings hold the updated row; no second query for it.
      let player = standings.first { $0.player.id == previous.id }!.player
      return ScoreUpdate(
        game: GameSummary(game: game, playerCount: standings.count), previous: previous,
        player: player, standings: standings)
    }
  }

  /// Appends a score event made on this device now, and returns it; the
  /// insert trigger updates the player's total. A change (not a revert)
  /// joins this device's list of changes, for `undo`.
  @discardableResult
  func recordScoreEvent(for playerID: String, delta: Int64, undoes: String? = nil) throws
    -> ScoreEvent
  {
    let event = try database.fetchOne(
      """
      INSERT INTO scoreEvents (playerID, delta, device, undoes)
      VALUES (?1, ?2, (SELECT id FROM localDevice), ?3)
      RETURNING id, playerID, delta, time, device, undoes
      """, [.text(playerID), .integer(delta), undoes.map { .text($0) } ?? .null], Self.event)!
    if undoes == nil {
      try database.execute("INSERT INTO localChanges (event) VALUES (?1)", [.text(event.id)])
      try database.execute(
        "DELETE FROM localChanges WHERE seq <= (SELECT max(seq) FROM localChanges) - ?1",
        [.integer(Int64(Self.localChangeLimit))])
      madeLocalChange = true
    }
    return event
  }

  /// A game's standings, streamed: `header` gets the game and the shape of
  /// its standings, then `row` gets each standing in rank order, all from
  /// one consistent snapshot. Memory stays constant whatever the size.
  public func standings(
    of gameReference: String, order: StandingsOrder,
    header: (Game, StandingsShape) throws -> Void, row: (Standing) throws -> Void
  ) throws {
    try read {
      let game = try findGame(gameReference)
      let shape = try database.fetchOne(
        """
        SELECT count(*), max(p.score), min(p.score), count(f.sha256)
        FROM players AS p LEFT JOIN playerPhotos AS f ON f.id = p.id WHERE p.gameID = ?1
        """, [.text(game.id)]
      ) { row in
        StandingsShape(
          playerCount: try row.int(0), highestScore: try row.optionalInt64(1) ?? 0,
          lowestScore: try row.optionalInt64(2) ?? 0, photoCount: try row.int(3))
      }!
      try header(game, shape)
      try forEachStanding(of: game, order: order, row)
    }
  }

  /// Ties are ordered by name (ignoring ASCII case, then exactly), then by
  /// id, so the order is total and every run prints the same thing.
  private func forEachStanding(
    of game: Game, order: StandingsOrder, _ body: (Standing) throws -> Void
  ) throws {
    let direction = order == .descending ? "DESC" : "ASC"
    var ranks = RankCounter()
    try database.forEachRow(
      """
      SELECT p.id, p.name, p.score, \(Self.photoColumns(of: "f"))
      FROM players AS p LEFT JOIN playerPhotos AS f ON f.id = p.id WHERE p.gameID = ?1
      ORDER BY p.score \(direction), p.name COLLATE NOCASE, p.name, p.id
      """, [.text(game.id)]
    ) { row in
      // gameID is the same on every row; not decoding it saves a string a row.
      let player = Player(
        id: try row.text(0), gameID: game.id, name: try row.text(1), score: try row.int64(2))
      try body(
        Standing(rank: ranks.rank(for: player.score), player: player, photo: try Self.photo(row, from: 3)))
    }
  }
}

/// Standard competition ranking over scores that arrive in order: equal
/// scores share a rank, and the ranks they use up are skipped (1, 2, 2, 4).
struct RankCounter {
  private var position = 0
  private var rank = 0
  private var lastScore: Int64?

  mutating func rank(for score: Int64) -> Int {
    position += 1
    if score != lastScore {
      rank = position
      lastScore = score
    }
    return rank
  }
}
