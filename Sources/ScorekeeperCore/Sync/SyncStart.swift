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

  /// What the one read selects, each read by its name: the select list
  /// is made from these, in this order.
  private enum Column: Int, CaseIterable {
    case userName, cloud, cloudIdentity, device, file, deviceClaim, hasPending, hasNewRows, privateToken,
      sharedToken, restored

    var expression: String {
      switch self {
      case .userName, .cloud, .cloudIdentity, .deviceClaim, .privateToken, .sharedToken: "s.\(self)"
      case .device: "d.id"
      case .file: "ifnull(d.file, '')"
      case .hasPending: "EXISTS (SELECT 1 FROM syncRecords WHERE \(SyncMetadata.isPending))"
      case .hasNewRows:
        // `state <> 'synced'`, the partial index's own condition, lets
        // SQLite use it (it does not infer it from the first): without
        // it, every sync read all of syncRecords (45 ms at 100,000 rows).
        """
        EXISTS (
          SELECT 1 FROM syncRecords WHERE state = 'pendingSave' AND state <> 'synced'
            AND serverChangeTag IS NULL AND tableName IN (\(SyncedTable.namesOfTablesWithIDsMadeOnce)))
        """
      case .restored: "s.restoredAt IS NOT NULL"
      }
    }

    static let selected = allCases.map(\.expression).joined(separator: ", ")
  }

  init(reading database: Database) throws {
    (binding, device, file, deviceClaim, hasPending, hasNewRows, privateToken, sharedToken, restored) = try
      database.fetchOne(
        "\(SyncTracking.marker) SELECT \(Column.selected) FROM syncState AS s, localDevice AS d"
      ) { row in
        func text(_ column: Column) throws -> String? { try row.optionalText(column.rawValue) }
        func flag(_ column: Column) throws -> Bool { try row.int(column.rawValue) == 1 }
        return (
          SyncBinding(
            user: try text(.userName), cloud: try text(.cloud), cloudIdentity: try text(.cloudIdentity)),
          try row.text(Column.device.rawValue), try row.text(Column.file.rawValue), try text(.deviceClaim),
          try flag(.hasPending), try flag(.hasNewRows),
          try text(.privateToken).map(ChangeToken.init(rawValue:)),
          try text(.sharedToken).map(ChangeToken.init(rawValue:)), try flag(.restored)
        )
      }!
  }
}
