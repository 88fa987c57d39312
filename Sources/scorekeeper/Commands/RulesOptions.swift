import ScorekeeperCore

// The options that set a game's rules, shared by add-game and set-rules.
// A value that is no rule (0, negative, not a number) is refused before
// anything is touched, quoting what was typed.

extension Flag {
  static let lowestWins = Flag(
    spec: OptionSpec(name: "--lowest-wins", help: "The lowest total ranks first (golf, Hearts)."))
  static let highestWins = Flag(
    spec: OptionSpec(name: "--highest-wins", help: "The highest total ranks first (the default)."))
  static let noTarget = Flag(spec: OptionSpec(name: "--no-target", help: "Remove the target."))
  static let noRounds = Flag(spec: OptionSpec(name: "--no-rounds", help: "Remove the number of rounds."))
  static let noWinBy = Flag(spec: OptionSpec(name: "--no-win-by", help: "Remove the lead needed to win."))
  static let notCounted = Flag(
    spec: OptionSpec(
      name: "--not-counted",
      help: "Keep the game out of stats, leaderboards and ratings (practice, teaching)."))
  static let counted = Flag(
    spec: OptionSpec(name: "--counted", help: "Count the game in stats and ratings again (the default)."))
  static let noKind = Flag(spec: OptionSpec(name: "--no-kind", help: "Say no more which game it is."))
  static let bust = Flag(
    spec: OptionSpec(
      name: "--bust", help: "With --target: a round or score that would pass it counts 0 (darts' bust)."))
  static let noBust = Flag(spec: OptionSpec(name: "--no-bust", help: "A score past the target counts again."))
  static let cooperative = Flag(
    spec: OptionSpec(
      name: "--cooperative",
      help: "The players win or lose together (Pandemic): finish says how the table did."))
  static let competitive = Flag(
    spec: OptionSpec(name: "--competitive", help: "The players play against each other (the default)."))
}

extension Option where Value == String {
  /// Which game it is: checked like a title when the command runs.
  static let kind = Option(
    OptionSpec(
      name: "--kind", valueName: "KIND",
      help: "Which game it is (\"Hearts\"): games of one kind count together in ratings and stats."))
}

extension Option where Value == Points {
  static let target = Option(
    OptionSpec(
      name: "--target", valueName: "N",
      help:
        "End the game as soon as a total (a team's, with teams) reaches N (above 0; 10.5 too; 0 in a countdown)."
    )
  ) { text in
    let target = try typedPoints(text, in: "--target \(text)")
    guard target >= 0 else {
      throw UsageError("--target takes a target total of 0 or more (got \(quote(text))).")
    }
    return target
  }
  static let start = Option(
    OptionSpec(
      name: "--start", valueName: "N",
      help: "Every player starts at N (above 0): with --lowest-wins --target 0, a countdown (darts 501).")
  ) { text in
    let start = try typedPoints(text, in: "--start \(text)")
    guard start > 0 else { throw UsageError("--start takes a starting score above 0 (got \(quote(text))).") }
    return start
  }
}

extension Option where Value == Int {
  static let rounds = Option(
    OptionSpec(name: "--rounds", valueName: "N", help: "End the game after N rounds (1 or more).")
  ) { text in Int(try positive(text, option: "--rounds", what: "a number of rounds", limit: 1_000_000)) }
  static let winBy = Option(
    OptionSpec(
      name: "--win-by", valueName: "N",
      help: "With --target: the game ends only once the leader is N ahead (ping-pong: 2).")
  ) { text in Int(try positive(text, option: "--win-by", what: "a lead", limit: 1_000_000_000)) }
}

/// A whole number from 1 to `limit`, or the usage error quoting `text`.
private func positive(_ text: String, option: String, what: String, limit: Int64) throws -> Int64 {
  guard let value = Int64(text), (1...limit).contains(value) else {
    throw UsageError("\(option) takes \(what), a whole number from 1 to \(limit) (got \(quote(text))).")
  }
  return value
}

extension Flag {
  static let noStart = Flag(spec: OptionSpec(name: "--no-start", help: "Every player starts at 0."))
  static let noTeams = Flag(spec: OptionSpec(name: "--no-teams", help: "Everyone plays alone."))
  static let noRoundNames = Flag(spec: OptionSpec(name: "--no-round-names", help: "Rounds go by number."))
}

extension Option where Value == Int {
  static let teams = Option(
    OptionSpec(name: "--teams", valueName: "N", help: "Played in teams of N players (Spades: 2).")
  ) { text in
    Int(try positive(text, option: "--teams", what: "a team's size", limit: Int64(KindRules.largestTeam)))
  }
}

extension Option where Value == [String] {
  /// Round names between commas; each is checked when the command runs.
  static let roundNames = Option(
    OptionSpec(
      name: "--round-names", valueName: "LIST",
      help: "The rounds' names in order, between commas (\"Military, Coins, Wonder\").")
  ) { text in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
}

extension Command {
  /// The rules named on a command line (add-game's, kinds --set's), to
  /// lay over a kind's: an option not given keeps the kind's.
  static func rulesEdit(_ invocation: Invocation) -> KindRulesEdit {
    func change<T>(_ value: T?, removed: Flag) -> RuleChange<T>? {
      invocation[removed] ? .remove : value.map(RuleChange.set)
    }
    return KindRulesEdit(
      winner: invocation[.lowestWins] ? .lowest : invocation[.highestWins] ? .highest : nil,
      target: change(invocation[.target], removed: .noTarget),
      winBy: change(invocation[.winBy], removed: .noWinBy),
      rounds: change(invocation[.rounds], removed: .noRounds),
      start: change(invocation[.start], removed: .noStart),
      bust: invocation[.bust] ? true : invocation[.noBust] ? false : nil,
      cooperative: invocation[.cooperative] ? true : invocation[.competitive] ? false : nil,
      counted: invocation[.notCounted] ? false : nil, teamSize: change(invocation[.teams], removed: .noTeams),
      roundNames: change(invocation[Option.roundNames], removed: .noRoundNames))
  }

  /// Pairs of options that undo each other: giving both is a usage error.
  static let opposedRuleOptions = [
    ("--lowest-wins", "--highest-wins"), ("--target", "--no-target"), ("--win-by", "--no-win-by"),
    ("--start", "--no-start"), ("--bust", "--no-bust"), ("--rounds", "--no-rounds"),
    ("--not-counted", "--counted"),
    ("--cooperative", "--competitive"), ("--teams", "--no-teams"), ("--round-names", "--no-round-names"),
  ]
}
