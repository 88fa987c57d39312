/// What finished games say of each person: a pure function of the games
/// given (`Store.finishedResults`, in the order they ended), like the
/// leaderboard. A first place shared with some is a win; shared by every
/// side, a draw; anything else a loss. Co-operative results rank no one,
/// and are counted apart.
public struct Statistics: Hashable, Sendable {
  public struct Line: Hashable, Sendable {
    /// `Person.key`.
    public var person: String
    /// The name the person played under last.
    public var name: String
    /// Competitive games played: won, drawn (every side first) and lost.
    public var games = 0
    public var wins = 0
    public var draws = 0
    public var losses: Int { games - wins - draws }
    public var winRate: Double { games == 0 ? 0 : Double(wins) / Double(games) }
    /// Mean place (1 is first); nil before any competitive game.
    public var averagePosition: Double? { games == 0 ? nil : Double(placeSum) / Double(games) }
    /// Mean of the person's own totals; nil before any competitive game.
    public var averageScore: Double? { games == 0 ? nil : scoreSum.double / Double(games) }
    /// The total that was best under its game's rules: the highest, or in
    /// a lowest-wins game the lowest. Nil before any game.
    public var bestScore: Points?
    /// Wins in a row up to the latest game (a draw or a loss ends a run),
    /// and the longest such run.
    public var currentStreak = 0
    public var longestStreak = 0
    /// Co-operative games played, and won.
    public var cooperativeGames = 0
    public var cooperativeWins = 0

    fileprivate var placeSum = 0
    fileprivate var scoreSum: Points = 0
    /// Orders best scores across games of either direction (nil before any).
    fileprivate var bestGoodness: Points?
  }

  /// One opponent, from one person's side: games played against each
  /// other (on different sides), and how often the person finished above,
  /// below, or level.
  public struct HeadToHead: Hashable, Sendable {
    /// `Person.key`.
    public var opponent: String
    public var name: String
    public var games = 0
    public var above = 0
    public var below = 0
    public var tied = 0
  }

  /// Everyone who played, by name.
  public private(set) var lines: [Line] = []
  private var pairs: [String: [String: HeadToHead]] = [:]

  public init(of games: [FinishedGame]) {
    var lines: [String: Line] = [:]
    for game in games {
      // Each member with its side's index and place.
      let members = game.places.enumerated().flatMap { side, place in place.members.map { (side, place, $0) }
      }
      // Once a game, not once a member: a game may have 100,000 players.
      let isDraw = game.verdict == .draw
      for (_, place, member) in members {
        var line = lines[member.person] ?? Line(person: member.person, name: member.personName)
        line.name = member.personName
        if game.isCooperative {
          line.cooperativeGames += 1
          if place.rank == 1 { line.cooperativeWins += 1 }
        } else if game.places.count > 1 {
          line.games += 1
          line.placeSum += place.rank
          line.scoreSum += member.total
          let goodness = game.lowestWins ? -member.total : member.total
          if line.bestGoodness.map({ goodness > $0 }) ?? true {
            (line.bestGoodness, line.bestScore) = (goodness, member.total)
          }
          if isDraw {
            line.draws += 1
            line.currentStreak = 0
          } else if place.rank == 1 {
            line.wins += 1
            line.currentStreak += 1
            line.longestStreak = max(line.longestStreak, line.currentStreak)
          } else {
            line.currentStreak = 0
          }
        }
        lines[member.person] = line
      }
      guard !game.isCooperative else { continue }
      for (side, place, member) in members {
        for (otherSide, otherPlace, other) in members where otherSide != side && other.person != member.person
        {
          var pair =
            pairs[member.person, default: [:]][other.person]
            ?? HeadToHead(opponent: other.person, name: other.personName)
          pair.name = other.personName
          pair.games += 1
          if place.rank < otherPlace.rank {
            pair.above += 1
          } else if place.rank > otherPlace.rank {
            pair.below += 1
          } else {
            pair.tied += 1
          }
          pairs[member.person, default: [:]][other.person] = pair
        }
      }
    }
    self.lines = lines.values.sorted { ($0.name.lowercased(), $0.person) < ($1.name.lowercased(), $1.person) }
  }

  /// A person's line, by `Person.key`.
  public func line(of person: String) -> Line? {
    lines.first { $0.person == person }
  }

  /// A person's record against each opponent, by name (the one each
  /// played under last).
  public func headToHead(of person: String) -> [HeadToHead] {
    let names = Dictionary(lines.map { ($0.person, $0.name) }, uniquingKeysWith: { first, _ in first })
    return (pairs[person] ?? [:]).values.map { pair in
      var pair = pair
      pair.name = names[pair.opponent] ?? pair.name
      return pair
    }.sorted { ($0.name.lowercased(), $0.opponent) < ($1.name.lowercased(), $1.opponent) }
  }

  /// Who beat the person most often (the first by name among equals);
  /// nil when no one ever did.
  public func nemesis(of person: String) -> HeadToHead? {
    headToHead(of: person).filter { $0.below > 0 }.max { lhs, rhs in
      lhs.below != rhs.below ? lhs.below < rhs.below : lhs.name.lowercased() > rhs.name.lowercased()
    }
  }
}
