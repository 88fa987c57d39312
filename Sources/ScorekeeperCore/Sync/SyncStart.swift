/// What a sync looks at before it asks the cloud anything, read in one
/// transaction: whom the database is bound to, this device's claim on
/// the cloud, and whether anything waits to be sent. A sync with
/// nothing to send and nothing new to fetch then costs little more than
/// the command it runs around (`make bench`, "list GAME online/offline").
struct SyncStart {
  let binding: SyncBinding
  let device: String
  /// The database file's identity (`localDevice.file`), '' when unknown.
  let file: String
  /// The claim recorded after the cloud granted it (`SyncEngine.claimDevice`).
  let deviceClaim: String?
  let hasPending: Bool
  /// Rows waiting to be sent that the cloud never saw (new rows), of ids
  /// made once (`SyncedTable.idsAreMadeOnce`).
  let hasNewRows: Bool
  /// Where the last fetch of each database's changes stopped.
  let privateToken: ChangeToken?
  let sharedToken: ChangeToken?
  /// A backup was put back, and no sync has kept yet the games deleted
  /// since it was made (`SyncEngine.keepGamesDeletedSinceBackup`).
  let restored: Bool

  init(reading database: Database) throws {
    (binding, device, file, deviceClaim, hasPending, hasNewRows, privateToken, sharedToken, restored) = try
      database
      .fetchOne(
        """
        \(SyncTracking.marker) SELECT s.userName, s.cloud, s.cloudIdentity, d.id, ifnull(d.file, ''),
          s.deviceClaim, EXISTS (SELECT 1 FROM syncRecords WHERE \(SyncMetadata.isPending)),
          EXISTS (
            SELECT 1 FROM syncRecords WHERE state = 'pendingSave' AND serverChangeTag IS NULL
              AND tableName IN (\(SyncedTable.namesOfTablesWithIDsMadeOnce))),
          s.privateToken, s.sharedToken, s.restoredAt IS NOT NULL
        FROM syncState AS s, localDevice AS d
        """
      ) { row in
        (
          SyncBinding(
            user: try row.optionalText(0), cloud: try row.optionalText(1),
            cloudIdentity: try row.optionalText(2)),
          try row.text(3), try row.text(4), try row.optionalText(5), try row.int(6) == 1, try row.int(7) == 1,
          try row.optionalText(8).map(ChangeToken.init(rawValue:)),
          try row.optionalText(9).map(ChangeToken.init(rawValue:)), try row.int(10) == 1
        )
      }!
  }
}
