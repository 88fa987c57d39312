/// One player's points in a round, as a command names them, or a team's
/// own (`player` is then the team's seat, named after it).
public struct RoundPoints: Hashable, Sendable {
  public var player: Player
  public var points: Points
  public var isTeam: Bool

  public init(player: Player, points: Points, isTeam: Bool = false) {
    self.player = player
    self.points = points
    self.isTeam = isTeam
  }
}

/// What `round` (or `round --fix`) did, and where it left the game.
public struct RoundUpdate: Hashable, Sendable {
  public var game: GameSummary
  /// The round's number (the corrected one's, for a correction).
  public var number: Int
  /// Its name, if it has one (`round --name`).
  public var name: String?
  public var isCorrection: Bool
  /// The named players' points for the round (a correction: their new
  /// points), in the order named.
  public var points: [RoundPoints]
  /// Whether anything was written (a correction to the same points is not).
  public var changed: Bool
  public var state: GameState
  /// Whether this round ended the game.
  public var ended: Bool
  public var standings: [Standing]
  /// The players whose points in it busted (`--bust`): counted 0.
  public var busts: Set<String> = []
}

extension Store {
  /// Records one round: each named player's points (a reference, a
  /// number), all in one transaction, at one time; players not named
  /// score 0. `name` names the round (7 Wonders' "Military"), once a game;
  /// without one, a round of a kind that names its rounds takes the next
  /// name of the kind's that the game has not used.
  /// Refused whole, nothing written, when the game is finished, a player
  /// is unknown or named twice, the name is taken, or a total would pass
  /// 64 bits.
  public func addRound(
    in gameReference: String, _ named: [(player: String, points: Points)], name: String? = nil
  ) throws -> RoundUpdate {
    let typedName = try name.map { try TextField.roundName.validate($0) }
    return try write {
      let game = try findGame(gameReference)
      try requireWritable(game, for: .round)
      let points = try resolve(named, in: game)
      let name = try typedName ?? kindRules.nextRoundName(of: game, used: liveRounds(of: game).map(\.name))
      if let name,
        let taken = try liveRounds(of: game).enumerated().first(where: { $0.element.isNamed(name) })
      {
        throw StoreError.roundNameTaken(name: taken.element.name!, number: taken.offset + 1, game: game)
      }
      for entry in points {
        guard Self.accepts(entry.points, on: try exactScore(of: entry.player.id)) else {
          throw StoreError.scoreOutOfRange(player: entry.player, change: .add(entry.points), game: game)
        }
      }
      let round = try insertRound(in: game, fixes: nil, undoes: nil, name: name)
      for entry in points where entry.points != 0 {
        try recordScoreEvent(for: entry.player.id, delta: entry.points, round: round)
      }
      // One replay, after the round, tells both whether the game was
      // finished already (then something else finished it, and throwing
      // rolls the round back) and whether this round ended it.
      let state = try state(of: game)
      if let finish = state.outcome.finish, finish.change != round.id {
        throw StoreError.gameFinished(game: game)
      }
      try listLocalChange(round.id)
      // The last round, unless it happened before others (`--at`).
      let number =
        try backdating.map { _ in try liveRounds(of: game).firstIndex { $0.id == round.id }! + 1 }
        ?? state.outcome.roundsPlayed
      return try update(
        game, state: state, number: number, name: name, isCorrection: false,
        points: points,
        changed: true, change: round.id)
    }
  }

  /// Corrects round `number`'s points for the named players: each one's
  /// points for that round become the number given. Recorded as a
  /// correction (a round row that `fixes` it, with the differences as
  /// score events), so history keeps what the round said before.
  public func fixRound(
    in gameReference: String, number: Int, _ named: [(player: String, points: Points)]
  ) throws -> RoundUpdate {
    try fixRound(in: gameReference, .number(number), named)
  }

  /// A round as people name it: by its number, or by its name (in any case).
  public enum RoundReference: Hashable, Sendable {
    case number(Int)
    case name(String)

    /// A typed reference: a whole number is a number, anything else a name.
    public init(typed text: String) {
      self = Int(text).map(Self.number) ?? .name(text)
    }
  }

