// The engine's statements on `syncZones` (each zone this device knows:
// whether the server has it, where its fetch stopped, its share) and on
// `archivedGames` (games kept as read-only copies). With the rest of
// `SyncMetadata`, the one door to the sync tables inside the engine
// (`SyncTables` is the door for code outside it). Each runs inside the
// caller's transaction. A zone is named by its owner's key ('' for this
// user's own) and its name, as the table keys it.

extension SyncMetadata {
  /// The zones this device has seen on the server, in one database;
  /// `user` owns the '' zones.
  func zonesOnServer(in scope: DatabaseScope, user: String) throws -> [ZoneID] {
    try db.fetchAll(
      """
      \(Self.marker) SELECT ownerName, zoneName FROM syncZones
      WHERE existsOnServer AND (ownerName = '') = ?1
      """, [.integer(scope == .private ? 1 : 0)]
    ) { row in
      let owner = try row.text("ownerName")
      return ZoneID(name: try row.text("zoneName"), ownerName: owner.isEmpty ? user : owner)
    }
  }

  /// The names of this user's own zones the server has.
  func ownZonesOnServer() throws -> [String] {
    try db.fetchAll(
      "\(Self.marker) SELECT zoneName FROM syncZones WHERE ownerName = '' AND existsOnServer"
    ) { try $0.text(0) }
  }

  /// Records whether the server has the zone.
  func markZone(ownerKey: String, _ zone: String, exists: Bool) throws {
    try db.execute(
      """
      \(Self.marker) INSERT INTO syncZones (ownerName, zoneName, existsOnServer) VALUES (?1, ?2, ?3)
      ON CONFLICT (ownerName, zoneName) DO UPDATE SET existsOnServer = excluded.existsOnServer
      """, [.text(ownerKey), .text(zone), .integer(exists ? 1 : 0)])
  }

  /// Where the last fetch of the zone's changes stopped.
  func zoneToken(ownerKey: String, _ zone: String) throws -> ChangeToken? {
    try db.fetchOne(
      "\(Self.marker) SELECT changeToken FROM syncZones WHERE ownerName = ?1 AND zoneName = ?2",
      [.text(ownerKey), .text(zone)]
    ) { try $0.optionalText(0).map(ChangeToken.init(rawValue:)) } ?? nil
  }

  func setZoneToken(_ token: ChangeToken, ownerKey: String, _ zone: String) throws {
    try db.execute(
      "\(Self.marker) UPDATE syncZones SET changeToken = ?3 WHERE ownerName = ?1 AND zoneName = ?2",
      [.text(ownerKey), .text(zone), .text(token.rawValue)])
  }

  /// The zone's share record, if it is shared.
  func shareName(ownerKey: String, _ zone: String) throws -> String? {
    try db.fetchOne(
      "\(Self.marker) SELECT shareRecordName FROM syncZones WHERE ownerName = ?1 AND zoneName = ?2",
      [.text(ownerKey), .text(zone)]
    ) { try $0.optionalText(0) } ?? nil
  }

  /// Keeps what this device needs of the zone's share: its record, link,
  /// this user's permission and the one player they score for (nil in
  /// the user's own zones).
  func rememberShare(
    _ share: String, link: String?, permission: SharePermission?, onlyPlayer: String?, ownerKey: String,
    _ zone: String
  ) throws {
    try db.execute(
      """
      \(Self.marker) UPDATE syncZones SET shareRecordName = ?3, shareLink = ?4, permission = ?5, onlyPlayer = ?6
      WHERE ownerName = ?1 AND zoneName = ?2
      """,
      [
        .text(ownerKey), .text(zone), .text(share), SQLValue(link),
        permission.map { .text($0.rawValue) } ?? .null, SQLValue(onlyPlayer),
      ])
  }

  /// The share a root's server copy names (nil: none), unless the zone
  /// knows it already; its link is read again with the share.
  func followShare(_ share: String?, ownerKey: String, _ zone: String) throws {
    try db.execute(
      """
      \(Self.marker) UPDATE syncZones SET shareRecordName = ?3, shareLink = NULL
      WHERE ownerName = ?1 AND zoneName = ?2 AND shareRecordName IS NOT ?3
      """, [.text(ownerKey), .text(zone), SQLValue(share)])
  }

  /// The zone is shared no more: by this share (the server deleted it),
  /// or by any (nil: the owner stopped it here).
  func forgetShare(_ share: String? = nil, ownerKey: String, _ zone: String) throws {
    try db.execute(
      """
      \(Self.marker) UPDATE syncZones SET shareRecordName = NULL, shareLink = NULL
      WHERE ownerName = ?1 AND zoneName = ?2 AND (?3 IS NULL OR shareRecordName = ?3)
      """, [.text(ownerKey), .text(zone), SQLValue(share)])
  }

  /// The zone's records the server has (it gave them a tag), with their
  /// tags, parents first: after a full fetch, those it did not list are
  /// gone there.
  func recordsOnServer(ownerKey: String, _ zone: String) throws -> [(name: String, tag: String)] {
    try db.fetchAll(
      """
      \(Self.marker) SELECT recordName, serverChangeTag FROM syncRecords
      WHERE ownerName = ?1 AND zoneName = ?2 AND serverChangeTag IS NOT NULL
      ORDER BY \(SyncedTable.rankSQL(of: "tableName"))
      """, [.text(ownerKey), .text(zone)]
    ) { (try $0.text(0), try $0.text(1)) }
  }

  /// The zone's records with no parent (its games).
  func topRecords(ownerKey: String, _ zone: String) throws -> [String] {
    try db.fetchAll(
      """
      \(Self.marker) SELECT recordName FROM syncRecords
      WHERE ownerName = ?1 AND zoneName = ?2 AND parentRecordName IS NULL
      """, [.text(ownerKey), .text(zone)]
    ) { try $0.text(0) }
  }

