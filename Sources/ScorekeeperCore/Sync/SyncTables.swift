/// What code outside the sync engine asks of the sync tables or writes to
/// them, each statement here, beside the engine's own (`SyncMetadata`,
/// `SyncTracking`, `ImportTracking`): a change to those tables is made in
/// `Sync/` alone.
enum SyncTables {
  /// Whether a database holds nothing for the cloud: no row waiting to be
  /// sent, and no device claim (a new database about to be discarded).
  static func holdNothingToSend(_ database: Database) throws -> Bool {
    try database.fetchOne(
      """
      \(SyncTracking.marker) SELECT (SELECT count(*) FROM syncRecords WHERE \(SyncMetadata.isPending)) = 0
        AND (SELECT deviceClaim IS NULL FROM syncState)
      """
    ) { try $0.int(0) == 1 } ?? false
  }

  /// How many rows a database holds that its cloud has not: none for a
  /// database that never synced (it keeps all it has here, by intent).
  static func unsentRows(_ database: Database) throws -> Int {
    try database.fetchOne(
      """
      SELECT CASE WHEN (SELECT userName FROM syncState) IS NULL THEN 0 ELSE count(*) END
      FROM syncRecords WHERE state <> 'synced'
      """
    ) { try $0.int(0) } ?? 0
  }

  /// Marks a database as a backup put back: its first sync keeps the games
  /// deleted since as read-only copies (`SyncEngine.keepGamesDeletedSinceBackup`).
  static func markRestored(_ database: Database) throws {
    try database.execute("UPDATE syncState SET restoredAt = now()")
  }

  /// The tracking of a batch of `rows` score changes an importer inserted
  /// (the batch's ids as ?1…?rows): each one's `syncRecords` row made as
  /// the trigger `sync_scoreEvents_insert` makes it, whatever state one had.
  static func trackScoreEvents(rows: Int) -> String {
    """
    \(SyncTracking.marker) INSERT INTO syncRecords
      (recordName, tableName, rowID, zoneName, ownerName, parentRecordName, state, changeCount)
    SELECT e.id || ':scoreEvents', 'scoreEvents', e.id, parent.zoneName, parent.ownerName, parent.recordName,
      'pendingSave', 1
    FROM scoreEvents AS e JOIN syncRecords AS parent ON parent.recordName = e.playerID || ':players'
    WHERE e.id IN (\((1...rows).map { "?\($0)" }.joined(separator: ", ")))
    ON CONFLICT (recordName) DO UPDATE SET
      state = 'pendingSave', changeCount = changeCount + 1, zoneName = excluded.zoneName,
      ownerName = excluded.ownerName, parentRecordName = excluded.parentRecordName
    """
  }

  /// The columns a game's access is read from (`access(_:from:)`), of the
  /// tables `accessJoin` adds to a query of games.
  static let accessColumns = "r.ownerName, z.shareRecordName, z.shareLink, z.permission, z.onlyPlayer"

  /// Joins each game of the alias `games` to its record and zone.
  static func accessJoin(games: String) -> String {
    """
    LEFT JOIN syncRecords AS r ON r.recordName = \(games).id || ':games'
    LEFT JOIN syncZones AS z ON z.ownerName = r.ownerName AND z.zoneName = r.zoneName
    """
  }

  /// The access to the game of id `id`, as this device last synced it.
  static func access(ofGameID id: String, in database: Database) throws -> GameAccess {
    try database.fetchOne(
      """
      SELECT \(accessColumns)
      FROM syncRecords AS r
      LEFT JOIN syncZones AS z ON z.ownerName = r.ownerName AND z.zoneName = r.zoneName
      WHERE r.recordName = ?1
      """, [.text(SyncedTable.games.recordName(of: id))]
    ) { try access($0, from: 0) } ?? .mine
  }

  /// Access from the `accessColumns` starting at `first`: the record's
  /// owner ('' or NULL: this user), the zone's share record, link,
  /// permission and the one player this user scores for.
  static func access(_ row: Row, from first: Int) throws -> GameAccess {
    let owner = try row.optionalText(first) ?? ""
    if !owner.isEmpty {
      let permission =
        try row.optionalText(first + 3).flatMap(SharePermission.init(rawValue:)) ?? .readOnly
      return .sharedWithMe(owner: owner, permission: permission, onlyPlayer: try row.optionalText(first + 4))
    }
    return try row.optionalText(first + 1) == nil ? .mine : .sharedByMe(link: try row.optionalText(first + 2))
  }
}
