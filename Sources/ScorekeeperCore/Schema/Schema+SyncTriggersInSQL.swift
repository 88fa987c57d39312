extension Schema {
  /// The sync triggers as schema v30 had them, in SQL alone, each with
  /// its `WHEN NOT syncIsApplying()`: what lets the sqlite3 tool, which
  /// has none of scorekeeper's functions, make the rows the tracking
  /// functions make (the bench's baselines that keep sync tracking).
  /// `TrackingFunctionsTests` holds v31's functions to v30's triggers,
  /// and these to today's functions.
  ///
  /// Brought to today's schema as v32 changed it: a record's merge base
  /// is its `syncRecords` row's `serverFields`, dropped where a deletion
  /// is marked, and the trigger that dropped it from `syncServerFields`
  /// (a table v32 removed) is gone.
  @_spi(Testing) public static func syncTriggersInSQL() throws -> [(name: String, sql: String)] {
    let db = try Database(path: ":memory:")
    defer { db.close() }
    try db.install(.live)
    try Migrator(history.replayingEveryStep).migrate(db, upTo: 30)
    return try db.fetchAll(
      "SELECT name, sql FROM sqlite_schema WHERE type = 'trigger' AND name LIKE 'sync\\_%' ESCAPE '\\' ORDER BY rowid"
    ) { (name: try $0.text(0), sql: try $0.text(1)) }
    .filter { $0.name != "sync_serverFields_pendingDelete" }
    .map { trigger in
      (
        trigger.name,
        trigger.sql.replacing(
          "SET state = 'pendingDelete', changeCount = changeCount + 1",
          with: "SET state = 'pendingDelete', changeCount = changeCount + 1, serverFields = x''")
      )
    }
  }
}