  /// `fixRound` of the round a reference names.
  public func fixRound(
    in gameReference: String, _ round: RoundReference, _ named: [(player: String, points: Points)]
  ) throws -> RoundUpdate {
    try write {
      let game = try findGame(gameReference)
      let access = try requireWritable(game, for: .round)
      try requireInProgress(game, try state(of: game))
      let points = try resolve(named, in: game)
      let rounds = try liveRounds(of: game)
      let number: Int
      switch round {
      case .number(let typed):
        guard rounds.indices.contains(typed - 1) else {
          throw StoreError.noSuchRound(number: typed, game: game, roundsPlayed: rounds.count)
        }
        number = typed
      case .name(let typed):
        guard let index = rounds.firstIndex(where: { $0.isNamed(typed) }) else {
          throw StoreError.noRoundNamed(name: typed, game: game, names: rounds.compactMap(\.name))
        }
        number = index + 1
      }
      let target = rounds[number - 1].id
      try requireOwnRound(target, number: number, in: game, access: access)
      var differences: [(player: String, delta: Points)] = []
      for entry in points {
        let delta = entry.points - (try pointsIn(round: target, of: entry.player.id))
        guard Self.accepts(delta, on: try exactScore(of: entry.player.id)) else {
          throw StoreError.scoreOutOfRange(player: entry.player, change: .set(entry.points), game: game)
        }
        if delta != 0 { differences.append((entry.player.id, delta)) }
      }
      var fix: RoundRow?
      if !differences.isEmpty {
        let row = try insertRound(in: game, fixes: target, undoes: nil)
        for difference in differences {
          try recordScoreEvent(for: difference.player, delta: difference.delta, round: row)
        }
        try listLocalChange(row.id)
        fix = row
      }
      return try update(
        game, state: try state(of: game), number: number, name: rounds[number - 1].name, isCorrection: true,
        points: points, changed: fix != nil, change: fix?.id)
    }
  }

  /// The game a reference names, writable and in progress, with its state.
  func gameInProgress(_ reference: String) throws -> (Game, GameState) {
    let (game, state) = try writableGame(reference)
    try requireInProgress(game, state)
    return (game, state)
  }

  /// The game a reference names, if this user may change it, and its
  /// state (finished or not).
  func writableGame(_ reference: String) throws -> (Game, GameState) {
    let game = try findGame(reference)
    try requireWritable(game)
    return (game, try state(of: game))
  }

  /// The players a round names, each once.
  private func resolve(_ named: [(player: String, points: Points)], in game: Game) throws -> [RoundPoints] {
    var seen: Set<String> = []
    return try named.map { entry in
      let (player, isTeam) = try scorer(entry.player, in: game)
      guard seen.insert(player.id).inserted else {
        throw StoreError.playerTwiceInRound(player: player, game: game)
      }
      return RoundPoints(player: player, points: entry.points, isTeam: isTeam)
    }
  }

  /// A row of `rounds` as written: its id and time, which its events share.
  struct RoundRow {
    var id: String
    var madeAt: Timestamp
    /// Its name (schema v24), if it has one.
    var name: String? = nil

    /// Whether people typing `name` mean this round: names match in any case.
    func isNamed(_ typed: String) -> Bool {
      name.map { $0.lowercased() == typed.trimmingWhitespace().lowercased() } ?? false
    }
  }

  func insertRound(in game: Game, fixes: String?, undoes: String?, name: String? = nil) throws -> RoundRow {
    let (time, enteredAt) = try entryTimes(inGame: game.id)
    let row = try database.fetchOne(
      """
      INSERT INTO rounds (gameID, device, fixes, undoes, name, enteredAt, madeAt)
      VALUES (?1, (SELECT id FROM localDevice), ?2, ?3, ?4, ?6, coalesce(?5, \(Self.logTime("?1"))))
      RETURNING id, madeAt, name
      """, [.text(game.id), SQLValue(fixes), SQLValue(undoes), SQLValue(name), time, enteredAt]
    ) { RoundRow(id: try $0.text(0), madeAt: try $0.timestamp(1), name: try $0.optionalText(2)) }!
    try noteLogTime(row.madeAt)
    return row
  }

