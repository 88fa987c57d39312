/// A game's score sheet, as on paper: a row per round, a column per
/// player, the score changes made outside the rounds where they fell,
/// and the totals that count.
public struct ScoreSheet: Hashable, Sendable {
  public struct Round: Hashable, Sendable {
    public var number: Int
    /// Its name (`round --name`), shown instead of its number.
    public var name: String? = nil
    /// Points by player id: the round's, with its corrections.
    public var points: [String: Points]
    /// Whether a correction (`round --fix`) changed it.
    public var corrected: Bool
    /// The players whose points in it busted (`--bust`): shown, counted 0.
    public var busts: Set<String> = []
    /// Who made it (schema v28).
    public var author: ChangeAuthor = .thisDevice(user: nil)
  }

  /// A score change outside the rounds (`score`, a starting score).
  public struct Change: Hashable, Sendable {
    /// How many rounds were played before it.
    public var afterRound: Int
    public var playerID: String
    public var points: Points
    public var time: Timestamp
    /// Whether it busted (`--bust`): shown, counted 0.
    public var bust = false
    /// Who made it (schema v28).
    public var author: ChangeAuthor = .thisDevice(user: nil)
  }

  /// A row of the sheet as it is read: a round, or changes outside the
  /// rounds that fell together (after the same round, no player twice:
  /// every player's starting score is one row).
  public enum Row: Hashable, Sendable {
    case round(Round)
    /// "start" (before the first round, in a game with a start) or
    /// "score"; each player's points, and those that busted.
    case changes(label: String, points: [String: Points], busts: Set<String>)
  }

  /// The rounds and the changes outside them, in the order they fell.
  public var rows: [Row] {
    var rows: [Row] = []
    var pending = changes[...]
    func outside(upTo round: Int) {
      var (points, busts): ([String: Points], Set<String>) = ([:], [])
      var afterRound = 0
      func close() {
        guard !points.isEmpty else { return }
        let label = afterRound == 0 && state.rules.start != nil ? "start" : "score"
        rows.append(.changes(label: label, points: points, busts: busts))
        (points, busts) = ([:], [])
      }
      while let change = pending.first, change.afterRound <= round {
        pending.removeFirst()
        if points[change.playerID] != nil || change.afterRound != afterRound { close() }
        afterRound = change.afterRound
        points[change.playerID] = change.points
        if change.bust { busts.insert(change.playerID) }
      }
      close()
    }
    for round in rounds {
      outside(upTo: round.number - 1)
      rows.append(.round(round))
    }
    outside(upTo: Int.max)
    return rows
  }

  public var game: GameSummary
  public var state: GameState
  /// The players by name (ignoring case, then exactly, then by id), with
  /// their teams: the same columns on every device. (The order they were
  /// added in is this device's alone: players added at once on two
  /// devices, or arriving in one sync, are inserted in any order.)
  public var players: [(player: Player, team: String?)] {
    zip(playerList, teams).map { ($0, $1) }
  }
  private var playerList: [Player]
  private var teams: [String?]
  /// A column for each team given points of its own (schema v27), after
  /// the players', by team name: its id (its seat's) keys its points in
  /// the rounds, the changes and the totals. (A team whose points two
  /// devices began at once has two seats; their points meet in one column.)
  public var teamColumns: [TeamColumn]

  public struct TeamColumn: Hashable, Sendable {
    public var id: String
    public var team: String
  }

  public var rounds: [Round]
  public var changes: [Change]
  /// The totals that count, by player id.
  public var totals: [String: Points]

  init(
    game: GameSummary, state: GameState, players: [(player: Player, team: String?)],
    teamColumns: [TeamColumn] = [], rounds: [Round], changes: [Change], totals: [String: Points]
  ) {
    self.game = game
    self.state = state
    playerList = players.map(\.player)
    teams = players.map(\.team)
    self.teamColumns = teamColumns
    self.rounds = rounds
    self.changes = changes
    self.totals = totals
  }
}

extension Store {
  /// The score sheet of the game a reference names, from one snapshot.
  public func sheet(of gameReference: String) throws -> ScoreSheet {
    try read { try sheet(of: try findGame(gameReference)) }
  }

