extension Migration {
  /// Schema v32 (issue 51): a record's merge base is one value of its
  /// `syncRecords` row (`serverFields`, packed by `FieldPack`), not a row
  /// of `syncServerFields` for each field.
  ///
  /// A score event's base was three rows, written on every send and
  /// fetch of it and dropped before each new one: 360M of the 3.4G
  /// instructions a send of 10,000 changes took, as much again on fetch
  /// (Docs/flushes.md). Kept in the row, it is written by the statement
  /// that writes the record's state anyway.
  ///
  /// The trigger that dropped a base when its record went pending delete
  /// (v12: a deletion merges with nothing, and keeps no names) is gone
  /// too: what marks a record so clears the column in the same statement
  /// (`SyncTracking`, `SyncMetadata.upsert`). Being an `AFTER UPDATE OF
  /// state` trigger, it made SQLite keep a statement journal for every
  /// statement that set a record's state.
  ///
  /// The rows are packed by `packedBase(recordName)`, which decodes them as
  /// `FieldCoding` wrote them (SQL alone would not keep a double exact); a
  /// row no version wrote stops the migration, naming it.
  static let mergeBaseColumn = Migration(
    version: 32,
    identifier: "mergeBaseColumn",
    sql: """
      ALTER TABLE syncRecords ADD COLUMN serverFields BLOB NOT NULL DEFAULT x'';
      DROP TRIGGER sync_serverFields_pendingDelete;
      UPDATE syncRecords SET serverFields = packedBase(recordName)
        WHERE recordName IN (SELECT recordName FROM syncServerFields);
      DROP TABLE syncServerFields;
      """
  )

  /// The SQL functions migrations call beyond the connection's own
  /// (`Database.install`): `packedBase` for v32.
  static func installFunctions(on db: Database) throws {
    try db.createFunction("packedBase", argumentCount: 1, deterministic: false) { [unowned db] arguments in
      guard case .text(let recordName) = arguments[0] else { return .null }
      // No references (a record's parent is kept apart); a parked
      // record's asset keeps its bytes.
      let packed = try FieldCoding.packRows(
        "SELECT key, type, value FROM syncServerFields WHERE recordName = ?1", [.text(recordName)], in: db,
        zoneID: nil, keepingAssetBytes: true
      ) { key, type, value in
        SyncError.corruptMetadata(
          "field \(key) of \(recordName)'s merge base: a field of type \(type) holds \(value)")
      }
      return .blob(packed)
    }
  }
}
