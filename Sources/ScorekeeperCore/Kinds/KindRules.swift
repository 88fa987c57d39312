/// What a kind of game brings to every new game of it (issue 48): how it
/// is won and ends, how many play in a team, and its rounds' names in
/// order. `add-game --kind` starts a game with them, and `round` names
/// each round after the next of `roundNames` the game has not used.
public struct KindRules: Hashable, Sendable {
  /// Where a kind's rules come from: the user's own (`kinds --set`,
  /// synced to their devices) win over the program's library.
  public enum Source: String, Hashable, Sendable {
    case yours
    case builtIn = "built-in"
  }

  /// As set (the library's spelling for a built-in kind).
  public var name: String
  /// Every rule but `counted`, which is a game's own (a teaching game):
  /// no kind's row stores it, so a kind's rules always count.
  public var rules: GameRules
  /// Players per team (Spades: 2); nil for a game everyone plays alone.
  public var teamSize: Int?
  /// The rounds' names, in the order a score pad lists them (7 Wonders'
  /// categories); empty for numbered rounds.
  public var roundNames: [String]
  public var source: Source

  /// Checked as every path in checks them (a command, a sync, an import):
  /// the name and round names as titles are, round names different in
  /// any case, no more of them than a round limit allows.
  public init(
    name: String, rules: GameRules = .classic, teamSize: Int? = nil, roundNames: [String] = [],
    source: Source = .yours
  ) throws {
    self.name = try TextField.gameKind.validate(name)
    self.rules = rules
    if let teamSize, !(2...Self.largestTeam).contains(teamSize) {
      throw KindRulesError.teamSize(teamSize)
    }
    self.teamSize = teamSize
    guard roundNames.count <= Self.mostRoundNames else {
      throw KindRulesError.tooManyRoundNames(roundNames.count)
    }
    var seen: [String: String] = [:]
    self.roundNames = try roundNames.map { typed in
      let name = try TextField.roundName.validate(typed)
      if let earlier = seen.updateValue(name, forKey: GameKind.key(of: name)) {
        throw KindRulesError.roundNameTwice(earlier, name)
      }
      return name
    }
    if let rounds = rules.rounds, self.roundNames.count > rounds {
      throw KindRulesError.roundNamesPastRounds(names: self.roundNames.count, rounds: rounds)
    }
    self.source = source
  }

  /// The most players a team is said to have.
  public static let largestTeam = 100
  /// The most round names a kind lists (Yahtzee has 15 with its bonuses).
  public static let mostRoundNames = 100

  /// Whether these say anything a game of no kind would not.
  public var saysSomething: Bool { rules != .classic || teamSize != nil || !roundNames.isEmpty }
}

/// A kind's rules that cannot be together, quoting what was given.
public enum KindRulesError: Error, Hashable, Sendable, CustomStringConvertible {
  case teamSize(Int)
  case tooManyRoundNames(Int)
  case roundNameTwice(String, String)
  case roundNamesPastRounds(names: Int, rounds: Int)

  public var description: String {
    switch self {
    case .teamSize(let size):
      "A team of \(size) is no team: give --teams from 2 to \(KindRules.largestTeam) players."
    case .tooManyRoundNames(let count):
      "\(count) round names are more than a kind can list (\(KindRules.mostRoundNames))."
    case .roundNameTwice(let first, let second):
      first == second
        ? "The round name \(quote(first)) is given twice: each round needs its own."
        : "The round names \(quote(first)) and \(quote(second)) are one name in any case: each round needs its own."
    case .roundNamesPastRounds(let names, let rounds):
      "\(names) round names, but the game ends after \(rounds) round\(rounds == 1 ? "" : "s"): "
        + "give --rounds \(names) or more, or fewer names."
    }
  }
}