  /// The score sheet of `game`, inside a read.
  func sheet(of game: Game) throws -> ScoreSheet {
    let state = try state(of: game)
    let rows = try database.fetchAll(
      """
      SELECT id, name, score, scoreThousandths, team, isTeam FROM players WHERE gameID = ?1
      ORDER BY isTeam IS NOT NULL, name COLLATE NOCASE, name, id
      """,
      [.text(game.id)]
    ) { row in
      (
        player: Player(
          id: try row.text(0), gameID: game.id, name: try row.text(1), score: try row.total(2)),
        team: try row.optionalText(4), isTeam: try row.optionalInt64(5) != nil
      )
    }
    let players = rows.filter { !$0.isTeam }.map { (player: $0.player, team: $0.team) }
    // Each seat's column: its team's first seat's (by id, as on every device).
    var teamColumns: [ScoreSheet.TeamColumn] = []
    var columnOf: [String: String] = [:]
    for row in rows where row.isTeam {
      guard let team = row.team else { continue }  // counts for no one
      let key = Ranking.sideKey(team: team, player: "")
      if let first = teamColumns.first(where: { Ranking.sideKey(team: $0.team, player: "") == key }) {
        columnOf[row.player.id] = first.id
      } else {
        teamColumns.append(ScoreSheet.TeamColumn(id: row.player.id, team: team))
        columnOf[row.player.id] = row.player.id
      }
    }
    let column = { (id: String) in columnOf[id] ?? id }
    let live = try liveRounds(of: game)
    var rounds = live.enumerated().map {
      ScoreSheet.Round(number: $0.offset + 1, name: $0.element.name, points: [:], corrected: false)
    }
    let index = Dictionary(uniqueKeysWithValues: live.enumerated().map { ($1.id, $0) })
    // Each round row's points, and its maker (a round's, not its corrections').
    try database.forEachRow(
      """
      SELECT coalesce(r.fixes, r.id), r.fixes IS NOT NULL, e.playerID, sum(e.delta), sum(e.thousandths), r.id,
        r.device, r.device = (SELECT id FROM localDevice), \(ChangeAuthor.columns(of: "r"))
      FROM rounds AS r LEFT JOIN scoreEvents AS e ON e.roundID = r.id
      WHERE r.gameID = ?1 AND r.undoes IS NULL
        AND NOT EXISTS (SELECT 1 FROM rounds AS u WHERE u.undoes = r.id)
      GROUP BY r.id, e.playerID
      """, [.text(game.id)]
    ) { row in
      guard let at = index[try row.text(0)] else { return }  // a correction of an undone round
      if try row.int(1) == 1 {
        rounds[at].corrected = true
      } else {
        rounds[at].author = try ChangeAuthor(row, from: 6)
      }
      if let player = try row.optionalText(2) {
        rounds[at].points[column(player), default: 0] += try row.points(3)
        if state.outcome.busts[try row.text(5)]?.contains(player) == true {
          rounds[at].busts.insert(column(player))
        }
      }
    }
    // Both in time order: the rounds before a change only grow.
    var played = 0
    let changes = try database.fetchAll(
      """
      SELECT e.time, e.playerID, e.delta, e.thousandths, e.id, e.device, e.device = (SELECT id FROM localDevice),
        \(ChangeAuthor.columns(of: "e"))
      FROM players AS p JOIN scoreEvents AS e ON e.playerID = p.id
      WHERE p.gameID = ?1 AND e.roundID IS NULL AND e.undoes IS NULL
        AND NOT EXISTS (SELECT 1 FROM scoreEvents AS u WHERE u.undoes = e.id)
      ORDER BY e.time, e.id
      """, [.text(game.id)]
    ) { row in
      let time = try row.timestamp(0)
      while played < live.count, live[played].madeAt <= time { played += 1 }
      return ScoreSheet.Change(
        afterRound: played, playerID: column(try row.text(1)), points: try row.points(2), time: time,
        bust: state.outcome.busts[try row.text(4)] != nil, author: try ChangeAuthor(row, from: 5))
    }
    var totals: [String: Points] = [:]
    for row in rows where !row.isTeam || columnOf[row.player.id] != nil {
      let total = state.outcome.countsEveryPoint ? row.player.score : state.outcome.totals[row.player.id] ?? 0
      totals[column(row.player.id), default: 0] += total
    }
    return ScoreSheet(
      game: GameSummary(game: game, playerCount: players.count), state: state, players: players,
      teamColumns: teamColumns, rounds: rounds, changes: changes, totals: totals)
  }
}
