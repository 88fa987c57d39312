extension Migration {
  /// Schema v21 (issue 46): a deletion wins over a row the cloud never saw.
  ///
  /// A row deleted here before the server ever gave this device a copy of
  /// it (added offline, here or in the file this one was copied from) is
  /// deleted on the server as any other (v11), but the server, which never
  /// had it, keeps no trace of that. A copy of the database made before
  /// the deletion still holds the row, and sends it later: it came back
  /// on every device. `syncTombstones` keeps the names of such records
  /// once their deletion went; a copy of one arriving later is deleted
  /// again, on the server too, with everything under it.
  static let syncTombstones = Migration(
    version: 21,
    identifier: "syncTombstones",
    sql: """
      CREATE TABLE syncTombstones (recordName TEXT PRIMARY KEY NOT NULL) STRICT, WITHOUT ROWID;
      """
  )
}
