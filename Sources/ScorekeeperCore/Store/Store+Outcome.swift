/// A game's outcome as the store computes it: its log (schema v13's
/// rounds and game events, and its score events) replayed by
/// `GameOutcome`, with the players it ranks.
public struct GameState: Hashable, Sendable {
  public var outcome: GameOutcome
  /// Each player's id and team, in the standings' tie order (name, id).
  public var players: [(id: String, team: String?)] {
    zip(playerIDs, teams).map { ($0, $1) }
  }
  private var playerIDs: [String]
  private var teams: [String?]

  @_spi(Testing) public init(outcome: GameOutcome, players: [(id: String, team: String?)]) {
    self.outcome = outcome
    playerIDs = players.map(\.id)
    teams = players.map(\.team)
  }

  public var rules: GameRules { outcome.rules }
  public var isFinished: Bool { outcome.isFinished }
  public var hasTeams: Bool { teams.contains { $0 != nil } }
  /// The winners' ids: empty while the game is in progress.
  public var winners: Set<String> { Set(outcome.winners(players: players) ?? []) }
  /// The sides, best first (teams when the game has them).
  public var places: [Ranking.Place] { outcome.places(players: players) }

  /// A standings shape with the totals that count (some came after the end).
  func countedShape(_ shape: StandingsShape) -> StandingsShape {
    var shape = shape
    shape.highestScore = outcome.totals.values.max() ?? 0
    shape.lowestScore = outcome.totals.values.min() ?? 0
    return shape
  }
}

extension Store {
  /// The state of a game: its log replayed under its rules. A game with
  /// no game events (classic rules, never finished) cannot end, so its
  /// totals are the players' cached sums and no score event is read.
  func state(of game: Game) throws -> GameState {
    let players = try database.fetchAll(
      """
      SELECT id, team, score FROM players WHERE gameID = ?1
      ORDER BY name COLLATE NOCASE, name, id
      """, [.text(game.id)]
    ) { (id: try $0.text(0), team: try $0.optionalText(1), score: try $0.int64(2)) }
    let ruling = try gameEvents(of: game)
    let sides = players.map { (id: $0.id, team: $0.team) }
    guard !ruling.isEmpty else {
      let totals = Dictionary(players.map { ($0.id, $0.score) }, uniquingKeysWith: { first, _ in first })
      let outcome = GameOutcome(totals: totals, roundsPlayed: try roundsPlayed(in: game))
      return GameState(outcome: outcome, players: sides)
    }
    let outcome = GameOutcome(
      replaying: ruling + (try pointChanges(of: game)), players: sides, rules: .classic)
    return GameState(outcome: outcome, players: sides)
  }

  /// The rule changes, finishes and reopenings of a game, as log entries;
  /// each rule change completes the rules in force before it.
  private func gameEvents(of game: Game) throws -> [GameOutcome.Change] {
    var rules = GameRules.classic
    var changes: [GameOutcome.Change] = []
    try database.forEachRow(
      """
      SELECT id, time, kind, winner, target, roundLimit, winners FROM gameEvents
      WHERE gameID = ?1 ORDER BY time, id
      """, [.text(game.id)]
    ) { row in
      let kind: GameOutcome.Change.Kind
      switch try row.text(2) {
      case "rules":
        rules = rules.changed(
          winner: try row.optionalText(3).flatMap(GameRules.Winner.init(rawValue:)),
          target: try row.optionalInt64(4), rounds: try row.optionalInt64(5))
        kind = .rules(rules)
      case "finish":
        kind = .finish(winners: try row.optionalText(6).map { $0.split(separator: " ").map(String.init) })
      case "reopen":
        kind = .reopen
      default:
        return  // a later version's kind
      }
      changes.append(GameOutcome.Change(id: try row.text(0), time: try row.timestamp(1), kind: kind))
    }
    return changes
  }

  /// A game's points as log entries: each round row (a round, a
  /// correction, an undo of either) with its score events, and each score
  /// event outside the rounds on its own.
  private func pointChanges(of game: Game) throws -> [GameOutcome.Change] {
    var changes: [String: GameOutcome.Change] = [:]
    try database.forEachRow(
      """
      SELECT r.id, r.madeAt, CASE WHEN r.fixes IS NOT NULL THEN 0
        WHEN r.undoes IS NULL THEN 1
        WHEN EXISTS (SELECT 1 FROM rounds AS u WHERE u.id = r.undoes AND u.fixes IS NULL) THEN -1
        ELSE 0 END
      FROM rounds AS r WHERE r.gameID = ?1
      """, [.text(game.id)]
    ) { row in
      let id = try row.text(0)
      changes[id] = GameOutcome.Change(
        id: id, time: try row.timestamp(1), kind: .points([:], rounds: try row.int(2)))
    }
    try database.forEachRow(
      """
      SELECT coalesce(e.roundID, e.id), e.time, e.playerID, e.delta
      FROM players AS p JOIN scoreEvents AS e ON e.playerID = p.id WHERE p.gameID = ?1
      """, [.text(game.id)]
    ) { row in
      let key = try row.text(0)
      var change =
        changes[key]
        ?? GameOutcome.Change(id: key, time: try row.timestamp(1), kind: .points([:], rounds: 0))
      guard case .points(var points, let rounds) = change.kind else { return }
      points[try row.text(2), default: 0] &+= try row.int64(3)
      change.kind = .points(points, rounds: rounds)
      changes[key] = change
    }
    return Array(changes.values)
  }

  /// How many rounds of a game count (`isLiveRound`).
  func roundsPlayed(in game: Game) throws -> Int {
    try database.fetchOne(
      "SELECT count(*) FROM rounds AS r WHERE \(Self.isLiveRound)", [.text(game.id)]
    ) { try $0.int(0) }!
  }

  /// Refuses a change to a finished game's points or roster.
  func requireInProgress(_ game: Game, _ state: GameState) throws {
    if state.isFinished { throw StoreError.gameFinished(game: game) }
  }
}
