extension Migration {
  /// Schema v29 (issue 49): roles in games shared with this user.
  ///
  /// - `syncZones.permission` may also be `scoring` (a scorer's), so its
  ///   CHECK is widened: the table is made again (SQLite cannot change a
  ///   CHECK in place), its rows kept. A program before v29 would read
  ///   `scoring` as read-only; it never opens a v29 database.
  /// - `syncZones.onlyPlayer`: in a zone someone else shared with this
  ///   user as a scorer of one player (self-scoring), that player's id,
  ///   from the share's word (`ShareParticipant.parentLimit`); NULL
  ///   otherwise.
  static let playerLimits = Migration(
    version: 29,
    identifier: "playerLimits",
    sql: """
      CREATE TABLE syncZonesV29 (
        ownerName TEXT NOT NULL,
        zoneName TEXT NOT NULL,
        existsOnServer INTEGER NOT NULL DEFAULT 0,
        changeToken TEXT,
        shareRecordName TEXT,
        shareLink TEXT,
        permission TEXT CHECK (permission IN ('read-only', 'scoring', 'read-write')),
        onlyPlayer TEXT,
        PRIMARY KEY (ownerName, zoneName)
      ) STRICT, WITHOUT ROWID;
      INSERT INTO syncZonesV29
        (ownerName, zoneName, existsOnServer, changeToken, shareRecordName, shareLink, permission)
        SELECT ownerName, zoneName, existsOnServer, changeToken, shareRecordName, shareLink, permission
        FROM syncZones;
      DROP TABLE syncZones;
      ALTER TABLE syncZonesV29 RENAME TO syncZones;
      """
  )
}
