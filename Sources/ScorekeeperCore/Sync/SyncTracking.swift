/// The triggers that record local changes for the sync engine: for every
/// synced table, an insert, an update (of synced columns, the key or the
/// parent) and a delete trigger, writing to `syncRecords` and
/// `syncFieldTimes`. Schema v4 stores them (`Migration.syncTriggers`).
///
/// They stay silent while the sync engine itself applies server changes:
/// `syncIsApplying()` is true then, and applying must not echo those
/// changes back as local ones.
enum SyncTracking {
  /// Defines `syncIsApplying()` on `db`: the flag's state, or always true
  /// when `tracksChanges` is false (a benchmark measuring the triggers).
  static func install(on db: Database, applying: SyncApplyingFlag, tracksChanges: Bool) throws {
    try db.createFunction("syncIsApplying", argumentCount: 0, deterministic: false) { _ in
      .integer(applying.isApplying || !tracksChanges ? 1 : 0)
    }
  }

  /// Every statement a sync trigger runs starts with this comment, so a
  /// trace can tell the engine's work from the command's.
  static let marker = "/* sync */"

  static func triggers(for table: SyncedTable) -> String {
    let name = table.name
    // An append-only row's fields never change; only its key or parent can
    // (when the parent's key changes and the foreign key cascades).
    let watched = (["id"] + [table.separateParentColumn].compactMap { $0 } + table.changeableFields)
      .joined(separator: ", ")
    return """
      CREATE TRIGGER sync_\(name)_insert AFTER INSERT ON \(name)
      WHEN NOT syncIsApplying() BEGIN
        \(upsertRecord(table, changedFields: table.mergedFields.map { ($0, "1") }))
      END;
      CREATE TRIGGER sync_\(name)_update AFTER UPDATE OF \(watched) ON \(name)
      WHEN NOT syncIsApplying() BEGIN
        \(retire(table, row: "OLD", when: "OLD.id <> NEW.id"))
        \(upsertRecord(
          table,
          changedFields: table.mergedFields.map {
            ($0, "OLD.\($0) IS NOT NEW.\($0) OR OLD.id <> NEW.id")
          }))
      END;
      CREATE TRIGGER sync_\(name)_delete AFTER DELETE ON \(name)
      WHEN NOT syncIsApplying() BEGIN
        \(retire(table, row: "OLD", when: "1"))
      END;
      """
  }

  /// Marks NEW's record pending save (creating its metadata, or reviving
  /// one pending delete: a row deleted and inserted again before a sync
  /// is saved, not lost), and stamps the fields that changed.
  private static func upsertRecord(_ table: SyncedTable, changedFields: [(String, String)]) -> String {
    let record = "NEW.id || ':\(table.name)'"
    let placement: String
    if let parentColumn = table.parentColumn, let parentTable = table.parentTable {
      // A child lives in its parent's zone.
      placement = """
        SELECT \(record), '\(table.name)', NEW.id, parent.zoneName, parent.ownerName,
               parent.recordName, 'pendingSave', 1
        FROM syncRecords AS parent
        WHERE parent.recordName = NEW.\(parentColumn) || ':\(parentTable)'
        """
    } else {
      placement = """
        SELECT \(record), '\(table.name)', NEW.id, 'game-' || NEW.id, '', NULL, 'pendingSave', 1
        WHERE 1
        """
    }
    // A child follows its parent if the foreign key changed; a game keeps
    // its zone and owner (which is not always this user: shared games).
    let moves =
      table.parentColumn == nil
      ? ""
      : ", zoneName = excluded.zoneName, ownerName = excluded.ownerName,"
        + " parentRecordName = excluded.parentRecordName"
    let stamps = changedFields.map { field, condition in
      "SELECT \(record), '\(field)', now() WHERE \(condition)"
    }.joined(separator: "\n  UNION ALL ")
    let stamping =
      stamps.isEmpty
      ? ""
      : """
      \(marker) INSERT INTO syncFieldTimes (recordName, field, modifiedAt)
      \(stamps)
      ON CONFLICT (recordName, field) DO UPDATE SET modifiedAt = excluded.modifiedAt;
      """
    return """
      \(marker) INSERT INTO syncRecords
        (recordName, tableName, rowID, zoneName, ownerName, parentRecordName, state, changeCount)
      \(placement)
      ON CONFLICT (recordName) DO UPDATE SET
        state = 'pendingSave', changeCount = changeCount + 1\(moves);
      \(stamping)
      """
  }

  /// Retires `row`'s record: forgotten if it never reached the server,
  /// otherwise pending delete.
  private static func retire(_ table: SyncedTable, row: String, when condition: String) -> String {
    let record = "\(row).id || ':\(table.name)'"
    return """
      \(marker) DELETE FROM syncRecords
      WHERE (\(condition)) AND recordName = \(record) AND serverChangeTag IS NULL;
      \(marker) UPDATE syncRecords SET state = 'pendingDelete', changeCount = changeCount + 1
      WHERE (\(condition)) AND recordName = \(record);
      """
  }
}

/// Whether the sync engine is writing server changes right now (the
/// triggers are silent then). One per connection, used from its thread.
final class SyncApplyingFlag: @unchecked Sendable {
  var isApplying = false

  /// Runs `body` with the flag up.
  func applying<T>(_ body: () throws -> T) rethrows -> T {
    isApplying = true
    defer { isApplying = false }
    return try body()
  }
}
