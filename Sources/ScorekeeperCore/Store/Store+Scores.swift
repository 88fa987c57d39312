/// What a score change did, and the standings it led to.
public struct ScoreUpdate: Hashable, Sendable {
  public var game: GameSummary
  public var previous: Player
  public var player: Player
  public var standings: [Standing]
  public var state: GameState
  /// Whether this change ended the game.
  public var ended: Bool
  /// Whether it busted (`--bust`): kept, counted 0.
  public var busted = false
}

/// The size of a game's standings, known before its rows are streamed, so
/// a printer can size its columns without holding every row.
public struct StandingsShape: Hashable, Sendable {
  public var playerCount: Int
  /// The highest and lowest totals' whole parts, rounded down (as SQL
  /// keeps them), and the most decimal places any total has.
  public var highestWhole: Int64
  public var lowestWhole: Int64
  public var decimals: Int
  /// How many of the players have a photo.
  public var photoCount: Int

  /// Inlinable, to be specialized for the caller's collection: called
  /// generically, each total cost `score` some 1,600 instructions.
  @inlinable
  public init(playerCount: Int, scores: some Collection<Points>, photoCount: Int = 0) {
    self.playerCount = playerCount
    // One pass, no arrays: `score` shapes every total of the game.
    var (highest, lowest, decimals): (Int64?, Int64?, Int) = (nil, nil, 0)
    for score in scores {
      let whole = score.floorWhole
      highest = Swift.max(highest ?? whole, whole)
      lowest = Swift.min(lowest ?? whole, whole)
      decimals = Swift.max(decimals, score.decimalPlaces)
    }
    (highestWhole, lowestWhole, self.decimals) = (highest ?? 0, lowest ?? 0, decimals)
    self.photoCount = photoCount
  }

  init(playerCount: Int, highestWhole: Int64, lowestWhole: Int64, decimals: Int, photoCount: Int) {
    self.playerCount = playerCount
    self.highestWhole = highestWhole
    self.lowestWhole = lowestWhole
    self.decimals = decimals
    self.photoCount = photoCount
  }

  /// Room for every total's text: a whole part is never longer than the
  /// highest's or lowest's rounded down. (A game of whole numbers is as
  /// wide as its widest total, as it always was.)
  public var scoreWidth: Int {
    max(String(highestWhole).count, String(lowestWhole).count) + (decimals > 0 ? decimals + 1 : 0)
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
    order: StandingsOrder? = nil
  ) throws -> ScoreUpdate {
    try write {
      let game = try findGame(gameReference)
      var previous = try findPlayer(playerReference, in: game)
      try requireWritable(game, for: .points(players: [previous.id]))
      let before = try state(of: game)
      try requireInProgress(game, before)
      if !before.outcome.countsEveryPoint { previous.score = before.outcome.totals[previous.id] ?? 0 }
      // Checked against the exact total, which may lie past 64 bits when
      // changes from several devices met (`score` is then clamped).
      let total = try exactScore(of: previous.id)
      let delta: Points
      switch change {
      case .add(let amount):
        guard Self.accepts(amount, on: total) else {
          throw StoreError.scoreOutOfRange(player: previous, change: change, game: game)
        }
        delta = amount
      case .set(let value):
        // From the total that counts: in a game with busts, not the sum.
        let from = before.outcome.countsEveryPoint ? total : previous.score
        guard (value - from).fitsStorage else {
          throw StoreError.changeTooLarge(player: previous, change: change, game: game)
        }
        delta = value - from
      }
      let event = delta == 0 ? nil : try recordScoreEvent(for: previous.id, delta: delta)
      // Only rules that end a game by themselves can end it now, and only
      // teams' totals are held in the state: otherwise it is as it was (a
      // score plays no round), and not read again.
      let state = before.rules.endsByItself || before.hasTeams ? try state(of: game) : before
      var standings: [Standing] = []
      try forEachStanding(of: game, state: state, order: order) { standings.append($0) }
      // The standings hold the updated row; no second query for it.
      let player = standings.first { $0.player.id == previous.id }!.player
      return ScoreUpdate(
        game: GameSummary(game: game, playerCount: standings.count), previous: previous,
        player: player, standings: standings, state: state,
        ended: event != nil && state.outcome.finish?.change == event?.id,
        busted: event.map { state.outcome.busts[$0.id] != nil } ?? false)
    }
  }

  /// Appends a score event made on this device now, and returns it; the
  /// insert trigger updates the player's total. A change (not a revert)
  /// joins this device's list of changes, for `undo`.
  /// A round's points (`round`) carry its id and its time, and are
  /// listed for `undo` as the round, not one by one; others are made at
  /// the game's next log time (`logTime`), after its rounds.
  @discardableResult
  func recordScoreEvent(
    for playerID: String, delta: Points, undoes: String? = nil, round: RoundRow? = nil
  ) throws -> ScoreEvent {
    // Backdated (`--at`), a round's points share its times; a change of
    // its own takes the next.
    var (time, enteredAt) = (SQLValue(round?.madeAt.iso8601), SQLValue.null)
    if let backdating {
      if round != nil {
        enteredAt = .text(backdating.enteredAt.iso8601)
      } else {
        let game = try database.fetchOne("SELECT gameID FROM players WHERE id = ?1", [.text(playerID)]) {
          try $0.text(0)
        }!
        (time, enteredAt) = try entryTimes(inGame: game)
      }
    }
    let event = try database.fetchOne(
      """
      INSERT INTO scoreEvents (playerID, delta, thousandths, device, undoes, roundID, enteredAt, time)
      VALUES (?1, ?2, ?6, (SELECT id FROM localDevice), ?3, ?4, ?7,
        coalesce(?5, \(Self.logTime("(SELECT gameID FROM players WHERE id = ?1)", sinceDevice: false))))
      RETURNING \(ScoreEvent.columns(of: nil))
      """,
      [
        .text(playerID), .whole(delta), SQLValue(undoes), SQLValue(round?.id), time, .thousandths(delta),
        enteredAt,
      ], ScoreEvent.init(row:))!
    if undoes == nil && round == nil { try listLocalChange(event.id) }
    if round == nil { try noteLogTime(event.time) }
    return event
  }

