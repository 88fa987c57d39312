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
  func gamesWithAccessInRead() throws -> [(summary: GameSummary, access: GameAccess)] {
    try database.fetchAll(
      """
      SELECT g.id, g.title, (SELECT count(*) FROM players WHERE players.gameID = g.id),
             r.ownerName, z.shareRecordName, z.shareLink, z.permission
      FROM games AS g
      LEFT JOIN syncRecords AS r ON r.recordName = g.id || ':games'
      LEFT JOIN syncZones AS z ON z.ownerName = r.ownerName AND z.zoneName = r.zoneName
      WHERE g.id NOT IN (SELECT gameID FROM archivedGames)
      ORDER BY 3 DESC, g.title COLLATE NOCASE, g.title, g.id
      """
    ) { row in
      (GameSummary(game: try Game(row: row), playerCount: try row.int(2)), try Self.access(row, from: 3))
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
    try database.fetchOne(
      """
      SELECT r.ownerName, z.shareRecordName, z.shareLink, z.permission
      FROM syncRecords AS r
      LEFT JOIN syncZones AS z ON z.ownerName = r.ownerName AND z.zoneName = r.zoneName
      WHERE r.recordName = ?1
      """, [.text(SyncedTable.games.recordName(of: id))]
    ) { try Self.access($0, from: 0) } ?? .mine
  }

  /// Access from four columns starting at `first`: the record's owner
  /// ('' or NULL: this user), the zone's share record, link and permission.
  private static func access(_ row: Row, from first: Int) throws -> GameAccess {
    let owner = try row.optionalText(first) ?? ""
    if !owner.isEmpty {
      let permission =
        try row.optionalText(first + 3).flatMap(SharePermission.init(rawValue:)) ?? .readOnly
      return .sharedWithMe(owner: owner, permission: permission)
    }
    return try row.optionalText(first + 1) == nil ? .mine : .sharedByMe(link: try row.optionalText(first + 2))
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
