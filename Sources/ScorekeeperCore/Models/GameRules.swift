/// How a game is won and when it ends by itself: who ranks first, and
/// the target total or number of rounds that ends it. A game made before
/// rules existed has `classic` rules: highest wins, it never ends by
/// itself.
public struct GameRules: Hashable, Sendable {
  public enum Winner: String, Hashable, Sendable, CaseIterable {
    /// The highest total ranks first (most games).
    case highest
    /// The lowest total ranks first (golf, Hearts).
    case lowest
  }

  public var winner: Winner
  /// The game ends as soon as any total reaches it (for lowest-wins, as
  /// in Hearts, reaching it ends the game and the lowest total wins). In
  /// a countdown (`start` above it) a total reaches it from above: darts
  /// 501 ends at 0.
  public var target: Points?
  /// Every player's score when added (schema v23): darts starts at 501.
  /// Nil for 0. A starting score is a score change like any other.
  public var start: Points?
  /// With a target, a change that would take a side past it counts 0 for
  /// that side (schema v23): darts' bust, which keeps 0 reached exactly.
  public var bust: Bool
  /// With a target, the game ends only once the side first leads the
  /// next by this much (schema v22): ping-pong to 11, win by 2, goes on
  /// past 10-10 until one leads by 2.
  public var winBy: Int?
  /// The game ends once this many rounds were played.
  public var rounds: Int?
  /// Whether the game counts for statistics and ratings (schema v17):
  /// false for one kept but not counted (practice, teaching, a play BG
  /// Stats ignored). It plays, ends and lists as any game.
  public var counted: Bool
  /// Whether the players win or lose together (schema v19): the game ends
  /// when `finish` says how the table did, never by itself.
  public var cooperative: Bool

  public init(
    winner: Winner = .highest, target: Points? = nil, winBy: Int? = nil, rounds: Int? = nil,
    counted: Bool = true, cooperative: Bool = false, start: Points? = nil, bust: Bool = false
  ) throws(GameRulesError) {
    if let target, target < 0 { throw .targetNotPositive(target) }
    if let winBy, winBy <= 0 { throw .winByNotPositive(winBy) }
    if let rounds, rounds <= 0 { throw .roundsNotPositive(rounds) }
    if let start, start <= 0 { throw .startNotPositive(start) }
    self.winner = winner
    self.target = target
    self.start = start
    self.bust = bust
    self.winBy = winBy
    self.rounds = rounds
    self.counted = counted
    self.cooperative = cooperative
    if let problem = problem { throw problem }
  }

  /// What these rules cannot be together: a co-operative game that would
  /// end by itself (the table's result is said at `finish`); a margin to
  /// win by, or a bust, without a target to reach; a target of 0 outside
  /// a countdown; a start at the target, or one above a target the
  /// highest total wins by (no one could reach it by scoring).
  public var problem: GameRulesError? {
    if cooperative && endsByItself { return .cooperativeEndsByItself }
    if let winBy, target == nil { return .winByWithoutTarget(winBy) }
    if bust && target == nil { return .bustWithoutTarget }
    guard let target else { return nil }
    guard let start else { return target == 0 ? .targetNotPositive(target) : nil }
    if start == target { return .startAtTarget(target) }
    if start > target && winner == .highest { return .countdownHighestWins(start: start, target: target) }
    return nil
  }

  /// Whether totals go down to the target: a start above it (darts 501).
  public var isCountdown: Bool {
    guard let target, let start else { return false }
    return start > target
  }

  /// Whether `total` has reached the target (from below, or from above in
  /// a countdown).
  func reaches(_ total: Points, _ target: Points) -> Bool {
    isCountdown ? total <= target : total >= target
  }

  /// Whether a side at `total` that gains `amount` would go past the
  /// target, so that the change busts (counts 0) for it.
  public func busts(from total: Points, by amount: Points) -> Bool {
    guard bust, let target else { return false }
    let next = total + amount
    return isCountdown ? next < target : next > target
  }

  /// Highest wins, no end: every game made before rules existed.
  public static let classic = try! GameRules()

