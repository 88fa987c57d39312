/// What `list` shows, `serve` answers at `/api/games` and its page lists:
/// every game (read-only copies left out) with who it belongs to, how it
/// finished, its kind and when it last changed, newest first; read in one
/// snapshot (`Store.gamesOverview()`).
public struct GamesOverview: Sendable {
  public struct Entry: Sendable {
    public var summary: GameSummary
    public var access: GameAccess
    /// How it came out; nil while in progress.
    public var finished: FinishedGame?
    public var kind: String?
    /// Its latest change (a round, a score, a rule change, a finish), or
    /// when it was added (its id's time) before any; nil when neither is
    /// known (an imported id, a game of an older version's).
    public var lastActivity: Timestamp?
  }

  /// Which games, in what order (`list`'s options).
  public struct Filter: Hashable, Sendable {
    public enum State: Hashable, Sendable { case inProgress, finished }
    public enum Order: Hashable, Sendable {
      /// The latest activity first (games without one last, by title).
      case newestFirst
      /// Most players first, then by title: `list`'s order before issue 48.
      case mostPlayers
    }

    public var state: State?
    /// A kind, in any case; one no game has is refused.
    public var kind: String?
    /// Only games active since then.
    public var since: Timestamp?
    public var order: Order

    public init(
      state: State? = nil, kind: String? = nil, since: Timestamp? = nil, order: Order = .newestFirst
    ) {
      (self.state, self.kind, self.since, self.order) = (state, kind, since, order)
    }
  }

  public var games: [Entry]

  /// {"games": [each game's `GameSummary.json(access:)` keys, "state"
  /// ("in progress" or "finished"), "kind" (or null), "lastActivity" (a
  /// time, or null)]}: what `list --json` prints.
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
                ("lastActivity", entry.lastActivity.map { .string($0.iso8601) } ?? .null),
              ])
          })
      )
    ])
  }
}

extension Store {
  /// The games `list` shows, in one read: those `filter` keeps, in its order.
  public func gamesOverview(_ filter: GamesOverview.Filter = .init()) throws -> GamesOverview {
    var games: [GamesOverview.Entry] = []
    return try readFinishedGames(
      naming: false,
      among: {
        // The filters other than the state first, so that only the
        // results of the games they keep are read; the kind's spellings,
        // for the queries to read its games alone.
        let spellings = try filter.kind.map { typed in
          let key = GameKind.key(of: typed)
          let spellings = try database.fetchAll(
            "SELECT DISTINCT kind FROM games WHERE kind IS NOT NULL AND id NOT IN (SELECT gameID FROM archivedGames)"
          ) { try $0.text(0) }.filter { GameKind.key(of: $0) == key }
          if spellings.isEmpty { _ = try existingKind(typed) }  // refused, with the closest kinds
          return spellings
        }
        let kinds = try gameKinds(spelled: spellings)
        let activity = try lastActivities(kinds: spellings)
        games = try gamesWithAccessInRead(kinds: spellings).compactMap { game in
          let id = game.summary.game.id
          let entry = GamesOverview.Entry(
            summary: game.summary, access: game.access, finished: nil, kind: kinds[id],
            lastActivity: activity[id] ?? UUIDGenerator.time(ofVersion7: id))
          if let since = filter.since, (entry.lastActivity.map { $0 < since } ?? true) { return nil }
          return entry
        }
        return filter.kind == nil && filter.since == nil ? nil : Set(games.map(\.summary.game.id))
      }
    ) { finishedGames in
      let finished = Dictionary(uniqueKeysWithValues: finishedGames.map { ($0.game.id, $0) })
      games = games.compactMap { entry in
        var entry = entry
        entry.finished = finished[entry.summary.game.id]
        switch filter.state {
        case .inProgress?: if entry.finished != nil { return nil }
        case .finished?: if entry.finished == nil { return nil }
        case nil: break
        }
        return entry
      }
      if filter.order == .newestFirst {
        // Stable: ties (and games without a time) keep the most-players order.
        games = games.enumerated().sorted { lhs, rhs in
          let (a, b) = (lhs.element.lastActivity, rhs.element.lastActivity)
          if a != b { return a.map { a in b.map { a > $0 } ?? true } ?? false }
          return lhs.offset < rhs.offset
        }.map(\.element)
      }
      return GamesOverview(games: games)
    }
  }

  /// Each game's latest log entry (rounds, game events, score changes),
  /// by id: three index lookups a game.
  private func lastActivities(kinds: [String]?) throws -> [String: Timestamp] {
    var times: [String: Timestamp] = [:]
    try database.forEachRow(
      """
      SELECT g.id, nullif(max(
        coalesce((SELECT max(madeAt) FROM rounds WHERE gameID = g.id), ''),
        coalesce((SELECT max(time) FROM gameEvents WHERE gameID = g.id), ''),
        coalesce((SELECT max(e.time) FROM players AS p JOIN scoreEvents AS e ON e.playerID = p.id
                  WHERE p.gameID = g.id), '')), '')
      FROM games AS g WHERE 1 \(Store.kindCondition(kinds, games: "g"))
      """, (kinds ?? []).map(SQLValue.text)
    ) { row in
      if let time = try row.optionalText(1).flatMap(Timestamp.init(iso8601:)) {
        times[try row.text(0)] = time
      }
    }
    return times
  }

  /// The kind as games spell it, for one typed in any case; a kind no
  /// game has is refused, with the closest ones.
  func existingKind(_ typed: String) throws -> String {
    let key = GameKind.key(of: typed)
    let kinds = try kinds(finished: [])
    guard let found = kinds.first(where: { GameKind.key(of: $0.name) == key }) else {
      throw StoreError.kindNotFound(
        reference: typed, suggestions: Suggestion.closest(to: typed, among: kinds.map(\.name)))
    }
    return found.name
  }
}
