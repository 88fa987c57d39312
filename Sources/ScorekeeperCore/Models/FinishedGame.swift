/// A finished game as statistics and ratings see it: when it ended, and
/// its sides in their places, each member named as a person.
public struct FinishedGame: Hashable, Sendable {
  public var game: Game
  /// Which game it is ("Hearts"), if it was said.
  public var kind: String?
  /// When the change that ended it was made: ratings fold games in this
  /// order, then by game id, so every device folds them alike.
  public var finishedAt: Timestamp
  /// The sides, best first; ties share a rank.
  public var places: [Place]
  /// The rules it ended under: whether the lowest total ranked first.
  public var lowestWins: Bool
  /// Who won, by name, in standings order: the winners `finish --winner`
  /// named, or every member of the sides sharing the first place.
  public var winnerNames: [String]
  /// Won or lost together (`finish --winner` naming everyone, or no
  /// one): a result, but not a ranking of its players.
  public var isCooperative: Bool

  public struct Place: Hashable, Sendable {
    public var rank: Int
    /// The side's total (a team's: its members' sum).
    public var total: Int64
    public var members: [Member]

    public init(rank: Int, total: Int64, members: [Member]) {
      self.rank = rank
      self.total = total
      self.members = members
    }
  }

  public struct Member: Hashable, Sendable {
    public var playerID: String
    public var name: String
    /// Who plays, across games (`Person.key`).
    public var person: String
    /// The player's own total, of the points that count.
    public var total: Int64

    public init(playerID: String, name: String, person: String, total: Int64) {
      self.playerID = playerID
      self.name = name
      self.person = person
      self.total = total
    }
  }

  public init(
    game: Game, kind: String?, finishedAt: Timestamp, places: [Place], lowestWins: Bool,
    winnerNames: [String] = [], isCooperative: Bool
  ) {
    self.winnerNames = winnerNames
    self.game = game
    self.kind = kind
    self.finishedAt = finishedAt
    self.places = places
    self.lowestWins = lowestWins
    self.isCooperative = isCooperative
  }
}

/// Who plays, across games: players with the same name (case-insensitive,
/// surrounding spaces ignored) are one person.
public enum Person {
  public static func key(of name: String) -> String {
    name.trimmingWhitespace().lowercased()
  }
}
