/// Ratings folded over finished games one at a time, in the order given:
/// what `Leaderboard` ranks, and what `rating --explain` shows game by
/// game. Co-operative games rank no one, and are passed over; so is a
/// game of a single side.
public struct RatingFold: Sendable {
  /// One person's rating: OpenSkill's, or Elo's.
  public enum Value: Hashable, Sendable {
    case skill(PlackettLuce.Rating)
    case elo(Double)

    /// What a board ranks by: the ordinal μ − 3σ, or the Elo rating.
    public var score: Double {
      switch self {
      case .skill(let rating): rating.ordinal
      case .elo(let rating): rating
      }
    }
  }

  /// A rated game's effect on one person.
  public struct Step: Hashable, Sendable {
    public var game: FinishedGame
    public var rank: Int
    public var before: Value
    public var after: Value
  }

  public let system: RatingSystem
  public private(set) var values: [String: Value] = [:]
  public private(set) var games: [String: Int] = [:]
  /// The name each person played under last.
  public private(set) var names: [String: String] = [:]
  private let model = PlackettLuce()
  private let elo = Elo()

  public init(system: RatingSystem) {
    self.system = system
  }

  private var initial: Value {
    system == .openskill ? .skill(model.initial) : .elo(elo.start)
  }

  public func value(of person: String) -> Value { values[person] ?? initial }

  /// Folds in one game; returns each member's step (none for a game that
  /// rates no one).
  @discardableResult
  public mutating func apply(_ game: FinishedGame) -> [String: Step] {
    guard !game.isCooperative && game.places.count > 1 else { return [:] }
    let ranks = game.places.map(\.rank)
    let before = game.places.map { $0.members.map { value(of: $0.person) } }
    let after: [[Value]]
    switch system {
    case .openskill:
      let ratings = before.map { side in
        side.map { if case .skill(let rating) = $0 { rating } else { model.initial } }
      }
      after = model.rate(ratings, ranks: ranks).map { $0.map(Value.skill) }
    case .elo:
      // A team plays as its members' mean rating; each member moves as the team does.
      let sides = before.map { side in side.reduce(0) { $0 + $1.score } / Double(side.count) }
      let rated = elo.rate(sides, ranks: ranks)
      after = before.indices.map { index in before[index].map { .elo($0.score + rated[index] - sides[index]) }
      }
    }
    var steps: [String: Step] = [:]
    for (index, place) in game.places.enumerated() {
      for (offset, member) in place.members.enumerated() {
        values[member.person] = after[index][offset]
        games[member.person, default: 0] += 1
        names[member.person] = member.personName
        steps[member.person] = Step(
          game: game, rank: place.rank, before: before[index][offset], after: after[index][offset])
      }
    }
    return steps
  }
}
