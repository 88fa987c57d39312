extension Migration {
  /// Schema v4: the triggers that record local changes for sync become
  /// part of the schema (see `SyncTracking` for what they do).
  ///
  /// Until v3 they were TEMP triggers created on every connection, so they
  /// could change without a migration. Creating nine triggers cost about
  /// 1.5 ms per process, more than a whole `list`; stored triggers are
  /// parsed with the rest of the schema for about 0.1 ms (`sqlite3` with
  /// `.timer on`). A later change to them is a migration that drops and
  /// recreates them; the v4 fixture pins this text.
  ///
  /// Score events no longer carry per-field times: they are append-only,
  /// so their fields never conflict, and four rows per event were most of
  /// what recording a score wrote.
  ///
  /// They call two functions every connection that writes must define:
  /// `now()` (as column defaults already do) and `syncIsApplying()`. Any
  /// other writer fails with "no such function" rather than making
  /// changes that would never sync.
  ///
  /// The text is literal, as shipped (it was once generated from
  /// `SyncedTable`, so editing that type rewrote history): a table synced
  /// from a later version gets its triggers from that version's migration.
  static let syncTriggers = Migration(
    version: 4,
    identifier: "syncTriggers",
    sql: #"""
      DELETE FROM syncFieldTimes WHERE recordName LIKE '%:scoreEvents';
      CREATE TRIGGER sync_games_insert AFTER INSERT ON games
      WHEN NOT syncIsApplying() BEGIN
        /* sync */ INSERT INTO syncRecords
        (recordName, tableName, rowID, zoneName, ownerName, parentRecordName, state, changeCount)
      SELECT NEW.id || ':games', 'games', NEW.id, 'game-' || NEW.id, '', NULL, 'pendingSave', 1
      WHERE 1
      ON CONFLICT (recordName) DO UPDATE SET
        state = 'pendingSave', changeCount = changeCount + 1;
      /* sync */ INSERT INTO syncFieldTimes (recordName, field, modifiedAt)
      SELECT NEW.id || ':games', 'title', now() WHERE 1
      ON CONFLICT (recordName, field) DO UPDATE SET modifiedAt = excluded.modifiedAt;
      END;
      CREATE TRIGGER sync_games_update AFTER UPDATE OF id, title ON games
      WHEN NOT syncIsApplying() BEGIN
        /* sync */ DELETE FROM syncRecords
      WHERE (OLD.id <> NEW.id) AND recordName = OLD.id || ':games' AND serverChangeTag IS NULL;
      /* sync */ UPDATE syncRecords SET state = 'pendingDelete', changeCount = changeCount + 1
      WHERE (OLD.id <> NEW.id) AND recordName = OLD.id || ':games';
        /* sync */ INSERT INTO syncRecords
        (recordName, tableName, rowID, zoneName, ownerName, parentRecordName, state, changeCount)
      SELECT NEW.id || ':games', 'games', NEW.id, 'game-' || NEW.id, '', NULL, 'pendingSave', 1
      WHERE 1
      ON CONFLICT (recordName) DO UPDATE SET
        state = 'pendingSave', changeCount = changeCount + 1;
      /* sync */ INSERT INTO syncFieldTimes (recordName, field, modifiedAt)
      SELECT NEW.id || ':games', 'title', now() WHERE OLD.title IS NOT NEW.title OR OLD.id <> NEW.id
      ON CONFLICT (recordName, field) DO UPDATE SET modifiedAt = excluded.modifiedAt;
      END;
      CREATE TRIGGER sync_games_delete AFTER DELETE ON games
      WHEN NOT syncIsApplying() BEGIN
        /* sync */ DELETE FROM syncRecords
      WHERE (1) AND recordName = OLD.id || ':games' AND serverChangeTag IS NULL;
      /* sync */ UPDATE syncRecords SET state = 'pendingDelete', changeCount = changeCount + 1
      WHERE (1) AND recordName = OLD.id || ':games';
      END;
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
      END;
      CREATE TRIGGER sync_players_update AFTER UPDATE OF id, gameID, name ON players
      WHEN NOT syncIsApplying() BEGIN
        /* sync */ DELETE FROM syncRecords
      WHERE (OLD.id <> NEW.id) AND recordName = OLD.id || ':players' AND serverChangeTag IS NULL;
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
      END;
      CREATE TRIGGER sync_players_delete AFTER DELETE ON players
      WHEN NOT syncIsApplying() BEGIN
        /* sync */ DELETE FROM syncRecords
      WHERE (1) AND recordName = OLD.id || ':players' AND serverChangeTag IS NULL;
      /* sync */ UPDATE syncRecords SET state = 'pendingDelete', changeCount = changeCount + 1
      WHERE (1) AND recordName = OLD.id || ':players';
      END;
      CREATE TRIGGER sync_scoreEvents_insert AFTER INSERT ON scoreEvents
      WHEN NOT syncIsApplying() BEGIN
        /* sync */ INSERT INTO syncRecords
        (recordName, tableName, rowID, zoneName, ownerName, parentRecordName, state, changeCount)
      SELECT NEW.id || ':scoreEvents', 'scoreEvents', NEW.id, parent.zoneName, parent.ownerName,
             parent.recordName, 'pendingSave', 1
      FROM syncRecords AS parent
      WHERE parent.recordName = NEW.playerID || ':players'
      ON CONFLICT (recordName) DO UPDATE SET
        state = 'pendingSave', changeCount = changeCount + 1, zoneName = excluded.zoneName, ownerName = excluded.ownerName, parentRecordName = excluded.parentRecordName;

      END;
      CREATE TRIGGER sync_scoreEvents_update AFTER UPDATE OF id, playerID ON scoreEvents
      WHEN NOT syncIsApplying() BEGIN
        /* sync */ DELETE FROM syncRecords
      WHERE (OLD.id <> NEW.id) AND recordName = OLD.id || ':scoreEvents' AND serverChangeTag IS NULL;
      /* sync */ UPDATE syncRecords SET state = 'pendingDelete', changeCount = changeCount + 1
      WHERE (OLD.id <> NEW.id) AND recordName = OLD.id || ':scoreEvents';
        /* sync */ INSERT INTO syncRecords
        (recordName, tableName, rowID, zoneName, ownerName, parentRecordName, state, changeCount)
      SELECT NEW.id || ':scoreEvents', 'scoreEvents', NEW.id, parent.zoneName, parent.ownerName,
             parent.recordName, 'pendingSave', 1
      FROM syncRecords AS parent
      WHERE parent.recordName = NEW.playerID || ':players'
      ON CONFLICT (recordName) DO UPDATE SET
        state = 'pendingSave', changeCount = changeCount + 1, zoneName = excluded.zoneName, ownerName = excluded.ownerName, parentRecordName = excluded.parentRecordName;

      END;
      CREATE TRIGGER sync_scoreEvents_delete AFTER DELETE ON scoreEvents
      WHEN NOT syncIsApplying() BEGIN
        /* sync */ DELETE FROM syncRecords
      WHERE (1) AND recordName = OLD.id || ':scoreEvents' AND serverChangeTag IS NULL;
      /* sync */ UPDATE syncRecords SET state = 'pendingDelete', changeCount = changeCount + 1
      WHERE (1) AND recordName = OLD.id || ':scoreEvents';
      END;
      """#
  )
}
