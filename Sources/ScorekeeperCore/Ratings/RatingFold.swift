/// Ratings folded over finished games one at a time, in the order given:
/// what `Leaderboard` ranks, and what `rating --explain` shows game by
/// game. Co-operative games rank no one, and are passed over; so is a
/// game of a single side, and one whose sides are all anonymous seats.
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

    public init(game: FinishedGame, rank: Int, before: Value, after: Value) {
      self.game = game
      self.rank = rank
      self.before = before
      self.after = after
    }
  }

  public let system: RatingSystem
  /// Each person's place in the arrays below: a fold looks each member up
  /// once a game, not once per thing it keeps of them.
  private var slots: [String: Int] = [:]
  private var people: [String] = []
  private var slotValues: [Value] = []
  private var slotGames: [Int] = []
  private var slotNames: [String] = []
  private let model = PlackettLuce()
  private let elo = Elo()

  public init(system: RatingSystem) {
    self.system = system
  }

  private var initial: Value {
    system == .openskill ? .skill(model.initial) : .elo(elo.start)
  }

  public func value(of person: String) -> Value { slots[person].map { slotValues[$0] } ?? initial }

  /// Everyone rated so far: how many games, and the name shown for them.
  public var rated: [(person: String, name: String, games: Int, value: Value)] {
    people.indices.map { (people[$0], slotNames[$0], slotGames[$0], slotValues[$0]) }
  }

  /// Folds in one game; returns each member's step (none for a game that
  /// rates no one).
  @discardableResult
  public mutating func apply(_ game: FinishedGame) -> [String: Step] {
    var steps: [String: Step] = [:]
    fold(game) { person, rank, before, after in
      steps[person] = Step(game: game, rank: rank, before: before, after: after)
    }
    return steps
  }

  /// Folds in one game, telling `step` each member's change.
  public mutating func fold(
    _ game: FinishedGame,
    step: ((_ person: String, _ rank: Int, _ before: Value, _ after: Value) -> Void)? = nil
  ) {
    guard !game.isCooperative && game.places.count > 1,
      game.places.contains(where: { !$0.members.isEmpty })
    else { return }
    let ranks = game.places.map(\.rank)
    // A side of anonymous seats alone (`Person.isNobody`) plays as someone
    // new, at the starting rating, whom the game rates for no one: finishing
    // 2nd of three against strangers still says something about you.
    let sideSlots = game.places.map { place in
      place.members.isEmpty ? [nil] : place.members.map { slot(of: $0.person, named: $0.personName) }
    }
    let before = sideSlots.map { side in side.map { $0.map { slotValues[$0] } ?? initial } }
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
    for (index, side) in sideSlots.enumerated() {
      for (offset, slot) in side.enumerated() {
        guard let slot else { continue }
        slotValues[slot] = after[index][offset]
        slotGames[slot] += 1
        step?(people[slot], ranks[index], before[index][offset], after[index][offset])
      }
    }
  }

  /// A person's slot, made on first sight; the name shown is the latest.
  private mutating func slot(of person: String, named name: String) -> Int {
    if let slot = slots[person] {
      if slotNames[slot] != name { slotNames[slot] = name }
      return slot
    }
    slots[person] = people.count
    people.append(person)
    slotValues.append(initial)
    slotGames.append(0)
    slotNames.append(name)
    return people.count - 1
  }
}
