import ScorekeeperCore

// What leaderboard, rating and stats read: the finished games, all or of
// one kind (--kind).

extension Command {
  /// The finished games a rating or statistics command reads: all that
  /// count (not those kept out, `set-rules --not-counted`), or those of
  /// the kind named (any case), refusing a kind no game has.
  static func finishedGames(_ invocation: Invocation) throws -> (games: [FinishedGame], kind: String?) {
    let store = try invocation.store()
    let games = try store.finishedResults().filter(\.isCounted)
    guard let typed = invocation[Option.ofKind] else { return (games, nil) }
    let key = GameKind.key(of: typed)
    let kinds = try store.kinds(countingFinished: false)
    guard let kind = kinds.first(where: { GameKind.key(of: $0.name) == key }) else {
      throw CommandFailure(
        "No game is of the kind \(quote(typed))."
          + Suggestion.didYouMean(Suggestion.closest(to: typed, among: kinds.map(\.name)))
          + " Run \"scorekeeper kinds\" to see them.")
    }
    return (games.filter { $0.kind.map(GameKind.key) == key }, kind.name)
  }
}

extension Option where Value == String {
  /// `--kind` as a filter: the games of one kind.
  static let ofKind = Option(
    OptionSpec(name: "--kind", valueName: "KIND", help: "Only games of this kind (any case; see \"kinds\")."))
}