  /// These rules with a logged change applied (schema v13's
  /// `gameEvents`): nil leaves a rule as it is, a target or round count
  /// of 0 removes it (a countdown's target of 0 is logged with
  /// `targetZero`, schema v23). Values no program writes (a negative
  /// count, from a damaged or forged record) remove it too.
  func changed(
    winner: Winner?, target: Points?, targetZero: Bool = false, winBy: Int64? = nil, rounds: Int64?,
    counted: Bool? = nil, cooperative: Bool? = nil, start: Points? = nil, bust: Bool? = nil
  ) -> GameRules {
    var rules = self
    if let counted { rules.counted = counted }
    if let cooperative { rules.cooperative = cooperative }
    if let winner { rules.winner = winner }
    if let start { rules.start = start > 0 ? start : nil }
    if let bust { rules.bust = bust }
    if let target { rules.target = target > 0 || (target == 0 && targetZero) ? target : nil }
    if let winBy { rules.winBy = winBy > 0 ? Int(clamping: winBy) : nil }
    // A margin or a bust means nothing without its target: removing the
    // target removes them, unless the same change gives one (which
    // `problem` refuses).
    if target != nil, rules.target == nil, winBy == nil { rules.winBy = nil }
    if target != nil, rules.target == nil, bust == nil { rules.bust = false }
    if let rounds { rules.rounds = rounds > 0 ? Int(clamping: rounds) : nil }
    return rules
  }

  /// Whether the game ends by itself (a target, a number of rounds).
  public var endsByItself: Bool { target != nil || rounds != nil }

  /// Whether `lhs` ranks before `rhs` under these rules.
  public func ranksBefore(_ lhs: Points, _ rhs: Points) -> Bool {
    winner == .highest ? lhs > rhs : lhs < rhs
  }

  /// Whether totals like these (one per player, or per team when the game
  /// has teams), after `roundsPlayed` rounds, end the game. With a margin
  /// to win by, `totals` must be every side's: the lead is the first
  /// side's over the next.
  public func ends(totals: some Collection<Points>, roundsPlayed: Int) -> Bool {
    if let rounds, roundsPlayed >= rounds { return true }
    guard let target, totals.contains(where: { reaches($0, target) }) else { return false }
    guard let winBy else { return true }
    // The first two sides, in one pass: this is judged after every change.
    var (first, second): (Points?, Points?) = (nil, nil)
    for total in totals {
      if first.map({ ranksBefore(total, $0) }) ?? true {
        (first, second) = (total, first)
      } else if second.map({ ranksBefore(total, $0) }) ?? true {
        second = total
      }
    }
    guard let first, let second else { return true }
    let lead = first > second ? first - second : second - first
    return lead >= Points(Int64(winBy))
  }
}

/// Rules that cannot be: the value typed is quoted back.
public enum GameRulesError: Error, Hashable, Sendable, CustomStringConvertible {
  case targetNotPositive(Points)
  case winByNotPositive(Int)
  case winByWithoutTarget(Int)
  case roundsNotPositive(Int)
  case cooperativeEndsByItself
  case startNotPositive(Points)
  case startAtTarget(Points)
  case countdownHighestWins(start: Points, target: Points)
  case bustWithoutTarget

  public var description: String {
    switch self {
    case .targetNotPositive(let target):
      "The target \(target) is not a total a game can reach: give a number above 0 "
        + "(0 only for a countdown: --start above it and --lowest-wins)."
    case .winByNotPositive(let margin):
      "A game cannot be won by \(margin): give a lead of 1 or more to win by."
    case .winByWithoutTarget(let margin):
      "To win by \(margin), a game needs a target to reach first: give --target too."
    case .roundsNotPositive(let rounds):
      "A game of \(rounds) rounds cannot be played: give a whole number of rounds from 1 up."
    case .cooperativeEndsByItself:
      "A co-operative game ends when you say how the table did (finish GAME --cooperative won or lost), "
        + "not by a target or a number of rounds: give one or the other."
    case .startNotPositive(let start):
      "A start of \(start) is no score to count from: give a number above 0 (--start 501)."
    case .startAtTarget(let target):
      "A game that starts at its target \(target) would end before anyone played: give another --start or --target."
    case .countdownHighestWins(let start, let target):
      "Starting at \(start), the target \(target) is reached by counting down, where the lowest total wins: "
        + "add --lowest-wins (darts 501), or give a target above the start."
    case .bustWithoutTarget:
      "A bust is a score that would pass the target: give --target too (darts: --start 501 --target 0 --bust)."
    }
  }
}

/// How the table did in a co-operative game: everyone won, or everyone lost.
public enum TableResult: String, Hashable, Sendable, CaseIterable {
  case won, lost
}
