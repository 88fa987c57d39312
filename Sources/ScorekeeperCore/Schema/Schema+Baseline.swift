// Recorded by `make fixtures` (SchemaBaselineTests) from a database made by
// replaying every migration up to 33; not edited by hand.

extension Schema {
  static let baseline = SchemaBaseline(
    version: 33,
    schema: [
      #"""
      CREATE TABLE games (
        id TEXT PRIMARY KEY NOT NULL DEFAULT (uuid()),
        title TEXT NOT NULL CHECK (title <> '')
      , kind TEXT CHECK (kind <> '')) STRICT
      """#,
      #"""
      CREATE TABLE players (
        id TEXT PRIMARY KEY NOT NULL DEFAULT (uuid()),
        gameID TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE ON UPDATE CASCADE,
        name TEXT NOT NULL CHECK (name <> ''),
        score INTEGER NOT NULL DEFAULT 0
      , scoreHigh INTEGER NOT NULL DEFAULT 0, scoreLow INTEGER NOT NULL DEFAULT 0, team TEXT CHECK (team <> ''), scoreThousandths INTEGER NOT NULL DEFAULT 0, isTeam INTEGER CHECK (isTeam = 1)) STRICT
      """#,
      #"""
      CREATE TABLE localDevice (
        onlyRow INTEGER PRIMARY KEY NOT NULL CHECK (onlyRow = 1),
        id TEXT NOT NULL DEFAULT (newDeviceID())
      , file TEXT, lastLogTime TEXT) STRICT
      """#,
      #"""
      CREATE TABLE scoreEvents (
        id TEXT PRIMARY KEY NOT NULL DEFAULT (uuid()),
        playerID TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE ON UPDATE CASCADE,
        delta INTEGER NOT NULL,
        time TEXT NOT NULL DEFAULT (now()),
        device TEXT NOT NULL,
        -- The event this one reverts (undo), if any. Not a foreign key: the
        -- reverted event may not have reached another device yet.
        undoes TEXT
      , roundID TEXT, thousandths INTEGER
        CHECK (thousandths BETWEEN -999 AND 999 AND thousandths <> 0 AND (delta = 0 OR (delta < 0) = (thousandths < 0))), enteredAt TEXT, author TEXT) STRICT
      """#,
      #"""
      CREATE TABLE syncFieldTimes (
        recordName TEXT NOT NULL REFERENCES syncRecords ON DELETE CASCADE ON UPDATE CASCADE,
        field TEXT NOT NULL,
        modifiedAt TEXT NOT NULL,
        PRIMARY KEY (recordName, field)
      ) STRICT, WITHOUT ROWID
      """#,
      #"""
      CREATE TABLE syncState (
        onlyRow INTEGER PRIMARY KEY NOT NULL CHECK (onlyRow = 1),
        userName TEXT,
        cloud TEXT,
        privateToken TEXT,
        sharedToken TEXT,
        lastSyncAt TEXT,
        lastError TEXT
      , cloudIdentity TEXT, deviceClaim TEXT, outageSince TEXT, retryAt TEXT, restoredAt TEXT) STRICT
      """#,
      #"""
      CREATE TABLE localChanges (
        seq INTEGER PRIMARY KEY,
        event TEXT,
        description TEXT, gameID TEXT, playerID TEXT,
        CHECK ((event IS NULL) <> (description IS NULL))
      ) STRICT
      """#,
      #"""
      CREATE TABLE playerPhotos (
        id TEXT PRIMARY KEY NOT NULL REFERENCES players (id) ON DELETE CASCADE ON UPDATE CASCADE,
        type TEXT CHECK (type IN ('png', 'jpeg', 'gif', 'webp', 'heic')),
        width INTEGER CHECK (width > 0),
        height INTEGER CHECK (height > 0),
        byteCount INTEGER CHECK (byteCount > 0),
        sha256 TEXT CHECK (length(sha256) = 64 AND sha256 NOT GLOB '*[^0-9a-f]*'),
        bytes BLOB CHECK (length(bytes) = byteCount),
        CHECK ((type IS NULL) = (sha256 IS NULL) AND (width IS NULL) = (sha256 IS NULL)
          AND (height IS NULL) = (sha256 IS NULL) AND (byteCount IS NULL) = (sha256 IS NULL)
          AND (bytes IS NULL) = (sha256 IS NULL))
      ) STRICT
      """#,
      #"""
      CREATE TABLE archivedGames (
        gameID TEXT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE ON UPDATE CASCADE,
        owner TEXT NOT NULL,
        archivedAt TEXT NOT NULL
      ) STRICT
      """#,
      #"""
      CREATE TABLE rounds (
        id TEXT PRIMARY KEY NOT NULL DEFAULT (uuid()),
        gameID TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE ON UPDATE CASCADE,
        madeAt TEXT NOT NULL DEFAULT (now()),
        device TEXT NOT NULL,
        -- Not foreign keys: the row named may not have reached this device yet.
        fixes TEXT,
        undoes TEXT, name TEXT, enteredAt TEXT, author TEXT,
        CHECK (fixes IS NULL OR undoes IS NULL)
      ) STRICT
      """#,
      #"""
      CREATE TABLE gameEvents (
        id TEXT PRIMARY KEY NOT NULL DEFAULT (uuid()),
        gameID TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE ON UPDATE CASCADE,
        time TEXT NOT NULL DEFAULT (now()),
        device TEXT NOT NULL,
        kind TEXT NOT NULL,
        winner TEXT CHECK (winner IN ('highest', 'lowest')),
        target INTEGER CHECK (target >= 0),
        roundLimit INTEGER CHECK (roundLimit >= 0),
        winners TEXT
      , targetThousandths INTEGER CHECK (targetThousandths BETWEEN 1 AND 999), places TEXT CHECK (places IS NULL OR json_valid(places)), counted INTEGER CHECK (counted IN (0, 1)), cooperative INTEGER CHECK (cooperative IN (0, 1)), winBy INTEGER CHECK (winBy >= 0), start INTEGER CHECK (start >= 0), startThousandths INTEGER CHECK (startThousandths BETWEEN 1 AND 999), bust INTEGER CHECK (bust IN (0, 1)), targetZero INTEGER CHECK (targetZero = 1), enteredAt TEXT, author TEXT) STRICT
      """#,
      #"""
      CREATE TABLE resultChanges (
        seq INTEGER PRIMARY KEY,
        gameID TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE ON UPDATE CASCADE,
        time TEXT NOT NULL,
        winners TEXT,
        previousWinners TEXT NOT NULL
      ) STRICT
      """#,
      #"""
      CREATE TABLE personLinks (
        id TEXT PRIMARY KEY NOT NULL,
        kind TEXT NOT NULL,
        time TEXT NOT NULL,
        device TEXT NOT NULL,
        -- merge: the person kept and the one merged into them; split: the
        -- name's key and the name as typed, and its games (a JSON array).
        person TEXT,
        other TEXT,
        name TEXT,
        games TEXT,
        -- Not a foreign key: the link undone may not have arrived yet.
        undoes TEXT
      ) STRICT
      """#,
      #"""
      CREATE TABLE finishedResults (
        gameID TEXT PRIMARY KEY NOT NULL REFERENCES games (id) ON DELETE CASCADE ON UPDATE CASCADE,
        finishedAt TEXT NOT NULL,
        result TEXT NOT NULL
      ) STRICT
      """#,
      #"""
      CREATE TABLE syncTombstones (recordName TEXT PRIMARY KEY NOT NULL) STRICT, WITHOUT ROWID
      """#,
      #"""
      CREATE TABLE kindRules (
        id TEXT PRIMARY KEY NOT NULL,
        change TEXT NOT NULL,
        name TEXT NOT NULL,
        time TEXT NOT NULL,
        device TEXT NOT NULL,
        winner TEXT,
        target INTEGER,
        targetThousandths INTEGER,
        winBy INTEGER,
        roundLimit INTEGER,
        start INTEGER,
        startThousandths INTEGER,
        bust INTEGER,
        cooperative INTEGER,
        teamSize INTEGER,
        roundNames TEXT,
        -- Not a foreign key: the row undone may not have arrived yet.
        undoes TEXT
      ) STRICT
      """#,
      #"""
      CREATE TABLE "syncZones" (
        ownerName TEXT NOT NULL,
        zoneName TEXT NOT NULL,
        existsOnServer INTEGER NOT NULL DEFAULT 0,
        changeToken TEXT,
        shareRecordName TEXT,
        shareLink TEXT,
        permission TEXT CHECK (permission IN ('read-only', 'scoring', 'read-write')),
        onlyPlayer TEXT,
        PRIMARY KEY (ownerName, zoneName)
      ) STRICT, WITHOUT ROWID
      """#,
      #"""
      CREATE TABLE "syncRecords" (
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
      ) STRICT
      """#,
      #"""
      CREATE INDEX players_gameID ON players (gameID)
      """#,
      #"""
      CREATE INDEX scoreEvents_device ON scoreEvents (device)
      """#,
      #"""
      CREATE INDEX scoreEvents_undoes ON scoreEvents (undoes) WHERE undoes IS NOT NULL
      """#,
      #"""
      CREATE INDEX playerPhotos_summary ON playerPhotos (id, type, width, height, byteCount, sha256)
      """#,
      #"""
      CREATE INDEX localChanges_gameID ON localChanges (gameID) WHERE gameID IS NOT NULL
      """#,
      #"""
      CREATE INDEX localChanges_playerID ON localChanges (playerID) WHERE playerID IS NOT NULL
      """#,
      #"""
      CREATE INDEX players_team ON players (gameID) WHERE team IS NOT NULL
      """#,
      #"""
      CREATE INDEX scoreEvents_playerID ON scoreEvents (playerID, time, roundID)
      """#,
      #"""
      CREATE INDEX rounds_gameID ON rounds (gameID, madeAt, id)
      """#,
      #"""
      CREATE INDEX rounds_undoes ON rounds (undoes) WHERE undoes IS NOT NULL
      """#,
      #"""
      CREATE INDEX gameEvents_gameID ON gameEvents (gameID, time, id)
      """#,
      #"""
      CREATE INDEX resultChanges_gameID ON resultChanges (gameID, seq)
      """#,
      #"""
      CREATE INDEX finishedResults_order ON finishedResults (finishedAt, gameID)
      """#,
      #"""
      CREATE INDEX scoreEvents_roundID ON scoreEvents (roundID, playerID, delta, thousandths)
        WHERE roundID IS NOT NULL
      """#,
      #"""
      CREATE INDEX players_decimals ON players (gameID) WHERE scoreThousandths <> 0
      """#,
      #"""
      CREATE INDEX players_teamSeats ON players (gameID) WHERE isTeam IS NOT NULL
      """#,
      #"""
      CREATE INDEX players_standings ON players (gameID, score) WHERE isTeam IS NULL AND score IS NOT NULL
      """#,
      #"""
      CREATE INDEX syncRecords_state ON syncRecords (state) WHERE state <> 'synced'
      """#,
      #"""
      CREATE INDEX syncRecords_parent ON syncRecords (parentRecordName) WHERE parentRecordName IS NOT NULL
      """#,
      #"""
      CREATE TRIGGER localChanges_gameDeleted AFTER DELETE ON games BEGIN
        UPDATE localChanges SET description = 'changed a game since deleted', gameID = NULL, playerID = NULL
        WHERE gameID = OLD.id;
      END
      """#,
      #"""
      CREATE TRIGGER localChanges_playerRemoved AFTER DELETE ON players BEGIN
        UPDATE localChanges SET description = 'changed a player since removed', playerID = NULL
        WHERE playerID = OLD.id;
      END
      """#,
      #"""
      CREATE TRIGGER personLinks_beforeUpdate BEFORE UPDATE ON personLinks BEGIN
        SELECT RAISE(ABORT, 'person links are append-only');
      END
      """#,
      #"""
      CREATE TRIGGER finishedResults_rounds AFTER INSERT ON rounds BEGIN
        DELETE FROM finishedResults WHERE gameID = NEW.gameID;
      END
      """#,
      #"""
      CREATE TRIGGER finishedResults_roundsDeleted AFTER DELETE ON rounds BEGIN
        DELETE FROM finishedResults WHERE gameID = OLD.gameID;
      END
      """#,
      #"""
      CREATE TRIGGER finishedResults_gameEvents AFTER INSERT ON gameEvents BEGIN
        DELETE FROM finishedResults WHERE gameID = NEW.gameID;
      END
      """#,
      #"""
      CREATE TRIGGER finishedResults_gameEventsDeleted AFTER DELETE ON gameEvents BEGIN
        DELETE FROM finishedResults WHERE gameID = OLD.gameID;
      END
      """#,
      #"""
      CREATE TRIGGER finishedResults_scoreEvents AFTER INSERT ON scoreEvents BEGIN
        DELETE FROM finishedResults WHERE gameID = (SELECT gameID FROM players WHERE id = NEW.playerID);
      END
      """#,
      #"""
      CREATE TRIGGER finishedResults_scoreEventsDeleted AFTER DELETE ON scoreEvents BEGIN
        DELETE FROM finishedResults WHERE gameID = (SELECT gameID FROM players WHERE id = OLD.playerID);
      END
      """#,
      #"""
      CREATE TRIGGER finishedResults_players AFTER INSERT ON players BEGIN
        DELETE FROM finishedResults WHERE gameID = NEW.gameID;
      END
      """#,
      #"""
      CREATE TRIGGER finishedResults_playersChanged AFTER UPDATE OF id, gameID, name, team ON players BEGIN
        DELETE FROM finishedResults WHERE gameID IN (OLD.gameID, NEW.gameID);
      END
      """#,
      #"""
      CREATE TRIGGER finishedResults_playersDeleted AFTER DELETE ON players BEGIN
        DELETE FROM finishedResults WHERE gameID = OLD.gameID;
      END
      """#,
      #"""
      CREATE TRIGGER scoreEvents_afterInsert AFTER INSERT ON scoreEvents BEGIN
        UPDATE players SET scoreHigh = (scoreHigh + (NEW.delta >> 32) + ((scoreLow + (NEW.delta & 4294967295) + (scoreThousandths + coalesce(NEW.thousandths, 0) + 1000) / 1000 - 1) >> 32)),
          scoreLow = (scoreLow + (NEW.delta & 4294967295) + (scoreThousandths + coalesce(NEW.thousandths, 0) + 1000) / 1000 - 1) & 4294967295,
          scoreThousandths = (scoreThousandths + coalesce(NEW.thousandths, 0) + 1000) % 1000,
          score = CASE
            WHEN (scoreHigh + (NEW.delta >> 32) + ((scoreLow + (NEW.delta & 4294967295) + (scoreThousandths + coalesce(NEW.thousandths, 0) + 1000) / 1000 - 1) >> 32)) > 2147483647 THEN 9223372036854775807
            WHEN (scoreHigh + (NEW.delta >> 32) + ((scoreLow + (NEW.delta & 4294967295) + (scoreThousandths + coalesce(NEW.thousandths, 0) + 1000) / 1000 - 1) >> 32)) < -2147483648 THEN -9223372036854775807 - 1
            ELSE (scoreHigh + (NEW.delta >> 32) + ((scoreLow + (NEW.delta & 4294967295) + (scoreThousandths + coalesce(NEW.thousandths, 0) + 1000) / 1000 - 1) >> 32)) * 4294967296 + ((scoreLow + (NEW.delta & 4294967295) + (scoreThousandths + coalesce(NEW.thousandths, 0) + 1000) / 1000 - 1) & 4294967295) END
        WHERE id = NEW.playerID;
      END
      """#,
      #"""
      CREATE TRIGGER scoreEvents_afterDelete AFTER DELETE ON scoreEvents BEGIN
        UPDATE players SET scoreHigh = (scoreHigh - (OLD.delta >> 32) + ((scoreLow - (OLD.delta & 4294967295) + (scoreThousandths - coalesce(OLD.thousandths, 0) + 1000) / 1000 - 1) >> 32)),
          scoreLow = (scoreLow - (OLD.delta & 4294967295) + (scoreThousandths - coalesce(OLD.thousandths, 0) + 1000) / 1000 - 1) & 4294967295,
          scoreThousandths = (scoreThousandths - coalesce(OLD.thousandths, 0) + 1000) % 1000,
          score = CASE
            WHEN (scoreHigh - (OLD.delta >> 32) + ((scoreLow - (OLD.delta & 4294967295) + (scoreThousandths - coalesce(OLD.thousandths, 0) + 1000) / 1000 - 1) >> 32)) > 2147483647 THEN 9223372036854775807
            WHEN (scoreHigh - (OLD.delta >> 32) + ((scoreLow - (OLD.delta & 4294967295) + (scoreThousandths - coalesce(OLD.thousandths, 0) + 1000) / 1000 - 1) >> 32)) < -2147483648 THEN -9223372036854775807 - 1
            ELSE (scoreHigh - (OLD.delta >> 32) + ((scoreLow - (OLD.delta & 4294967295) + (scoreThousandths - coalesce(OLD.thousandths, 0) + 1000) / 1000 - 1) >> 32)) * 4294967296 + ((scoreLow - (OLD.delta & 4294967295) + (scoreThousandths - coalesce(OLD.thousandths, 0) + 1000) / 1000 - 1) & 4294967295) END
        WHERE id = OLD.playerID;
      END
      """#,
      #"""
      CREATE TRIGGER scoreEvents_beforeUpdate BEFORE UPDATE OF id, delta, thousandths, time, device, undoes, roundID,
        enteredAt
      ON scoreEvents BEGIN
        SELECT RAISE(ABORT, 'score events are append-only');
      END
      """#,
      #"""
      CREATE TRIGGER rounds_beforeUpdate BEFORE UPDATE OF id, gameID, madeAt, device, fixes, undoes, name, enteredAt
      ON rounds BEGIN
        SELECT RAISE(ABORT, 'rounds are append-only');
      END
      """#,
      #"""
      CREATE TRIGGER gameEvents_beforeUpdate BEFORE UPDATE OF id, gameID, time, device, kind, winner,
        target, targetThousandths, roundLimit, winners, places, counted, cooperative, winBy, start,
        startThousandths, bust, targetZero, enteredAt
      ON gameEvents BEGIN
        SELECT RAISE(ABORT, 'game events are append-only');
      END
      """#,
      #"""
      CREATE TRIGGER kindRules_beforeUpdate BEFORE UPDATE ON kindRules BEGIN
        SELECT RAISE(ABORT, 'kind rules are append-only');
      END
      """#,
      #"""
      CREATE TRIGGER sync_games_insert AFTER INSERT ON games BEGIN
        SELECT syncSaved('games', NEW.id, NULL, 'title', 1, 'kind', NEW.kind NOTNULL);
      END
      """#,
      #"""
      CREATE TRIGGER sync_games_update AFTER UPDATE OF id, title, kind ON games BEGIN
        SELECT syncMoved('games', OLD.id, NEW.id, NULL,
          'title', OLD.title IS NOT NEW.title, 'kind', OLD.kind IS NOT NEW.kind);
      END
      """#,
      #"""
      CREATE TRIGGER sync_games_delete AFTER DELETE ON games BEGIN
        SELECT syncDeleted('games', OLD.id);
      END
      """#,
      #"""
      CREATE TRIGGER sync_players_insert AFTER INSERT ON players BEGIN
        SELECT syncSaved('players', NEW.id, NEW.gameID,
          'name', 1, 'team', NEW.team NOTNULL, 'isTeam', NEW.isTeam NOTNULL);
      END
      """#,
      #"""
      CREATE TRIGGER sync_players_update AFTER UPDATE OF id, gameID, name, team ON players BEGIN
        SELECT syncMoved('players', OLD.id, NEW.id, NEW.gameID,
          'name', OLD.name IS NOT NEW.name, 'team', OLD.team IS NOT NEW.team);
      END
      """#,
      #"""
      CREATE TRIGGER sync_players_delete AFTER DELETE ON players BEGIN
        SELECT syncDeleted('players', OLD.id);
      END
      """#,
      #"""
      CREATE TRIGGER sync_scoreEvents_insert AFTER INSERT ON scoreEvents BEGIN
        SELECT syncSaved('scoreEvents', NEW.id, NEW.playerID);
      END
      """#,
      #"""
      CREATE TRIGGER sync_scoreEvents_update AFTER UPDATE OF id, playerID ON scoreEvents BEGIN
        SELECT syncMoved('scoreEvents', OLD.id, NEW.id, NEW.playerID);
      END
      """#,
      #"""
      CREATE TRIGGER sync_scoreEvents_delete AFTER DELETE ON scoreEvents BEGIN
        SELECT syncDeleted('scoreEvents', OLD.id);
      END
      """#,
      #"""
      CREATE TRIGGER sync_playerPhotos_insert AFTER INSERT ON playerPhotos BEGIN
        SELECT syncSaved('playerPhotos', NEW.id, NEW.id, 'sha256', 1);
      END
      """#,
      #"""
      CREATE TRIGGER sync_playerPhotos_update
      AFTER UPDATE OF id, type, width, height, byteCount, sha256, bytes ON playerPhotos BEGIN
        SELECT syncMoved('playerPhotos', OLD.id, NEW.id, NEW.id, 'sha256', OLD.sha256 IS NOT NEW.sha256);
      END
      """#,
      #"""
      CREATE TRIGGER sync_playerPhotos_delete AFTER DELETE ON playerPhotos BEGIN
        SELECT syncDeleted('playerPhotos', OLD.id);
      END
      """#,
      #"""
      CREATE TRIGGER sync_rounds_insert AFTER INSERT ON rounds BEGIN
        SELECT syncSaved('rounds', NEW.id, NEW.gameID);
      END
      """#,
      #"""
      CREATE TRIGGER sync_rounds_delete AFTER DELETE ON rounds BEGIN
        SELECT syncDeleted('rounds', OLD.id);
      END
      """#,
      #"""
      CREATE TRIGGER sync_gameEvents_insert AFTER INSERT ON gameEvents BEGIN
        SELECT syncSaved('gameEvents', NEW.id, NEW.gameID);
      END
      """#,
      #"""
      CREATE TRIGGER sync_gameEvents_delete AFTER DELETE ON gameEvents BEGIN
        SELECT syncDeleted('gameEvents', OLD.id);
      END
      """#,
      #"""
      CREATE TRIGGER sync_personLinks_insert AFTER INSERT ON personLinks BEGIN
        SELECT syncSaved('personLinks', NEW.id, NULL);
      END
      """#,
      #"""
      CREATE TRIGGER sync_personLinks_delete AFTER DELETE ON personLinks BEGIN
        SELECT syncDeleted('personLinks', OLD.id);
      END
      """#,
      #"""
      CREATE TRIGGER sync_kindRules_insert AFTER INSERT ON kindRules BEGIN
        SELECT syncSaved('kindRules', NEW.id, NULL);
      END
      """#,
      #"""
      CREATE TRIGGER sync_kindRules_delete AFTER DELETE ON kindRules BEGIN
        SELECT syncDeleted('kindRules', OLD.id);
      END
      """#,
    ],
    seed: seed)
}