  /// Ties are ordered by name (ignoring ASCII case, then exactly), then by
  /// id, so the order is total and every run prints the same thing. The
  /// totals are the points that count: the cached sums, unless points
  /// came after the game ended (then the replay's, sorted here). A game
  /// its finish placed (winners named, places given) lists best first in
  /// those places (`GameOutcome.places`), each player at its side's.
  /// `columns`: what the rows' query reads, when the caller knows it
  /// (read in the same transaction); asked for when nil.
  func forEachStanding(
    of game: Game, state: GameState, order: StandingsOrder?, columns: StandingsColumns? = nil,
    _ body: (Standing) throws -> Void
  ) throws {
    let placed = order == nil && state.outcome.isPlacedByFinish ? state.placeOfPlayer : nil
    let order = order ?? (state.rules.winner == .lowest ? .ascending : .descending)
    let direction = order == .descending ? "DESC" : "ASC"
    let counted = state.outcome.countsEveryPoint ? nil : state.outcome.totals
    let winners = state.winners
    var ranks = RankCounter()
    var held: [(Player, String?, Photo?)] = []
    let columns = try columns ?? standingsColumns(of: game)
    let (hasDecimals, hasPhotos) = (columns.decimals, columns.photos)
    // Totals other than the cached sums are sorted below, ties by the
    // order read here: by name.
    let byCachedTotal =
      counted != nil ? "" : "p.score \(direction), \(hasDecimals ? "p.scoreThousandths \(direction), " : "")"
    // Only the columns the rows use, no constants in place of the others:
    // SQLite's sorter compares by the first key alone (an integer here)
    // while a row's record has fewer than 13 fields (the ORDER BY's terms,
    // the columns, one more). With ten columns, each comparison unpacked
    // both records: `list` of 100,000 players took 1.4 times the
    // instructions (Docs/flushes.md).
    let thousandths = hasDecimals ? ", p.scoreThousandths" : ""
    let (photoColumns, photos) =
      hasPhotos ? (", " + Photo.columns(of: "f"), " LEFT JOIN playerPhotos AS f ON f.id = p.id") : ("", "")
    let teamColumn = hasDecimals ? 4 : 3
    try database.forEachRow(
      """
      SELECT p.id, p.name, p.score\(thousandths), p.team\(photoColumns)
      FROM players AS p\(photos) WHERE p.gameID = ?1 AND \(Self.isPlayer("p"))
      ORDER BY \(byCachedTotal)p.name COLLATE NOCASE, p.name, p.id
      """, [.text(game.id)]
    ) { row in
      // gameID is the same on every row; not decoding it saves a string a row.
      var player = Player(
        id: try row.text(0), gameID: game.id, name: try row.text(1),
        score: hasDecimals ? try row.total(2) : Points(try row.int64(2)))
      let (team, photo) = (
        try row.optionalText(teamColumn), hasPhotos ? try Photo.read(row, from: teamColumn + 1) : nil
      )
      guard counted != nil || placed != nil else {
        return try body(
          Standing(
            rank: ranks.rank(for: player.score), player: player, photo: photo, team: team,
            isWinner: winners.contains(player.id)))
      }
      if let counted { player.score = counted[player.id] ?? 0 }
      held.append((player, team, photo))
    }
    // Stable: ties keep the query's order (the cached total, then name and id).
    let sorted = held.enumerated().sorted { lhs, rhs in
      if let placed, placed[lhs.element.0.id] != placed[rhs.element.0.id] {
        return placed[lhs.element.0.id] ?? .max < placed[rhs.element.0.id] ?? .max
      }
      let (a, b) = (lhs.element.0.score, rhs.element.0.score)
      return a != b ? (order == .descending ? a > b : a < b) : lhs.offset < rhs.offset
    }
    for (_, (player, team, photo)) in sorted {
      try body(
        Standing(
          rank: placed?[player.id] ?? ranks.rank(for: player.score), player: player, photo: photo, team: team,
          isWinner: winners.contains(player.id)))
    }
  }
}

/// What a game's standings rows are read with. A game of whole numbers
/// (no total in the index `players_decimals`) neither reads nor sorts the
/// thousandths: the last column of every row, they were most of what
/// decimals cost `list` and `score`. Nor does one without photos join
/// them: a probe a player.
struct StandingsColumns {
  var decimals: Bool
  var photos: Bool
}

extension Store {
  /// The columns `game`'s standings need, in one statement.
  func standingsColumns(of game: Game) throws -> StandingsColumns {
    try database.fetchOne(
      """
      SELECT EXISTS (SELECT 1 FROM players WHERE gameID = ?1 AND scoreThousandths <> 0 AND \(Self.isPlayer())),
        \(Self.photoCount(ofGame: "?1")) > 0
      """, [.text(game.id)]
    ) { StandingsColumns(decimals: try $0.int(0) == 1, photos: try $0.int(1) == 1) }!
  }
}

/// Standard competition ranking over scores that arrive in order: equal
/// scores share a rank, and the ranks they use up are skipped (1, 2, 2, 4).
struct RankCounter {
  private var position = 0
  private var rank = 0
  private var lastScore: Points?

  mutating func rank(for score: Points) -> Int {
    position += 1
    if score != lastScore {
      rank = position
      lastScore = score
    }
    return rank
  }
}
