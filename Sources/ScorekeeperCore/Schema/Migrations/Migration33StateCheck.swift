extension Migration {
  /// Schema v33 (issue 51): `syncRecords.state`'s CHECK compares the state
  /// with each of its four values, instead of testing it `IN` a list of
  /// them. The same rule, the same rows.
  ///
  /// SQLite tests a value against a list of more than two constants in a
  /// CHECK by building a temporary B-tree of the list, again for every
  /// row a statement writes (no `Once` in a constraint): about 17,000
  /// instructions for each record a sync sends or receives, 6 to 7 % of a
  /// bulk send or fetch (callgrind, `Docs/flushes.md`).
  ///
  /// SQLite cannot change a CHECK in place, so the table is made again,
  /// its rows kept with their rowids (`_rowid_`: `rowid` names the
  /// `rowID` column here). Dropping
  /// the old table deletes `syncFieldTimes`' rows (`ON DELETE CASCADE`,
  /// and foreign keys cannot be turned off inside the migration's
  /// transaction): they are kept aside and put back.
  static let stateCheck = Migration(
    version: 33,
    identifier: "stateCheck",
    sql: """
      CREATE TABLE syncRecordsV33 (
        recordName TEXT PRIMARY KEY NOT NULL,
        tableName TEXT NOT NULL,
        rowID TEXT NOT NULL,
        zoneName TEXT NOT NULL,
        ownerName TEXT NOT NULL DEFAULT '',
        parentRecordName TEXT,
        serverChangeTag TEXT,
        state TEXT NOT NULL
          CHECK (state = 'synced' OR state = 'pendingSave' OR state = 'pendingDelete' OR state = 'parked'),
        changeCount INTEGER NOT NULL DEFAULT 0,
        serverFields BLOB NOT NULL DEFAULT x'',
        UNIQUE (tableName, rowID)
      ) STRICT;
      INSERT INTO syncRecordsV33 (
        _rowid_, recordName, tableName, rowID, zoneName, ownerName, parentRecordName, serverChangeTag,
        state, changeCount, serverFields)
        SELECT _rowid_, recordName, tableName, rowID, zoneName, ownerName, parentRecordName, serverChangeTag,
          state, changeCount, serverFields
        FROM syncRecords;
      CREATE TEMP TABLE fieldTimesV33 AS SELECT recordName, field, modifiedAt FROM syncFieldTimes;
      DROP TABLE syncRecords;
      ALTER TABLE syncRecordsV33 RENAME TO syncRecords;
      INSERT INTO syncFieldTimes (recordName, field, modifiedAt)
        SELECT recordName, field, modifiedAt FROM temp.fieldTimesV33;
      DROP TABLE temp.fieldTimesV33;
      CREATE INDEX syncRecords_state ON syncRecords (state) WHERE state <> 'synced';
      CREATE INDEX syncRecords_parent ON syncRecords (parentRecordName) WHERE parentRecordName IS NOT NULL;
      """
  )
}
