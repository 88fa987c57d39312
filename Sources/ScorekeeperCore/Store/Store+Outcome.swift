/// A game's outcome as the store computes it: its log (schema v13's
/// rounds and game events, and its score events) replayed by
/// `GameOutcome`, with the players it ranks.
public struct GameState: Hashable, Sendable {
  public var outcome: GameOutcome
  /// The sides the outcome ranks: each player's id and team, in the
  /// standings' tie order (name, id). Empty when nothing needs them: a
  /// game of classic rules without teams cannot end, and its standings
  /// are its players' (`Store.state(of:)` then reads no player).
  public var players: [(id: String, team: String?)] {
    zip(playerIDs, teams).map { ($0, $1) }
  }
  private var playerIDs: [String]
  private var teams: [String?]
  public let hasTeams: Bool

  @_spi(Testing) public init(outcome: GameOutcome, players: [(id: String, team: String?)]) {
    self.outcome = outcome
    playerIDs = players.map(\.id)
    teams = players.map(\.team)
    hasTeams = teams.contains { $0 != nil } || !outcome.teamSeats.isEmpty
  }

  public var rules: GameRules { outcome.rules }
  public var isFinished: Bool { outcome.isFinished }
  /// The winners' ids: empty while the game is in progress, and for a
  /// draw (everyone shares the first place: no one won).
  public var winners: Set<String> {
    let (verdict, named) = judged
    return verdict == .draw ? [] : named
  }
  /// The sides, best first (teams when the game has them).
  public var places: [Ranking.Place] { outcome.places(players: players) }

  /// How a finished game came out; nil while it is in progress.
  public enum Verdict: String, Hashable, Sendable {
    /// Some sides won (the first place), the others did not.
    case winners
    /// Every side shares the first place: no one won, no one lost.
    case draw
    /// A co-operative game's result: everyone won, or everyone lost.
    case tableWon = "table won"
    case tableLost = "table lost"
  }

  public var verdict: Verdict? { judged.verdict }

  /// The verdict and the players first, from one ranking of the sides:
  /// every player first, on more than one side, is a draw.
  private var judged: (verdict: Verdict?, firsts: Set<String>) {
    guard isFinished else { return (nil, []) }
    let firsts = Set(outcome.winners(players: players) ?? [])
    if outcome.isCooperative(players: players) { return (firsts.isEmpty ? .tableLost : .tableWon, firsts) }
    let sides = Set(players.map { Ranking.sideKey(team: $0.team, player: $0.id) })
    return (sides.count > 1 && firsts.count == players.count ? .draw : .winners, firsts)
  }

  /// Each player's place (its side's rank), by id: how standings rank
  /// players in a game its finish placed (`GameOutcome.isPlacedByFinish`).
  public var placeOfPlayer: [String: Int] {
    Dictionary(
      places.flatMap { place in place.members.map { ($0, place.rank) } },
      uniquingKeysWith: { first, _ in first })
  }

  /// A standings shape with the totals that count (some came after the end).
  func countedShape(_ shape: StandingsShape) -> StandingsShape {
    StandingsShape(
      playerCount: shape.playerCount, scores: outcome.totals.values, photoCount: shape.photoCount)
  }
}

