/// What `rating PERSON` shows: the person's entry on the board the games
/// make, and each rated game's part in it (`--explain`), folded in the
/// order the games ended.
public struct RatingHistory: Sendable {
  public var system: RatingSystem
  /// The person's entry; nil when no rated game has them.
  public var entry: Leaderboard.Entry?
  /// How many people the board ranks.
  public var boardSize: Int
  /// The names on the board, for a suggestion when `entry` is nil.
  public var names: [String]
  /// Each rated game of the person's, in folding order.
  public var steps: [RatingFold.Step]

  /// The history of the person named `typed` (as a person's name, any
  /// case, or a player's) over `games`.
  public init(of typed: String, over games: [FinishedGame], system: RatingSystem) {
    let person = games.person(named: typed) ?? Person.key(of: typed)
    var fold = RatingFold(system: system)
    var steps: [RatingFold.Step] = []
    for game in games {
      fold.fold(game) { member, rank, before, after in
        if member == person {
          steps.append(RatingFold.Step(game: game, rank: rank, before: before, after: after))
        }
      }
    }
    let board = Leaderboard(fold)
    self.system = system
    entry = board.entries.first { $0.person == person }
    boardSize = board.entries.count
    names = board.entries.map(\.name)
    self.steps = steps
  }

  /// `rating PERSON --json`: {"system", "kind", the entry's keys, and with
  /// `explaining` "explain": [each step]}.
  public func json(of games: CountedGames, explaining: Bool) -> JSON {
    guard let entry, case .object(let fields) = entry.json else { return .null }
    return .object(
      [("system", .string(system.rawValue)), ("kind", games.kind.map(JSON.string) ?? .null)] + fields
        + (explaining ? [("explain", .array(steps.map(\.json)))] : []))
  }
}