  func forgetZone(ownerKey: String, _ zone: String) throws {
    try db.execute(
      "\(Self.marker) DELETE FROM syncZones WHERE ownerName = ?1 AND zoneName = ?2",
      [.text(ownerKey), .text(zone)])
  }

  /// Forgets every record of the zone (their rows stay).
  func forgetRecords(ownerKey: String, _ zone: String) throws {
    try db.execute(
      "\(Self.marker) DELETE FROM syncRecords WHERE ownerName = ?1 AND zoneName = ?2",
      [.text(ownerKey), .text(zone)])
  }

  /// One of this user's own zones the server lost: every row of it waits
  /// to be sent afresh, as new; deletions and parked records are dropped
  /// (the server has nothing of them), and so are the server's copies.
  func sendOwnZoneAfresh(_ zone: String) throws {
    try db.execute(
      """
      \(Self.marker) DELETE FROM syncRecords
      WHERE ownerName = '' AND zoneName = ?1 AND state IN ('pendingDelete', 'parked')
      """, [.text(zone)])
    try db.execute(
      """
      \(Self.marker) UPDATE syncRecords
      SET serverChangeTag = NULL, state = 'pendingSave', changeCount = changeCount + 1, serverFields = x''
      WHERE ownerName = '' AND zoneName = ?1
      """, [.text(zone)])
  }

  /// Keeps the game as a read-only copy (once: a copy kept stays as it was).
  func markArchived(gameID: String, owner: String) throws {
    try db.execute(
      """
      \(Self.marker) INSERT INTO archivedGames (gameID, owner, archivedAt) VALUES (?1, ?2, now())
      ON CONFLICT (gameID) DO NOTHING
      """, [.text(gameID), .text(owner)])
  }

  /// Whether the game is kept as a read-only copy.
  func isArchived(_ gameID: String) throws -> Bool {
    try db.fetchOne(
      "\(Self.marker) SELECT EXISTS (SELECT 1 FROM archivedGames WHERE gameID = ?1)", [.text(gameID)]
    ) { try $0.int(0) == 1 } == true
  }

  /// The game kept as a read-only copy, if `gameID` is one.
  func archivedGame(_ gameID: String) throws -> String? {
    try db.fetchOne(
      "\(Self.marker) SELECT gameID FROM archivedGames WHERE gameID = ?1", [.text(gameID)]
    ) { try $0.text(0) }
  }

  /// The copy of `gameID` is the game again, if its record came back (a
  /// full fetch of its zone found it); else it stays a copy.
  func unarchive(_ gameID: String) throws {
    try db.execute(
      """
      \(Self.marker) DELETE FROM archivedGames
      WHERE gameID = ?1 AND EXISTS (SELECT 1 FROM syncRecords WHERE recordName = ?1 || ':games')
      """, [.text(gameID)])
  }

  /// Gives `table`'s rows of the game (`rows`: their ids and parents'
  /// ids) the metadata of rows synced once, in the zone, under `tag`;
  /// rows that have metadata keep theirs.
  func adopt(
    _ rows: String, of table: SyncedTable, parentTable: String, gameID: String, zone: String,
    ownerKey: String, tag: String
  ) throws {
    try db.execute(
      """
      \(Self.marker) INSERT INTO syncRecords
        (recordName, tableName, rowID, zoneName, ownerName, parentRecordName, serverChangeTag, state,
         changeCount)
      SELECT id || ':\(table.name)', '\(table.name)', id, ?2, ?3, parent || ':\(parentTable)',
        '\(tag)', 'synced', 0
      FROM (\(rows)) WHERE 1
      ON CONFLICT DO NOTHING
      """, [.text(gameID), .text(zone), .text(ownerKey)])
  }
}

extension SyncMetadata {
  /// After the cloud's history went back: every synced record this user
  /// may save goes to the cloud again (its tag dropped, so a copy the
  /// cloud still has is a conflict, merged against the base kept in
  /// `serverFields`); in the user's own zones and the games they edit
  /// all of them, in the games they score what they made; and every
  /// token is forgotten, so everything is fetched again. A record without
  /// a tag is not "on the server" (`recordsOnServer`), so the full fetch
  /// deletes none of them.
  func sendEverythingAgain(user: String) throws {
    let again = "serverChangeTag = NULL, state = 'pendingSave', changeCount = changeCount + 1"
    try db.execute(
      """
      \(Self.marker) UPDATE syncRecords SET \(again)
      WHERE state = 'synced' AND (ownerName = '' OR EXISTS (
        SELECT 1 FROM syncZones AS z
        WHERE z.ownerName = syncRecords.ownerName AND z.zoneName = syncRecords.zoneName
          AND z.permission = 'readWrite'))
      """)
    for table in SyncedTable.all where table.isAuthored {
      // (Made here, no author written; or by this user on another device.)
      try db.execute(
        """
        \(Self.marker) UPDATE syncRecords SET \(again)
        WHERE state = 'synced' AND tableName = ?1 AND EXISTS (
          SELECT 1 FROM syncZones AS z
          WHERE z.ownerName = syncRecords.ownerName AND z.zoneName = syncRecords.zoneName
            AND z.permission = 'scoring')
        AND rowID IN (SELECT id FROM \(table.name) WHERE author IS NULL OR author = ?2)
        """, [.text(table.name), .text(user)])
    }
    try db.execute("\(Self.marker) UPDATE syncZones SET changeToken = NULL")
    try db.execute("\(Self.marker) UPDATE syncState SET privateToken = NULL, sharedToken = NULL")
  }
}
