/// How an import's rows are recorded for sync: once, at its end, a
/// statement for each synced table over all the rows the import added,
/// instead of the sync triggers firing for each row as it goes in.
///
/// The triggers cost about three times the rows they track (a BG Stats
/// import of 2,000 plays: 0.55 s of trigger work where the same rows
/// written by one statement per table take 0.17 s), so the importer's
/// inserts run with them silenced (`SyncApplyingFlag`) and `track`
/// writes what they would have: a `syncRecords` row waiting to be saved
/// in the parent's zone, and a `syncFieldTimes` row for each timed field.
/// ImportProcessTests compares both tables with what commands make, and
/// ImportTrackingTests with what the triggers make.
///
/// The rows an import added are those above each table's largest rowid
/// before it: SQLite gives a new row the largest rowid plus one, and an
/// import only inserts, in one transaction. Only once a table holds the
/// largest rowid there is does SQLite pick new rowids at random; then
/// `init` returns nil and the triggers track each row as before.
struct ImportTracking {
  /// Each synced table's largest rowid before the import, parents first.
  private let watermarks: [(table: SyncedTable, rowid: Int64)]

  init?(database: Database) throws {
    var watermarks: [(SyncedTable, Int64)] = []
    for table in SyncedTable.all {
      let largest = try Self.largestRowid(of: table, in: database)
      guard largest < Int64.max else { return nil }
      watermarks.append((table, largest))
    }
    self.watermarks = watermarks
  }

  /// Records the rows added since `init` as the insert triggers would
  /// have, each table after its parent's, so a child finds its parent's
  /// zone; `rowsAtOnce` rows a statement, since SQLite holds all the
  /// rows of an INSERT that reads its own table (a child's parent record)
  /// before it writes them: a million score changes at once held 35 MB.
  func track(in database: Database) throws {
    for (table, watermark) in watermarks {
      let last = try Self.largestRowid(of: table, in: database)
      for first in stride(from: watermark, to: last, by: Int(Self.rowsAtOnce)) {
        for sql in Self.statements[table.name]! {
          try database.execute(sql, [.integer(first), .integer(min(first + Self.rowsAtOnce, last))])
        }
      }
    }
  }

  static let rowsAtOnce: Int64 = 10_000

  private static func largestRowid(of table: SyncedTable, in database: Database) throws -> Int64 {
    try database.fetchOne("SELECT coalesce(max(rowid), 0) FROM \(table.name)") { try $0.int64(0) }!
  }

  /// Each table's statements, made once: the trigger
  /// `sync_<table>_insert`'s, over the rows above the rowid ?1 up to ?2.
  private static let statements: [String: [String]] = Dictionary(
    uniqueKeysWithValues: SyncedTable.all.map { ($0.name, trackingSQL(of: $0)) })

  private static func trackingSQL(of table: SyncedTable) -> [String] {
    let recordName = "row.id || ':\(table.name)'"
    // A child takes its parent's zone and owner, again when it comes
    // back (a row deleted here, then imported); a root keeps its owner.
    let place: (zone: String, owner: String, parent: String, join: String, again: String)
    if let parentColumn = table.parentColumn, let parentTable = table.parentTable {
      place = (
        "parent.zoneName", "parent.ownerName", "parent.recordName",
        "JOIN syncRecords AS parent ON parent.recordName = row.\(parentColumn) || ':\(parentTable)'",
        ", zoneName = excluded.zoneName, ownerName = excluded.ownerName, "
          + "parentRecordName = excluded.parentRecordName"
      )
    } else {
      place = (table.rootZoneSQL(of: "row")!, "''", "NULL", "", "")
    }
    let record = """
      \(SyncTracking.marker) INSERT INTO syncRecords
        (recordName, tableName, rowID, zoneName, ownerName, parentRecordName, state, changeCount)
      SELECT \(recordName), '\(table.name)', row.id, \(place.zone), \(place.owner), \(place.parent),
        'pendingSave', 1
      FROM \(table.name) AS row \(place.join)
      WHERE row.rowid > ?1 AND row.rowid <= ?2 ORDER BY row.rowid
      ON CONFLICT (recordName) DO UPDATE SET state = 'pendingSave', changeCount = changeCount + 1\(place.again)
      """
    // A unit's key is timed whatever it holds (a cleared photo's too);
    // another field once it has a value.
    let times = table.mergedFields.map { field in
      """
      \(SyncTracking.marker) INSERT INTO syncFieldTimes (recordName, field, modifiedAt)
      SELECT \(recordName), '\(field)', now() FROM \(table.name) AS row
      WHERE row.rowid > ?1 AND row.rowid <= ?2\(field == table.unitKey ? "" : " AND row.\(field) IS NOT NULL")
      ORDER BY row.rowid
      ON CONFLICT (recordName, field) DO UPDATE SET modifiedAt = excluded.modifiedAt
      """
    }
    return [record] + times
  }
}
