extension Migration {
  /// Schema v11: deleting a row always sends its deletion.
  ///
  /// Until v10 a row deleted before this device heard the server take it
  /// was forgotten, as if the server could not have it. A copy of the
  /// database made before the deletion (a backup, a second laptop) may have
  /// sent it since, and then the row came back on every device. Now the
  /// deletion is pending like any other; the server answers "unknown item"
  /// (or "no such zone") when it never had the row, which the engine takes
  /// as done. Deletions never create a zone to be sent into.
  static let deletionsAlwaysSent = Migration(
    version: 11,
    identifier: "deletionsAlwaysSent",
    sql: #"""
      DROP TRIGGER sync_games_update;
      CREATE TRIGGER sync_games_update AFTER UPDATE OF id, title ON games
      WHEN NOT syncIsApplying() BEGIN
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
      DROP TRIGGER sync_games_delete;
      CREATE TRIGGER sync_games_delete AFTER DELETE ON games
      WHEN NOT syncIsApplying() BEGIN
        /* sync */ UPDATE syncRecords SET state = 'pendingDelete', changeCount = changeCount + 1
        WHERE recordName = OLD.id || ':games';
      END;
      DROP TRIGGER sync_players_update;
      CREATE TRIGGER sync_players_update AFTER UPDATE OF id, gameID, name ON players
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
      END;
      DROP TRIGGER sync_players_delete;
      CREATE TRIGGER sync_players_delete AFTER DELETE ON players
      WHEN NOT syncIsApplying() BEGIN
        /* sync */ UPDATE syncRecords SET state = 'pendingDelete', changeCount = changeCount + 1
        WHERE recordName = OLD.id || ':players';
      END;
      DROP TRIGGER sync_scoreEvents_update;
      CREATE TRIGGER sync_scoreEvents_update AFTER UPDATE OF id, playerID ON scoreEvents
      WHEN NOT syncIsApplying() BEGIN
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
      DROP TRIGGER sync_scoreEvents_delete;
      CREATE TRIGGER sync_scoreEvents_delete AFTER DELETE ON scoreEvents
      WHEN NOT syncIsApplying() BEGIN
        /* sync */ UPDATE syncRecords SET state = 'pendingDelete', changeCount = changeCount + 1
        WHERE recordName = OLD.id || ':scoreEvents';
      END;
      DROP TRIGGER sync_playerPhotos_update;
      CREATE TRIGGER sync_playerPhotos_update AFTER UPDATE OF id, type, width, height, byteCount, sha256, bytes ON playerPhotos
      WHEN NOT syncIsApplying() BEGIN
        /* sync */ UPDATE syncRecords SET state = 'pendingDelete', changeCount = changeCount + 1
        WHERE (OLD.id <> NEW.id) AND recordName = OLD.id || ':playerPhotos';
        /* sync */ INSERT INTO syncRecords
        (recordName, tableName, rowID, zoneName, ownerName, parentRecordName, state, changeCount)
      SELECT NEW.id || ':playerPhotos', 'playerPhotos', NEW.id, parent.zoneName, parent.ownerName,
             parent.recordName, 'pendingSave', 1
      FROM syncRecords AS parent
      WHERE parent.recordName = NEW.id || ':players'
      ON CONFLICT (recordName) DO UPDATE SET
        state = 'pendingSave', changeCount = changeCount + 1, zoneName = excluded.zoneName, ownerName = excluded.ownerName, parentRecordName = excluded.parentRecordName;
      /* sync */ INSERT INTO syncFieldTimes (recordName, field, modifiedAt)
      SELECT NEW.id || ':playerPhotos', 'sha256', now() WHERE OLD.sha256 IS NOT NEW.sha256 OR OLD.id <> NEW.id
      ON CONFLICT (recordName, field) DO UPDATE SET modifiedAt = excluded.modifiedAt;
      END;
      DROP TRIGGER sync_playerPhotos_delete;
      CREATE TRIGGER sync_playerPhotos_delete AFTER DELETE ON playerPhotos
      WHEN NOT syncIsApplying() BEGIN
        /* sync */ UPDATE syncRecords SET state = 'pendingDelete', changeCount = changeCount + 1
        WHERE recordName = OLD.id || ':playerPhotos';
      END;
      """#
  )
}
