/// Who a game belongs to and what this user may do with it, as far as
/// this device knows (from its last sync).
public enum GameAccess: Hashable, Sendable {
  /// This user's game, not shared.
  case mine
  /// This user's game, shared through `link` with `permission` for those
  /// who join.
  case sharedByMe(link: String?)
  /// Someone else's game, shared with this user.
  case sharedWithMe(owner: String, permission: SharePermission)

  public var isShared: Bool { self != .mine }

  public var canWrite: Bool {
    if case .sharedWithMe(_, let permission) = self { return permission == .readWrite }
    return true
  }
}

extension Store {
  /// Every game with its player count and access, most players first
  /// (one query, however many games).
  public func gamesWithAccess() throws -> [(summary: GameSummary, access: GameAccess)] {
    try read { try gamesWithAccessInRead() }
  }

  /// The same, inside a read.
  ///
  /// `kinds` keeps the games of these spellings of a kind alone (`list
  /// --kind`: the other games' rows are not read).
  func gamesWithAccessInRead(kinds: [String]? = nil) throws -> [(summary: GameSummary, access: GameAccess)] {
    try database.fetchAll(
      """
      SELECT g.id, g.title, \(Self.playerCount(ofGame: "g.id")),
             \(SyncTables.accessColumns)
      FROM games AS g \(SyncTables.accessJoin(games: "g"))
      WHERE g.id NOT IN (SELECT gameID FROM archivedGames) \(Self.kindCondition(kinds, games: "g"))
      ORDER BY 3 DESC, g.title COLLATE NOCASE, g.title, g.id
      """, (kinds ?? []).map(SQLValue.text)
    ) { row in
      (
        GameSummary(game: try Game(row: row), playerCount: try row.int(2)),
        try SyncTables.access(row, from: 3)
      )
    }
  }

  /// The access to the game a reference names.
  public func access(toGame reference: String, archived: Bool = false) throws -> (
    game: Game, access: GameAccess
  ) {
    try read {
      let game = try findGame(reference, archived: archived)
      return (game, try access(ofGameID: game.id))
    }
  }

  func access(ofGameID id: String) throws -> GameAccess {
    try SyncTables.access(ofGameID: id, in: database)
  }

  /// Refuses, before anything is written, a change to a game shared with
  /// this user read-only.
  func requireWritable(_ game: Game) throws {
    if case .sharedWithMe(let owner, let permission) = try access(ofGameID: game.id),
      permission != .readWrite
    {
      throw StoreError.readOnlyGame(game: game, owner: owner)
    }
  }
}

extension Store {
  /// `AND <games>.kind IN (?1, ?2, …)` for `kinds` (nil: no condition).
  static func kindCondition(_ kinds: [String]?, games: String) -> String {
    guard let kinds else { return "" }
    return "AND \(games).kind IN (" + kinds.indices.map { "?\($0 + 1)" }.joined(separator: ", ") + ")"
  }
}
