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
  /// Won or lost together (`GameOutcome.isCooperative`): a result, but
  /// not a ranking of its players (won: every side first; lost: second).
  public var isCooperative: Bool

  /// How it came out, as `GameState.verdict` says it.
  public var verdict: GameState.Verdict {
    if isCooperative { return places.first?.rank == 1 ? .tableWon : .tableLost }
    return places.count > 1 && places.allSatisfy({ $0.rank == 1 }) ? .draw : .winners
  }
  /// Whether it counts for statistics and ratings: not a game kept out of
  /// them (`set-rules --not-counted`, a play BG Stats ignored).
  public var isCounted: Bool

  public struct Place: Hashable, Sendable {
    public var rank: Int
    /// The side's total (a team's: its members' sum).
    public var total: Points
    public var members: [Member]

    public init(rank: Int, total: Points, members: [Member]) {
      self.rank = rank
      self.total = total
      self.members = members
    }
  }

  public struct Member: Hashable, Sendable {
    public var playerID: String
    public var name: String
    /// Who plays, across games (`PeopleDirectory`'s person id).
    public var person: String
    /// The name shown for that person (`PeopleNames`).
    public var personName: String
    /// The player's own total, of the points that count.
    public var total: Points

    public init(playerID: String, name: String, person: String, personName: String? = nil, total: Points) {
      self.playerID = playerID
      self.name = name
      self.person = person
      self.personName = personName ?? name
      self.total = total
    }
  }

  public init(
    game: Game, kind: String?, finishedAt: Timestamp, places: [Place], lowestWins: Bool,
    winnerNames: [String] = [], isCooperative: Bool, isCounted: Bool = true
  ) {
    self.isCounted = isCounted
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
    // Most names are ASCII: lowered byte by byte, without the Unicode
    // tables a leaderboard would consult for each of hundreds of
    // thousands of players.
    var utf8 = name.utf8[...]
    guard utf8.allSatisfy({ $0 < 0x80 }) else { return name.trimmingWhitespace().lowercased() }
    let isSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0d).contains(byte) }
    while let first = utf8.first, isSpace(first) { utf8.removeFirst() }
    while let last = utf8.last, isSpace(last) { utf8.removeLast() }
    return String(decoding: utf8.map { (0x41...0x5a).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
  }

  /// Whether a player so named is nobody in particular: "Anonymous" or
  /// "Anonymous 2" (any case), as BG Stats' unnamed seats are imported,
  /// or as a user leaves a seat. It plays and places in its game, and is
  /// never a person: not in `people`, `stats`, the leaderboard or ratings.
  public static func isNobody(_ name: String) -> Bool {
    let key = key(of: name)
    guard key.hasPrefix("anonymous") else { return false }
    let number = key.dropFirst("anonymous".count)
    return number.isEmpty
      || (number.first == " " && number.count > 1
        && number.dropFirst().allSatisfy { ("0"..."9").contains($0) })
  }
}

extension Array where Element == FinishedGame {
  /// The person a name typed on the command line means in these games:
  /// the one shown under it (any case), else the one a player of that
  /// name is (a name a merge made someone else's); nil for neither.
  public func person(named typed: String) -> String? {
    let key = Person.key(of: typed)
    let members = lazy.flatMap(\.places).flatMap(\.members)
    return members.first { Person.key(of: $0.personName) == key }?.person
      ?? members.first { Person.key(of: $0.name) == key }?.person
  }
}