extension Store {
  /// The state of a game: its log replayed under its rules. A game with
  /// no game events (classic rules, never finished) cannot end: no score
  /// event is read, and without teams no player either (every command
  /// reads this state, and a game may have 100,000 players). Nor is the
  /// log replayed when it cannot have ended (`neverEnded`), unless
  /// `replayingAlways` (tests compare the two).
  func state(of game: Game, replayingAlways: Bool = false) throws -> GameState {
    let (hasLog, onlyRules, hasTeams, roundsPlayed, roundsMade) = try database.fetchOne(
      """
      SELECT EXISTS (SELECT 1 FROM gameEvents WHERE gameID = ?1),
             NOT EXISTS (SELECT 1 FROM gameEvents WHERE gameID = ?1 AND kind <> 'rules'),
             EXISTS (SELECT 1 FROM players WHERE gameID = ?1 AND team IS NOT NULL),
             (SELECT count(*) FROM rounds AS r WHERE \(Self.isLiveRound)),
             (SELECT count(*) FROM rounds WHERE gameID = ?1 AND fixes IS NULL AND undoes IS NULL)
      """, [.text(game.id)]
    ) { (try $0.int(0) == 1, try $0.int(1) == 1, try $0.int(2) == 1, try $0.int(3), try $0.int(4)) }!
    if !hasLog && !hasTeams {
      return GameState(outcome: GameOutcome(totals: [:], roundsPlayed: roundsPlayed), players: [])
    }
    let rows = try database.fetchAll(
      """
      SELECT id, team, score, scoreThousandths, isTeam FROM players WHERE gameID = ?1
      ORDER BY name COLLATE NOCASE, name, id
      """, [.text(game.id)]
    ) {
      (
        id: try $0.text(0), team: try $0.optionalText(1), score: try $0.total(2),
        isTeam: try $0.optionalInt64(4) != nil
      )
    }
    let players = rows.filter { !$0.isTeam }.map { (id: $0.id, team: $0.team) }
    // A seat without a team (only a modified program makes one) counts for no one.
    let seats = Dictionary(
      rows.compactMap { row in row.isTeam ? row.team.map { (row.id, $0) } : nil },
      uniquingKeysWith: { first, _ in first })
    let sides = players + seats.map { (id: $0.key, team: Optional($0.value)) }
    var everyPointCounts: GameRules? = hasLog ? nil : .classic
    let gameLog = hasLog ? try gameLog(of: game) : []
    if onlyRules, hasLog, !replayingAlways {
      let versions = gameLog.compactMap { if case .rules(let rules) = $0.kind { rules } else { nil } }
      if try neverEnded(game, under: versions, sides: sides, roundsMade: roundsMade) {
        everyPointCounts = versions.last ?? .classic
      }
    }
    if let rules = everyPointCounts {
      let totals = Dictionary(rows.map { ($0.id, $0.score) }, uniquingKeysWith: { first, _ in first })
      let outcome = GameOutcome(totals: totals, roundsPlayed: roundsPlayed, rules: rules, teamSeats: seats)
      return GameState(outcome: outcome, players: players)
    }
    let log = try log(of: game, gameLog: gameLog)
    let outcome = GameOutcome(replayingInOrder: log, players: players, teamSeats: seats, rules: .classic)
    return GameState(outcome: outcome, players: players)
  }

  /// Whether a game whose log holds only rule changes (`versions`, each
  /// the rules in force after it) never ended, without replaying it: it
  /// could have ended only when a side's total reached a target some
  /// version had, or the rounds reached a limit. A side's total never
  /// passes the sum of its members' gains (their positive points), nor
  /// the rounds played the rounds made; when both stay below every
  /// version's target and limit, the game never ended and every point
  /// counts. Summing gains only reads the covering indexes of the points,
  /// so a long game's state costs a fraction of its replay.
  private func neverEnded(
    _ game: Game, under versions: [GameRules], sides: [(id: String, team: String?)], roundsMade: Int
  ) throws -> Bool {
    if let limit = versions.compactMap(\.rounds).min(), roundsMade >= limit { return false }
    // Gains bound a total from above only: a countdown, or a bust that
    // drops points, is replayed.
    if versions.contains(where: { $0.isCountdown || $0.bust }) { return false }
    guard let target = versions.compactMap(\.target).min() else { return true }
    // Sums as floating point: SQLite's sum() stops at 64 bits. A sum of
    // gains under 2^53 is exact, each gain and partial sum being smaller;
    // a change's thousandths count as a whole point (a bound, not a sum).
    var gained: [String: Double] = [:]
    try database.forEachRow(
      """
      SELECT playerID, total(max(delta + (coalesce(thousandths, 0) > 0), 0)) FROM (
        SELECT e.playerID, e.delta, e.thousandths FROM rounds AS r JOIN scoreEvents AS e ON e.roundID = r.id
        WHERE r.gameID = ?1
        UNION ALL
        SELECT e.playerID, e.delta, e.thousandths FROM players AS p JOIN scoreEvents AS e ON e.playerID = p.id
        WHERE p.gameID = ?1 AND e.roundID IS NULL)
      GROUP BY playerID
      """, [.text(game.id)]
    ) { gained[try $0.text(0)] = try $0.double(1) }
    var sideGains: [String: Double] = [:]
    for side in sides {
      sideGains[Ranking.sideKey(team: side.team, player: side.id), default: 0] += gained[side.id] ?? 0
    }
    let most = sideGains.values.max() ?? 0
    return most < 0x1p53 && Points(Int64(most)) < target
  }