  /// The time a new entry of a game's log is made at, as SQL for the game
  /// id `game`: now, or a millisecond after the latest of the game's
  /// rounds and game events and (`sinceDevice`) this device's latest log
  /// entry, when that is not earlier. So what one device does keeps the
  /// order it was done in, even within one millisecond (a script) or under
  /// a clock set back: a game's log is replayed, and its rounds numbered,
  /// by time first, and ids are random. A score change is stamped after
  /// the game's rounds, not after other score changes, so the games
  /// without rounds keep their scores' times as they were. (Each maximum
  /// is read from the end of an index or one row; the aggregate passes
  /// over NULLs, where the scalar max() would return one.)
  static func logTime(_ game: String, sinceDevice: Bool = true) -> String {
    """
    (SELECT CASE WHEN last IS NULL OR last < now() THEN now()
       ELSE strftime('%Y-%m-%dT%H:%M:%fZ', last, '+0.001 seconds') END
     FROM (SELECT max(t) AS last FROM (
       SELECT max(madeAt) AS t FROM rounds WHERE gameID = \(game)
       UNION ALL SELECT max(time) FROM gameEvents WHERE gameID = \(game)\(
         sinceDevice ? " UNION ALL SELECT lastLogTime FROM localDevice" : ""))))
    """
  }

  /// Notes `time` as this device's latest log entry, for `logTime`.
  func noteLogTime(_ time: Timestamp) throws {
    try database.execute(
      "UPDATE localDevice SET lastLogTime = ?1 WHERE lastLogTime IS NULL OR lastLogTime < ?1",
      [.text(time.iso8601)])
  }

  /// The rounds of a game that count, in order: round K is at K - 1.
  func liveRounds(of game: Game) throws -> [RoundRow] {
    try database.fetchAll(
      "SELECT r.id, r.madeAt, r.name FROM rounds AS r WHERE \(Self.isLiveRound) ORDER BY r.madeAt, r.id",
      [.text(game.id)]
    ) { RoundRow(id: try $0.text(0), madeAt: try $0.timestamp(1), name: try $0.optionalText(2)) }
  }

  /// A row `r` of `rounds` of the game ?1 that is a round that counts:
  /// neither a correction, an undo, nor undone.
  static let isLiveRound = """
    r.gameID = ?1 AND r.fixes IS NULL AND r.undoes IS NULL
      AND NOT EXISTS (SELECT 1 FROM rounds AS u WHERE u.undoes = r.id)
    """

  /// Each player's name by id, for saying who won.
  func playerNames(in game: Game) throws -> [String: String] {
    Dictionary(
      try database.fetchAll("SELECT id, name FROM players WHERE gameID = ?1", [.text(game.id)]) {
        (try $0.text(0), try $0.text(1))
      }, uniquingKeysWith: { first, _ in first })
  }

  /// A player's points in a round: the round's and its corrections' that
  /// are not undone. (An undo's own events carry the undo's id.)
  private func pointsIn(round: String, of playerID: String) throws -> Points {
    try database.fetchOne(
      """
      SELECT coalesce(sum(e.delta), 0), sum(e.thousandths) FROM scoreEvents AS e
      WHERE e.playerID = ?2 AND e.roundID IN (
        SELECT r.id FROM rounds AS r WHERE (r.id = ?1 OR r.fixes = ?1)
          AND NOT EXISTS (SELECT 1 FROM rounds AS u WHERE u.undoes = r.id))
      """, [.text(round), .text(playerID)]
    ) { try $0.points(0) }!
  }

  /// Lists a round (or a correction) as this device's latest change, for
  /// `undo`: the log's `event` column holds its id.
  func listLocalChange(_ id: String) throws {
    try database.execute("INSERT INTO localChanges (event) VALUES (?1)", [.text(id)])
    try database.execute(
      "DELETE FROM localChanges WHERE seq <= (SELECT max(seq) FROM localChanges) - ?1",
      [.integer(Int64(Self.localChangeLimit))])
    madeLocalChange = true
  }

  private func update(
    _ game: Game, state: GameState, number: Int, name: String?, isCorrection: Bool, points: [RoundPoints],
    changed: Bool, change: String?
  ) throws -> RoundUpdate {
    var standings: [Standing] = []
    try forEachStanding(of: game, state: state, order: nil) { standings.append($0) }
    return RoundUpdate(
      game: GameSummary(game: game, playerCount: standings.count), number: number, name: name,
      isCorrection: isCorrection, points: points, changed: changed, state: state,
      ended: change != nil && state.outcome.finish?.change == change, standings: standings,
      busts: change.flatMap { state.outcome.busts[$0] } ?? [])
  }
}
