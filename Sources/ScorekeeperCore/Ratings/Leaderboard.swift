/// The rating systems a leaderboard can use.
public enum RatingSystem: String, CaseIterable, Hashable, Sendable {
  /// OpenSkill's Plackett–Luce model, ranked by the ordinal μ − 3σ.
  case openskill
  /// Elo, for one-against-one ladders.
  case elo
}

/// Everyone's rating after a sequence of finished games, best first: a
/// pure fold over the games in the order given (`Store.finishedResults`
/// gives them by finish time, then id), so any device with the same games
/// computes the same board. Co-operative games rank no one, and are left
/// out; so is a game of a single side.
public struct Leaderboard: Hashable, Sendable {
  public struct Entry: Hashable, Sendable {
    public var rank: Int
    /// `Person.key`.
    public var person: String
    /// The name the person played under last.
    public var name: String
    public var games: Int
    /// OpenSkill's rating (nil under Elo).
    public var skill: PlackettLuce.Rating?
    /// Elo's rating (nil under OpenSkill).
    public var elo: Double?
    /// Fewer than `Leaderboard.provisionalBelow` rated games.
    public var isProvisional: Bool { games < Leaderboard.provisionalBelow }

    /// What the board ranks by.
    public var score: Double { skill?.ordinal ?? elo ?? 0 }
  }

  public static let provisionalBelow = 5

  public var system: RatingSystem
  public var entries: [Entry]

  public init(folding games: [FinishedGame], system: RatingSystem) {
    self.system = system
    var names: [String: String] = [:]
    var counts: [String: Int] = [:]
    var skills: [String: PlackettLuce.Rating] = [:]
    var elos: [String: Double] = [:]
    let model = PlackettLuce()
    let elo = Elo()
    for game in games where !game.isCooperative && game.places.count > 1 {
      let ranks = game.places.map(\.rank)
      for member in game.places.flatMap(\.members) {
        names[member.person] = member.name
        counts[member.person, default: 0] += 1
      }
      switch system {
      case .openskill:
        let before = game.places.map { $0.members.map { skills[$0.person] ?? model.initial } }
        let after = model.rate(before, ranks: ranks)
        for (place, ratings) in zip(game.places, after) {
          for (member, rating) in zip(place.members, ratings) { skills[member.person] = rating }
        }
      case .elo:
        // A team plays as its members' mean rating; each member moves as the team does.
        let sides = game.places.map { place in
          place.members.reduce(0) { $0 + (elos[$1.person] ?? elo.start) } / Double(place.members.count)
        }
        let after = elo.rate(sides, ranks: ranks)
        for (index, place) in game.places.enumerated() {
          for member in place.members {
            elos[member.person] = (elos[member.person] ?? elo.start) + after[index] - sides[index]
          }
        }
      }
    }
    let unranked = counts.keys.map { person in
      Entry(
        rank: 0, person: person, name: names[person]!, games: counts[person]!, skill: skills[person],
        elo: elos[person])
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