  /// A game's log in the order things happened (time, then id), as
  /// `GameOutcome` replays it: its rule changes (each completing the
  /// rules before it), finishes and reopenings; each round row (a round,
  /// a correction, an undo of either) with the points of its score
  /// events; and each score change outside the rounds.
  ///
  /// Three reads, each in order from an index, merged here: sorting the
  /// whole log in SQLite cost more than reading it. Times compare as the
  /// ISO 8601 text they are stored as.
  private func log(of game: Game, gameLog: [GameLogEntry]) throws -> [(
    id: String, kind: GameOutcome.Change.Kind
  )] {
    typealias Entry = (time: String, id: String, kind: GameOutcome.Change.Kind)
    let ruling: [Entry] = gameLog.map { ($0.time.iso8601, $0.id, $0.kind) }
    var rounds: [Entry] = []
    var points: [String: Points] = [:]
    var current: (rowID: Int64, time: String, id: String, count: Int)?
    func close() {
      if let current { rounds.append((current.time, current.id, .points(points, rounds: current.count))) }
      points = [:]
    }
    try database.forEachRow(
      """
      SELECT r.rowid, r.madeAt, r.id, CASE WHEN r.fixes IS NOT NULL THEN 0
        WHEN r.undoes IS NULL THEN 1
        WHEN EXISTS (SELECT 1 FROM rounds AS u WHERE u.id = r.undoes AND u.fixes IS NULL) THEN -1
        ELSE 0 END, e.playerID, e.delta, e.thousandths
      FROM rounds AS r LEFT JOIN scoreEvents AS e ON e.roundID = r.id
      WHERE r.gameID = ?1 ORDER BY r.madeAt, r.id
      """, [.text(game.id)]
    ) { row in
      // A round's rows come together; its time and id are read once.
      let rowID = try row.int64(0)
      if current?.rowID != rowID {
        close()
        current = (rowID, try row.text(1), try row.text(2), try row.int(3))
      }
      if let player = try row.optionalText(4) { points[player, default: 0] += try row.points(5) }
    }
    close()
    let loose: [Entry] = try database.fetchAll(
      """
      SELECT e.time, e.id, e.playerID, e.delta, e.thousandths
      FROM players AS p JOIN scoreEvents AS e ON e.playerID = p.id
      WHERE p.gameID = ?1 AND e.roundID IS NULL ORDER BY e.time, e.id
      """, [.text(game.id)]
    ) { (try $0.text(0), try $0.text(1), .points([try $0.text(2): try $0.points(3)], rounds: 0)) }
    return Self.merged([ruling, rounds, loose])
  }

