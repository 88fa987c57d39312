extension Migration {
  /// Schema v13: rules, rounds, endings and teams (see
  /// `Docs/rules-and-rounds.md`). A game's result is never stored: it is
  /// `GameOutcome`, replayed from these append-only tables.
  ///
  /// - `rounds`: one row per `round` command (a round), per `round --fix`
  ///   (`fixes` names the round it corrects) and per undo of either
  ///   (`undoes`). Its points are score events carrying its id in
  ///   `roundID`, made at its `madeAt`. Rounds are numbered 1, 2, 3… by
  ///   (madeAt, id) among the rows that are neither corrections, undos nor
  ///   undone, so two devices' rounds made at once are both kept and every
  ///   device numbers them alike.
  /// - `gameEvents`: a game's rule changes (`rules`: each of `winner`,
  ///   `target`, `roundLimit` NULL when unchanged; a target or round count
  ///   of 0 removes it), `finish` (with `winners`, the player ids named by
  ///   `finish --winner`, space-separated) and `reopen`. No CHECK on
  ///   `kind`: a later version's kinds are passed over, not refused.
  /// - `players.team`: a player's team, a field merged like its name
  ///   (timed from when it is first set: no time merges as the oldest).
  /// - `localChanges.event` may also hold a round row's id, so `undo`
  ///   reverts a whole round (or correction) as one change.
  ///
  /// Both new tables sync as records of their game's zone, append-only
  /// like score events. The players' sync triggers are recreated to track
  /// the team; existing rows keep NULL (no team, no rounds, classic rules).
  static let rulesAndRounds = Migration(
    version: 13,
    identifier: "rulesAndRounds",
    sql: #"""
      ALTER TABLE players ADD COLUMN team TEXT CHECK (team <> '');
      -- The latest time this device stamped an entry of a game's log
      -- (`Store.logTime`): a round comes after the score change made
      -- just before it, even within one millisecond.
      ALTER TABLE localDevice ADD COLUMN lastLogTime TEXT;
      -- Whether a game has teams, without reading its players.
      CREATE INDEX players_team ON players (gameID) WHERE team IS NOT NULL;
      ALTER TABLE scoreEvents ADD COLUMN roundID TEXT;
      -- A game's log is read round by round (rounds_gameID gives the
      -- order) with each round's points from this index alone, and its
      -- score changes outside the rounds from scoreEvents_playerID, which
      -- now tells them apart without reading the rows.
      CREATE INDEX scoreEvents_roundID ON scoreEvents (roundID, playerID, delta) WHERE roundID IS NOT NULL;
      DROP INDEX scoreEvents_playerID;
      CREATE INDEX scoreEvents_playerID ON scoreEvents (playerID, time, roundID);
      DROP TRIGGER scoreEvents_beforeUpdate;
      CREATE TRIGGER scoreEvents_beforeUpdate BEFORE UPDATE OF id, delta, time, device, undoes, roundID
      ON scoreEvents BEGIN
        SELECT RAISE(ABORT, 'score events are append-only');
      END;

      CREATE TABLE rounds (
        id TEXT PRIMARY KEY NOT NULL DEFAULT (uuid()),
        gameID TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE ON UPDATE CASCADE,
        madeAt TEXT NOT NULL DEFAULT (now()),
        device TEXT NOT NULL,
        -- Not foreign keys: the row named may not have reached this device yet.
        fixes TEXT,
        undoes TEXT,
        CHECK (fixes IS NULL OR undoes IS NULL)
      ) STRICT;
      CREATE INDEX rounds_gameID ON rounds (gameID, madeAt, id);
      CREATE INDEX rounds_undoes ON rounds (undoes) WHERE undoes IS NOT NULL;
      CREATE TRIGGER rounds_beforeUpdate BEFORE UPDATE OF id, gameID, madeAt, device, fixes, undoes
      ON rounds BEGIN
        SELECT RAISE(ABORT, 'rounds are append-only');
      END;

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
      ) STRICT;
      CREATE INDEX gameEvents_gameID ON gameEvents (gameID, time, id);
      CREATE TRIGGER gameEvents_beforeUpdate BEFORE UPDATE OF id, gameID, time, device, kind, winner,
        target, roundLimit, winners
      ON gameEvents BEGIN
        SELECT RAISE(ABORT, 'game events are append-only');
      END;

      DROP TRIGGER sync_players_insert;
      CREATE TRIGGER sync_players_insert AFTER INSERT ON players
      WHEN NOT syncIsApplying() BEGIN
        /* sync */ INSERT INTO syncRecords
        (recordName, tableName, rowID, zoneName, ownerName, parentRecordName, state, changeCount)
      SELECT NEW.id || ':players', 'players', NEW.id, parent.zoneName, parent.ownerName,
             parent.recordName, 'pendingSave', 1
      FROM syncRecords AS parent
      WHERE parent.recordName = NEW.gameID || ':games'
      ON CONFLICT (recordName) DO UPDATE SET
        state = 'pendingSave', changeCount = changeCount + 1, zoneName = excluded.zoneName, ownerName = excluded.ownerName, parentRecordName = excluded.parentRecordName;
      /* sync */ INSERT INTO syncFieldTimes (recordName, field, modifiedAt)
      SELECT NEW.id || ':players', 'name', now() WHERE 1
      ON CONFLICT (recordName, field) DO UPDATE SET modifiedAt = excluded.modifiedAt;
      /* sync */ INSERT INTO syncFieldTimes (recordName, field, modifiedAt)
      SELECT NEW.id || ':players', 'team', now() WHERE NEW.team IS NOT NULL
      ON CONFLICT (recordName, field) DO UPDATE SET modifiedAt = excluded.modifiedAt;
      END;
      DROP TRIGGER sync_players_update;
      CREATE TRIGGER sync_players_update AFTER UPDATE OF id, gameID, name, team ON players
      WHEN NOT syncIsApplying() BEGIN
        /* sync */ UPDATE syncRecords SET state = 'pendingDelete', changeCount = changeCount + 1
        WHERE (OLD.id <> NEW.id) AND recordName = OLD.id || ':players';
        /* sync */ INSERT INTO syncRecords
        (recordName, tableName, rowID, zoneName, ownerName, parentRecordName, state, changeCount)
      SELECT NEW.id || ':players', 'players', NEW.id, parent.zoneName, parent.ownerName,
             parent.recordName, 'pendingSave', 1
      FROM syncRecords AS parent
      WHERE parent.recordName = NEW.gameID || ':games'
      ON CONFLICT (recordName) DO UPDATE SET
        state = 'pendingSave', changeCount = changeCount + 1, zoneName = excluded.zoneName, ownerName = excluded.ownerName, parentRecordName = excluded.parentRecordName;
      /* sync */ INSERT INTO syncFieldTimes (recordName, field, modifiedAt)
      SELECT NEW.id || ':players', 'name', now() WHERE OLD.name IS NOT NEW.name OR OLD.id <> NEW.id
      ON CONFLICT (recordName, field) DO UPDATE SET modifiedAt = excluded.modifiedAt;
      /* sync */ INSERT INTO syncFieldTimes (recordName, field, modifiedAt)
      SELECT NEW.id || ':players', 'team', now() WHERE OLD.team IS NOT NEW.team OR OLD.id <> NEW.id
      ON CONFLICT (recordName, field) DO UPDATE SET modifiedAt = excluded.modifiedAt;
      END;

      CREATE TRIGGER sync_rounds_insert AFTER INSERT ON rounds
      WHEN NOT syncIsApplying() BEGIN
        /* sync */ INSERT INTO syncRecords
        (recordName, tableName, rowID, zoneName, ownerName, parentRecordName, state, changeCount)
      SELECT NEW.id || ':rounds', 'rounds', NEW.id, parent.zoneName, parent.ownerName,
             parent.recordName, 'pendingSave', 1
      FROM syncRecords AS parent
      WHERE parent.recordName = NEW.gameID || ':games'
      ON CONFLICT (recordName) DO UPDATE SET
        state = 'pendingSave', changeCount = changeCount + 1, zoneName = excluded.zoneName, ownerName = excluded.ownerName, parentRecordName = excluded.parentRecordName;
      END;
      CREATE TRIGGER sync_rounds_update AFTER UPDATE OF id, gameID ON rounds
      WHEN NOT syncIsApplying() BEGIN
        /* sync */ UPDATE syncRecords SET state = 'pendingDelete', changeCount = changeCount + 1
        WHERE (OLD.id <> NEW.id) AND recordName = OLD.id || ':rounds';
        /* sync */ INSERT INTO syncRecords
        (recordName, tableName, rowID, zoneName, ownerName, parentRecordName, state, changeCount)
      SELECT NEW.id || ':rounds', 'rounds', NEW.id, parent.zoneName, parent.ownerName,
             parent.recordName, 'pendingSave', 1
      FROM syncRecords AS parent
      WHERE parent.recordName = NEW.gameID || ':games'
      ON CONFLICT (recordName) DO UPDATE SET
        state = 'pendingSave', changeCount = changeCount + 1, zoneName = excluded.zoneName, ownerName = excluded.ownerName, parentRecordName = excluded.parentRecordName;
      END;
      CREATE TRIGGER sync_rounds_delete AFTER DELETE ON rounds
      WHEN NOT syncIsApplying() BEGIN
        /* sync */ UPDATE syncRecords SET state = 'pendingDelete', changeCount = changeCount + 1
        WHERE recordName = OLD.id || ':rounds';
      END;

      CREATE TRIGGER sync_gameEvents_insert AFTER INSERT ON gameEvents
      WHEN NOT syncIsApplying() BEGIN
        /* sync */ INSERT INTO syncRecords
        (recordName, tableName, rowID, zoneName, ownerName, parentRecordName, state, changeCount)
      SELECT NEW.id || ':gameEvents', 'gameEvents', NEW.id, parent.zoneName, parent.ownerName,
             parent.recordName, 'pendingSave', 1
      FROM syncRecords AS parent
      WHERE parent.recordName = NEW.gameID || ':games'
      ON CONFLICT (recordName) DO UPDATE SET
        state = 'pendingSave', changeCount = changeCount + 1, zoneName = excluded.zoneName, ownerName = excluded.ownerName, parentRecordName = excluded.parentRecordName;
      END;
      CREATE TRIGGER sync_gameEvents_update AFTER UPDATE OF id, gameID ON gameEvents
      WHEN NOT syncIsApplying() BEGIN
        /* sync */ UPDATE syncRecords SET state = 'pendingDelete', changeCount = changeCount + 1
        WHERE (OLD.id <> NEW.id) AND recordName = OLD.id || ':gameEvents';
        /* sync */ INSERT INTO syncRecords
        (recordName, tableName, rowID, zoneName, ownerName, parentRecordName, state, changeCount)
      SELECT NEW.id || ':gameEvents', 'gameEvents', NEW.id, parent.zoneName, parent.ownerName,
             parent.recordName, 'pendingSave', 1
      FROM syncRecords AS parent
      WHERE parent.recordName = NEW.gameID || ':games'
      ON CONFLICT (recordName) DO UPDATE SET
        state = 'pendingSave', changeCount = changeCount + 1, zoneName = excluded.zoneName, ownerName = excluded.ownerName, parentRecordName = excluded.parentRecordName;
      END;
      CREATE TRIGGER sync_gameEvents_delete AFTER DELETE ON gameEvents
      WHEN NOT syncIsApplying() BEGIN
        /* sync */ UPDATE syncRecords SET state = 'pendingDelete', changeCount = changeCount + 1
        WHERE recordName = OLD.id || ':gameEvents';
      END;
      """#
  )
}
