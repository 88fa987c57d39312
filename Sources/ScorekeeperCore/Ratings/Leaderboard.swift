/// The rating systems a leaderboard can use.
public enum RatingSystem: String, CaseIterable, Hashable, Sendable {
  /// OpenSkill's Plackett–Luce model, ranked by the ordinal μ − 3σ.
  case openskill
  /// Elo, for one-against-one ladders.
  case elo
}

/// Everyone's rating after a sequence of finished games, best first: a
/// pure fold over the games in the order given (`RatingFold`;
/// `Store.finishedResults` gives them by finish time, then id), so any
/// device with the same games computes the same board.
public struct Leaderboard: Hashable, Sendable {
  public struct Entry: Hashable, Sendable {
    public var rank: Int
    /// `Person.key`.
    public var person: String
    /// The name the person played under last.
    public var name: String
    public var games: Int
    public var value: RatingFold.Value
    /// Fewer than `Leaderboard.provisionalBelow` rated games.
    public var isProvisional: Bool { games < Leaderboard.provisionalBelow }

    /// OpenSkill's rating (nil under Elo).
    public var skill: PlackettLuce.Rating? { if case .skill(let rating) = value { rating } else { nil } }
    /// Elo's rating (nil under OpenSkill).
    public var elo: Double? { if case .elo(let rating) = value { rating } else { nil } }
    /// What the board ranks by.
    public var score: Double { value.score }
  }

  public static let provisionalBelow = 5

  public var system: RatingSystem
  public var entries: [Entry]

  public init(folding games: [FinishedGame], system: RatingSystem) {
    var fold = RatingFold(system: system)
    for game in games { fold.fold(game) }
    self.init(fold)
  }

  /// The board of a fold's ratings.
  public init(_ fold: RatingFold) {
    system = fold.system
    let unranked = fold.rated.map {
      Entry(rank: 0, person: $0.person, name: $0.name, games: $0.games, value: $0.value)
    }
    // Best first; equal ratings share a rank, listed by name.
    let ordered = unranked.sorted { ($1.score, $0.name, $0.person) < ($0.score, $1.name, $1.person) }
    var entries: [Entry] = []
    for (index, entry) in ordered.enumerated() {
      var entry = entry
      entry.rank = index > 0 && entries[index - 1].score == entry.score ? entries[index - 1].rank : index + 1
      entries.append(entry)
    }
    self.entries = entries
  }
}
