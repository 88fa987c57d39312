import ScorekeeperCore

// What leaderboard, rating and stats read: the counted finished games,
// all or of one kind (--kind), chosen in core (`Store.countedGames`).

extension Option where Value == String {
  /// `--kind` as a filter: the games of one kind.
  static let ofKind = Option(
    OptionSpec(name: "--kind", valueName: "KIND", help: "Only games of this kind (any case; see \"kinds\")."))
}
