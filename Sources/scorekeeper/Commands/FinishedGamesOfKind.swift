import ScorekeeperCore

// What leaderboard, rating and stats read: the finished games, all or of
// one kind (--kind).

extension Command {
  /// The finished games a rating or statistics command reads, of the
  /// kind `--kind` names if given (`Store.countedFinishedGames`).
  static func finishedGames(_ invocation: Invocation) throws -> (games: [FinishedGame], kind: String?) {
    try invocation.store().countedFinishedGames(ofKind: invocation[Option.ofKind])
  }
}

extension Option where Value == String {
  /// `--kind` as a filter: the games of one kind.
  static let ofKind = Option(
    OptionSpec(name: "--kind", valueName: "KIND", help: "Only games of this kind (any case; see \"kinds\")."))
}
