extension Migration {
  /// Schema v3: what the sync engine knows about every synced row.
  ///
  /// Each game is a zone of its own (`game-<id>`), holding the game's
  /// record, its players' (children of the game) and their score events'
  /// (children of the player): a game is what gets shared, and a zone is
  /// the unit of sharing, change tracking and atomic writes.
  ///
  /// - `syncRecords`: one row per synced row, named `<id>:<table>` as its
  ///   cloud record is: its zone and the zone's owner ('' for this user's
  ///   own zones, else the user who shared it),
  ///   its parent record, the change tag of the server copy last seen (the
  ///   merge base; NULL when it never reached the server), and its state:
  ///   `synced`, `pendingSave`, `pendingDelete`, or `parked` (a server copy
  ///   that arrived before its parent, applied once the parent is here).
  ///   `changeCount` grows with every local change, so a send that raced a
  ///   change does not mark the newer change as sent.
  /// - `syncFieldTimes`: when each field last changed on this device (from
  ///   the injected clock); records carry these times, so merges can pick
  ///   the later change per field.
  /// - `syncServerFields`: the fields of the server copy last seen, the base
  ///   of three-way merges (and a parked record's contents).
  /// - `syncZones`: each zone's change token, and whether it exists on the
  ///   server (owner '' again meaning this user).
  /// - `syncState`: the user and cloud this database syncs with, database
  ///   change tokens, and the last sync's time and error.
  ///
  /// Rows that exist when this migration runs become pending saves, so an
  /// upgraded database sends everything on its first sync. In v3 the
  /// triggers that keep these tables up to date were TEMP triggers the
  /// store created on every connection; v4 stores them (see `syncTriggers`).
  static let syncMetadata = Migration(
    version: 3,
    identifier: "syncMetadata",
    sql: """
      CREATE TABLE syncRecords (
        recordName TEXT PRIMARY KEY NOT NULL,
        tableName TEXT NOT NULL,
        rowID TEXT NOT NULL,
        zoneName TEXT NOT NULL,
        ownerName TEXT NOT NULL DEFAULT '',
        parentRecordName TEXT,
        serverChangeTag TEXT,
        state TEXT NOT NULL CHECK (state IN ('synced', 'pendingSave', 'pendingDelete', 'parked')),
        changeCount INTEGER NOT NULL DEFAULT 0,
        UNIQUE (tableName, rowID)
      ) STRICT;
      CREATE INDEX syncRecords_state ON syncRecords (state) WHERE state <> 'synced';
      CREATE INDEX syncRecords_parent ON syncRecords (parentRecordName) WHERE parentRecordName IS NOT NULL;

      CREATE TABLE syncFieldTimes (
        recordName TEXT NOT NULL REFERENCES syncRecords ON DELETE CASCADE ON UPDATE CASCADE,
        field TEXT NOT NULL,
        modifiedAt TEXT NOT NULL,
        PRIMARY KEY (recordName, field)
      ) STRICT, WITHOUT ROWID;

      CREATE TABLE syncServerFields (
        recordName TEXT NOT NULL REFERENCES syncRecords ON DELETE CASCADE ON UPDATE CASCADE,
        key TEXT NOT NULL,
        type TEXT NOT NULL,
        value ANY NOT NULL,
        PRIMARY KEY (recordName, key)
      ) STRICT, WITHOUT ROWID;

      CREATE TABLE syncZones (
        ownerName TEXT NOT NULL,
        zoneName TEXT NOT NULL,
        existsOnServer INTEGER NOT NULL DEFAULT 0,
        changeToken TEXT,
        PRIMARY KEY (ownerName, zoneName)
      ) STRICT, WITHOUT ROWID;

      CREATE TABLE syncState (
        onlyRow INTEGER PRIMARY KEY NOT NULL CHECK (onlyRow = 1),
        userName TEXT,
        cloud TEXT,
        privateToken TEXT,
        sharedToken TEXT,
        lastSyncAt TEXT,
        lastError TEXT
      ) STRICT;
      INSERT INTO syncState (onlyRow) VALUES (1);

      INSERT INTO syncRecords (recordName, tableName, rowID, zoneName, state, changeCount)
      SELECT id || ':games', 'games', id, 'game-' || id, 'pendingSave', 1 FROM games ORDER BY rowid;
      INSERT INTO syncRecords
        (recordName, tableName, rowID, zoneName, parentRecordName, state, changeCount)
      SELECT id || ':players', 'players', id, 'game-' || gameID, gameID || ':games', 'pendingSave', 1
      FROM players ORDER BY rowid;
      INSERT INTO syncRecords
        (recordName, tableName, rowID, zoneName, parentRecordName, state, changeCount)
      SELECT e.id || ':scoreEvents', 'scoreEvents', e.id, 'game-' || p.gameID,
             e.playerID || ':players', 'pendingSave', 1
      FROM scoreEvents AS e JOIN players AS p ON p.id = e.playerID ORDER BY e.rowid;

      INSERT INTO syncFieldTimes (recordName, field, modifiedAt)
      SELECT id || ':games', 'title', now() FROM games
      UNION ALL SELECT id || ':players', 'name', now() FROM players
      UNION ALL SELECT e.id || ':scoreEvents', f.field, now()
      FROM scoreEvents AS e, (SELECT 'delta' AS field UNION ALL SELECT 'time' UNION ALL SELECT 'device'
                               UNION ALL SELECT 'undoes') AS f;
      """
  )
}
