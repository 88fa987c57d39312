/// What `list` shows, `serve` answers at `/api/games` and its page lists:
/// every game (read-only copies left out) with who it belongs to, how it
/// finished and its kind, most players first; read in one snapshot
/// (`Store.gamesOverview()`).
public struct GamesOverview: Sendable {
  public struct Entry: Sendable {
    public var summary: GameSummary
    public var access: GameAccess
    /// How it came out; nil while in progress.
    public var finished: FinishedGame?
    public var kind: String?
  }

  public var games: [Entry]

  /// {"games": [each game's `GameSummary.json(access:)` keys, "state"
  /// ("in progress" or "finished"), "kind" (or null)]}: what `list --json`
  /// prints.
  public var json: JSON {
    .object([
      (
        "games",
        .array(
          games.map { entry in
            guard case .object(let fields) = entry.summary.json(access: entry.access) else { return .null }
            return .object(
              fields + [
                ("state", .string(entry.finished == nil ? "in progress" : "finished")),
                ("kind", entry.kind.map(JSON.string) ?? .null),
              ])
          })
      )
    ])
  }
}

extension Store {
  /// The games `list` shows, in one read.
  public func gamesOverview() throws -> GamesOverview {
    try readFinishedGames(naming: false) { finishedGames in
      let finished = Dictionary(uniqueKeysWithValues: finishedGames.map { ($0.game.id, $0) })
      let kinds = try gameKinds()
      return GamesOverview(
        games: try gamesWithAccessInRead().map { game in
          let id = game.summary.game.id
          return GamesOverview.Entry(
            summary: game.summary, access: game.access, finished: finished[id], kind: kinds[id])
        })
    }
  }
}
