/// How a game stands after everything that happened to it, replayed in
/// the order it happened (by time, then id): the totals that count, the
/// rounds played, and whether, when and how it ended.
///
/// The result is never stored: it is this function of the synced,
/// append-only log. So every device that has the same log agrees on who
/// won, and a change made offline before the game ended, which arrives
/// after it ended elsewhere, counts where it belongs in time; the result
/// is recomputed (and may change). Points made after the game ended, by
/// time, stay in the history but do not count.
public struct GameOutcome: Hashable, Sendable {
  /// One entry of a game's log.
  public struct Change: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
      /// Points by player id, and how the change moves the count of
      /// rounds played: a round (+1), the undo of one (-1), a correction
      /// or a score change outside the rounds (0).
      case points([String: Points], rounds: Int)
      /// `set-rules`.
      case rules(GameRules)
      /// `finish`, with the winners named (`finish --winner`), and the
      /// places it gives, best first (schema v17: BG Stats' ranks);
      /// `cooperative` (schema v19) whether it is the table's result,
      /// nil for a finish made before v19 (`GameOutcome.isCooperative`).
      case finish(winners: [String]?, places: [[String]]? = nil, cooperative: Bool? = nil)
      case reopen
    }

    public var id: String
    public var time: Timestamp
    public var kind: Kind

    public init(id: String, time: Timestamp, kind: Kind) {
      self.id = id
      self.time = time
      self.kind = kind
    }
  }

  public enum Ending: Hashable, Sendable {
    /// A total reached the rules' target.
    case target
    /// The rules' number of rounds were played.
    case rounds
    /// `finish`; `winners` when they were named, `places` when given.
    case byHand(winners: [String]?, places: [[String]]? = nil, cooperative: Bool? = nil)
  }

  /// Each player's total, of the points that count (and each team
  /// seat's: its team's own points).
  public private(set) var totals: [String: Points]
  /// The rows holding a team's own points (schema v27), seat id → team:
  /// each counts for its team's side, and is no one's place.
  public private(set) var teamSeats: [String: String] = [:]
  public private(set) var roundsPlayed = 0
  public private(set) var rules: GameRules
  /// How a game ended, and the change of its log that ended it.
  public struct Finish: Hashable, Sendable {
    public var how: Ending
    public var change: String

    public init(_ how: Ending, by change: String) {
      self.how = how
      self.change = change
    }
  }

  /// Nil while the game is in progress.
  public private(set) var finish: Finish?
  /// Every time the game ended by itself (a target reached, the rounds
  /// played), in order, with who won then: a reopened game may end again,
  /// and no change of its own says so, so history lists these.
  public private(set) var endings: [PastEnding] = []

  public struct PastEnding: Hashable, Sendable {
    public var finish: Finish
    /// The players who won then (the sides first at that change).
    public var winners: [String]
  }
  /// Changes made after the game ended: in the history, not in the totals.
  public private(set) var notCounted: [String] = []
  /// The players each change busted for (its points would have taken
  /// their side past the target, under a bust rule), by change id: in
  /// the history and the sheet, counted as 0.
  public private(set) var busts: [String: Set<String>] = [:]

  /// Whether every point made counts, so the totals are the players'
  /// cached sums: nothing came after the end, nothing busted.
  public var countsEveryPoint: Bool { notCounted.isEmpty && busts.isEmpty }

  public var isFinished: Bool { finish != nil }

  /// Replays `changes` for `players` (id → team, nil for none) and the
  /// teams' seats, starting from `rules`. A game ends at the first change
  /// after which its rules say it ends; `reopen` ends nothing, and the
  /// next change is judged afresh.
  public init(
    replaying changes: [Change], players: [(id: String, team: String?)], teamSeats: [String: String] = [:],
    rules: GameRules
  ) {
    let ordered = changes.sorted { ($0.time, $0.id) < ($1.time, $1.id) }
    self.init(
      replayingInOrder: ordered.lazy.map { ($0.id, $0.kind) }, players: players, teamSeats: teamSeats,
      rules: rules)
  }

  /// The replay itself, over changes already in the order they happened.
  ///
  /// Each side's total is kept as the points come, and after a change of
  /// points only the sides it touched are judged: before it, no side had
  /// reached the target, or the game would have ended. A rule change, or
  /// the first change after a reopening, judges every side. So a replay
  /// costs about one step per point, whatever the number of players.
  init(
    replayingInOrder changes: some Sequence<(id: String, kind: Change.Kind)>,
    players: [(id: String, team: String?)], teamSeats: [String: String] = [:], rules: GameRules
  ) {
    self.rules = rules
    self.teamSeats = teamSeats
    let everyRow = players + teamSeats.map { (id: $0.key, team: Optional($0.value)) }
    totals = Dictionary(everyRow.map { ($0.id, 0) }, uniquingKeysWith: { first, _ in first })
    // A player plays for its team's side, or for a side of its own; a
    // team's seat for its team.
    let sideOf = Dictionary(
      everyRow.map { ($0.id, Ranking.sideKey(team: $0.team, player: $0.id)) },
      uniquingKeysWith: { first, _ in first })
    var sideTotals = Dictionary(
      sideOf.values.map { ($0, Points.zero) }, uniquingKeysWith: { first, _ in first })
    var judgesEverySide = true
    var scored: Set<String> = []
    for (id, kind) in changes {
      var touched: Set<String> = []
      switch kind {
      case .points(let points, let rounds):
        guard !isFinished else {
          notCounted.append(id)
          continue
        }
        // A bust is judged on a side's whole share of the change, so the
        // order of its members' points does not matter.
        var busted: Set<String> = []
        if self.rules.bust {
          var shares: [String: Points] = [:]
          for (player, amount) in points {
            if let side = sideOf[player] { shares[side, default: 0] += amount }
          }
          busted = Set(shares.filter { self.rules.busts(from: sideTotals[$0.key]!, by: $0.value) }.keys)
        }
        for (player, amount) in points {
          guard let side = sideOf[player] else { continue }  // a player removed since
          if busted.contains(side) {
            busts[id, default: []].insert(player)
            continue
          }
          totals[player]! += amount
          sideTotals[side]! += amount
          touched.insert(side)
        }
        roundsPlayed += rounds
      case .rules(let new):
        self.rules = new
        judgesEverySide = true
        if isFinished { continue }
      case .finish(let winners, let places, let cooperative):
        if !isFinished {
          finish = Finish(.byHand(winners: winners, places: places, cooperative: cooperative), by: id)
        }
        continue
      case .reopen:
        finish = nil
        judgesEverySide = true
        continue
      }
      // Only a side that has had points can have reached the target: in a
      // countdown, a side not yet given its start is at 0, the end.
      scored.formUnion(touched)
      var judged: [Points]
      if self.rules.winBy != nil, let target = self.rules.target {
        // A margin to win by is every side's business: a side at the
        // target may come to lead by another's change, the lead is over
        // the next.
        let reached = scored.contains { self.rules.reaches(sideTotals[$0]!, target) }
        judged = reached ? Array(sideTotals.values) : []
      } else {
        judged = (judgesEverySide ? scored : touched).map { sideTotals[$0]! }
      }
      judgesEverySide = false
      if !self.rules.cooperative && self.rules.ends(totals: judged, roundsPlayed: roundsPlayed) {
        let byRounds = self.rules.rounds.map { roundsPlayed >= $0 } ?? false
        finish = Finish(byRounds ? .rounds : .target, by: id)
        let winners = Ranking.winners(of: Ranking.places(of: entries(players), under: self.rules))
        endings.append(PastEnding(finish: finish!, winners: winners.flatMap(\.members)))
      }
    }
  }

  /// A game that never ended, under `rules` now: every point counts.
  /// (One whose log holds no rule change and no finish has classic rules,
  /// and cannot end.) `totals` may be empty when no one needs them; they
  /// are the players' cached sums.
  @_spi(Testing) public init(
    totals: [String: Points], roundsPlayed: Int, rules: GameRules = .classic,
    teamSeats: [String: String] = [:]
  ) {
    self.rules = rules
    self.totals = totals
    self.roundsPlayed = roundsPlayed
    self.teamSeats = teamSeats
  }

  /// The sides best first: as a finish placed them (the places it
  /// gives; else the winners it names first, then the others by their
  /// totals), else by their totals under the rules in force.
  public func places(players: [(id: String, team: String?)]) -> [Ranking.Place] {
    let byTotals = Ranking.places(of: entries(players), under: rules)
    // The table's result places no one above another.
    if isCooperative(players: players) {
      return byTotals.map {
        var place = $0; place.rank = 1; return place
      }
    }
    guard case .byHand(let named, let given, _)? = finish?.how else { return byTotals }
    if let given { return Ranking.placed(byTotals, in: given, othersByTotal: false) }
    if let named, !named.isEmpty { return Ranking.placed(byTotals, in: [named], othersByTotal: true) }
    return byTotals
  }

  /// Whether the finish, not the totals, decides the places (winners
  /// named, or places given): then standings follow `places`.
  public var isPlacedByFinish: Bool {
    guard case .byHand(let named, let given, let cooperative)? = finish?.how else { return false }
    return given != nil || named?.isEmpty == false || cooperative == true
  }

  /// Who won: nil in progress; the players named by `finish --winner`, or
  /// every member of every side sharing the first place.
  public func winners(players: [(id: String, team: String?)]) -> [String]? {
    guard let finish else { return nil }
    if case .byHand(let named?, _, _) = finish.how { return named }
    return Ranking.winners(of: places(players: players)).flatMap(\.members)
  }

  /// Whether the game ended as the table's result, won or lost together:
  /// a finish saying so (schema v19), or one made before v19 naming
  /// everyone or no one, as it meant then.
  public func isCooperative(players: [(id: String, team: String?)]) -> Bool {
    guard case .byHand(let named?, _, let cooperative)? = finish?.how else { return false }
    if let cooperative { return cooperative }
    return named.isEmpty || players.allSatisfy { named.contains($0.id) }
  }

  /// The players, then the teams' seats (by id: the same order on every device).
  private func entries(_ players: [(id: String, team: String?)]) -> [Ranking.Entry] {
    players.map { Ranking.Entry(id: $0.id, total: totals[$0.id] ?? 0, team: $0.team) }
      + teamSeats.sorted { $0.key < $1.key }.map {
        Ranking.Entry(id: $0.key, total: totals[$0.key] ?? 0, team: $0.value, isTeamSeat: true)
      }
  }
}
