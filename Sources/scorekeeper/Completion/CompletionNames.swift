import ScorekeeperCore

extension Completer.Names {
  /// The names in the database at `path` (`CompletionNames`, in core).
  static func inDatabase(at path: String) -> Self {
    let names = CompletionNames(path: path)
    return Self(
      games: names.games(startingWith:), players: names.players(of:startingWith:),
      kinds: names.kinds(startingWith:))
  }
}