  /// A game's own changes in the order they happened (time, then id):
  /// each rule change with the rules in force after it (completing those
  /// before it), each finish and reopening. A later version's kinds are
  /// passed over.
  func gameLog(of game: Game) throws -> [GameLogEntry] {
    var rules = GameRules.classic
    var entries: [GameLogEntry] = []
    try database.forEachRow(
      """
      SELECT id, kind, time, device, device = (SELECT id FROM localDevice) AS isThisDevice, winner, target,
             targetThousandths, targetZero, winBy, roundLimit, winners, places, counted, cooperative, start,
             startThousandths, bust, enteredAt, \(ChangeAuthor.columns(of: "gameEvents"))
      FROM gameEvents WHERE gameID = ?1 ORDER BY time, id
      """, [.text(game.id)]
    ) { row in
      func flag(_ column: String) throws -> Bool? { try row.optionalInt64(column).map { $0 != 0 } }
      let kind: GameOutcome.Change.Kind
      switch try row.text("kind") {
      case "rules":
        rules = rules.changed(
          winner: try row.optionalText("winner").flatMap(GameRules.Winner.init(rawValue:)),
          target: try row.optionalInt64("target").map {
            Points(whole: $0, thousandths: try row.optionalInt64("targetThousandths"))
          },
          targetZero: try flag("targetZero") ?? false, winBy: try row.optionalInt64("winBy"),
          rounds: try row.optionalInt64("roundLimit"), counted: try flag("counted"),
          cooperative: try flag("cooperative"),
          start: try row.optionalInt64("start").map {
            Points(whole: $0, thousandths: try row.optionalInt64("startThousandths"))
          }, bust: try flag("bust"))
        kind = .rules(rules)
      case "finish":
        kind = .finish(
          winners: try row.optionalText("winners").map { $0.split(separator: " ").map(String.init) },
          places: try row.optionalText("places").flatMap(Self.places(stored:)),
          cooperative: try flag("cooperative"))
      case "reopen":
        kind = .reopen
      default:
        return
      }
      let (device, isThisDevice) = (try row.text("device"), try row.int("isThisDevice") == 1)
      entries.append(
        GameLogEntry(
          id: try row.text("id"), kind: kind, time: try row.timestamp("time"), device: device,
          isThisDevice: isThisDevice,
          author: ChangeAuthor(
            isThisDevice: isThisDevice, device: device, author: try row.optionalText("author"),
            thisUser: try row.optionalText("thisUser")),
          enteredAt: try row.optionalText("enteredAt").flatMap(Timestamp.init(iso8601:))))
    }
    if entries.contains(where: {
      if case .finish(let named?, _, _) = $0.kind { !named.isEmpty } else { false }
    }) {
      let names = try playerNames(in: game)
      for index in entries.indices {
        if case .finish(let named?, _, _) = entries[index].kind {
          entries[index].winnerNames = named.compactMap { names[$0] }
        }
      }
    }
    return entries
  }

  /// A finish's places as `gameEvents.places` holds them (schema v17):
  /// `[["a"], ["b", "c"]]`; nil for text that is not (every path in
  /// checks it, `ColumnRule.idTiers`).
  static func places(stored text: String) -> [[String]]? {
    guard case .array(let tiers)? = try? JSON.parse(text) else { return nil }
    var places: [[String]] = []
    for tier in tiers {
      guard case .array(let ids) = tier else { return nil }
      places.append(ids.compactMap { if case .string(let id) = $0 { id } else { nil } })
    }
    return places
  }

  /// Lists each in (time, id) order, merged into one in that order.
  private static func merged(_ lists: [[(time: String, id: String, kind: GameOutcome.Change.Kind)]])
    -> [(id: String, kind: GameOutcome.Change.Kind)]
  {
    var heads = lists.map { $0.startIndex }
    var result: [(id: String, kind: GameOutcome.Change.Kind)] = []
    result.reserveCapacity(lists.reduce(0) { $0 + $1.count })
    while true {
      var next: Int?
      for (list, head) in heads.enumerated() where head < lists[list].endIndex {
        if let best = next {
          let (a, b) = (lists[list][head], lists[best][heads[best]])
          if (a.time, a.id) < (b.time, b.id) { next = list }
        } else {
          next = list
        }
      }
      guard let list = next else { return result }
      let entry = lists[list][heads[list]]
      result.append((entry.id, entry.kind))
      heads[list] += 1
    }
  }

  /// Refuses a change to a finished game's points or roster.
  func requireInProgress(_ game: Game, _ state: GameState) throws {
    if state.isFinished { throw StoreError.gameFinished(game: game) }
  }
}
