// The engine's statements on `syncState`, the database's one row of sync
// state: where each database's fetch stopped, the binding, the device's
// claim, the last sync and the last error, an outage, a restore's mark.
// Part of the door `SyncMetadata` is; each runs inside the caller's
// transaction.

extension SyncMetadata {
  /// Where the last fetch of each database's changes stopped.
  func databaseTokens() throws -> (private: ChangeToken?, shared: ChangeToken?) {
    try db.fetchOne("\(Self.marker) SELECT privateToken, sharedToken FROM syncState") {
      (
        try $0.optionalText("privateToken").map(ChangeToken.init(rawValue:)),
        try $0.optionalText("sharedToken").map(ChangeToken.init(rawValue:))
      )
    }!
  }

  func setDatabaseToken(_ token: ChangeToken, of scope: DatabaseScope) throws {
    let column = scope == .private ? "privateToken" : "sharedToken"
    try db.execute("\(Self.marker) UPDATE syncState SET \(column) = ?1", [.text(token.rawValue)])
  }

  /// What `status` shows as the last error (the program's words).
  func setLastError(_ words: String) throws {
    try db.execute("\(Self.marker) UPDATE syncState SET lastError = ?1", [.text(words)])
  }

  /// The database's time now, as its `now()` makes it.
  func now() throws -> Timestamp {
    try db.fetchOne("SELECT now()") { try $0.timestamp(0) }!
  }

  func setOutage(_ outage: SyncOutage) throws {
    try db.execute(
      "\(Self.marker) UPDATE syncState SET outageSince = ?1, retryAt = ?2",
      [.text(outage.since.iso8601), .text(outage.retryAt.iso8601)])
  }

  /// The database's time now, the last sync's, and whether no error and
  /// no outage is recorded.
  func lastSync() throws -> (now: Timestamp, lastSync: Timestamp?, clear: Bool) {
    try db.fetchOne(
      """
      \(Self.marker) SELECT now() AS now, lastSyncAt, lastError IS NULL AND outageSince IS NULL AS clear
      FROM syncState
      """
    ) { row in
      (
        try row.timestamp("now"), try row.optionalText("lastSyncAt").flatMap(Timestamp.init(iso8601:)),
        try row.int("clear") == 1
      )
    }!
  }

  /// A sync worked at `time`: no error, no outage.
  func recordSuccess(at time: Timestamp) throws {
    try db.execute(
      """
      \(Self.marker) UPDATE syncState
      SET lastSyncAt = ?1, lastError = NULL, outageSince = NULL, retryAt = NULL
      """, [.text(time.iso8601)])
  }

  /// How many changes wait to be sent.
  func pendingCount() throws -> Int {
    try db.fetchOne("\(Self.marker) SELECT count(*) FROM syncRecords WHERE \(Self.isPending)") {
      try $0.int(0)
    } ?? 0
  }

  func setDeviceClaim(_ claim: String) throws {
    try db.execute("\(Self.marker) UPDATE syncState SET deviceClaim = ?1", [.text(claim)])
  }

  func bind(_ binding: SyncBinding) throws {
    try db.execute(
      "\(Self.marker) UPDATE syncState SET userName = ?1, cloud = ?2, cloudIdentity = ?3",
      [SQLValue(binding.user), SQLValue(binding.cloud), SQLValue(binding.cloudIdentity)])
  }

  /// The games of other users' zones: what leaves with a cloud forgotten.
  func sharedTopRecords() throws -> [String] {
    try db.fetchAll(
      """
      \(Self.marker) SELECT recordName FROM syncRecords
      WHERE ownerName <> '' AND parentRecordName IS NULL
      """
    ) { try $0.text(0) }
  }

  /// Everything this device knew of a cloud it no longer syncs with: its
  /// own rows wait to be sent afresh, as new.
  func forgetCloud() throws {
    try db.executeScript(
      """
      \(Self.marker) DELETE FROM syncRecords WHERE state IN ('pendingDelete', 'parked');
      \(Self.marker) DELETE FROM syncZones;
      \(Self.marker) UPDATE syncRecords
        SET serverChangeTag = NULL, state = 'pendingSave', changeCount = changeCount + 1, serverFields = x'';
      \(Self.marker) UPDATE syncState SET privateToken = NULL, sharedToken = NULL, lastError = NULL;
      """)
  }

  /// This user's own games the server had when a backup was put back
  /// (`SyncEngine.keepGamesDeletedSinceBackup`), by name.
  func ownGamesOnServer(user: String) throws -> [RecordID] {
    try db.fetchAll(
      """
      \(Self.marker) SELECT recordName, zoneName FROM syncRecords
      WHERE tableName = 'games' AND ownerName = '' AND serverChangeTag IS NOT NULL
        AND state <> 'pendingDelete'
      ORDER BY recordName
      """
    ) {
      RecordID(
        name: try $0.text("recordName"), zoneID: ZoneID(name: try $0.text("zoneName"), ownerName: user))
    }
  }

  /// The restore's mark is cleared: a deletion from now on wins.
  func clearRestoredMark() throws {
    try db.execute("\(Self.marker) UPDATE syncState SET restoredAt = NULL")
  }
}
