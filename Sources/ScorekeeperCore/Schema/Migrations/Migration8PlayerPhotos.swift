extension Migration {
  /// Schema v8: a photo for each player, in a table of its own.
  ///
  /// - Keyed by the player's id, so a player has at most one photo, it
  ///   goes with its player (the cascade), and two devices that give one
  ///   player a photo at once make the same sync record, which merges
  ///   (`SyncedTable.playerPhotos`).
  /// - Removing a photo keeps the row with every column NULL: a removal
  ///   is a change like any other, and the later of a removal and a new
  ///   photo wins on every device. (Deleting the row would make it a
  ///   deletion, which beats any change.)
  /// - The bytes are the last column, so reading the columns before them
  ///   (all `list` reads) never touches the pages that hold an image.
  ///   `byteCount` and `sha256` are kept beside them for the same reason.
  /// - The size limit (`Photo.maximumByteCount`) is the program's, not the
  ///   schema's: a later version may raise it without a migration.
  static let playerPhotos = Migration(
    version: 8,
    identifier: "playerPhotos",
    sql: #"""
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
      ) STRICT;
      CREATE TRIGGER sync_playerPhotos_insert AFTER INSERT ON playerPhotos
      WHEN NOT syncIsApplying() BEGIN
        /* sync */ INSERT INTO syncRecords
        (recordName, tableName, rowID, zoneName, ownerName, parentRecordName, state, changeCount)
      SELECT NEW.id || ':playerPhotos', 'playerPhotos', NEW.id, parent.zoneName, parent.ownerName,
             parent.recordName, 'pendingSave', 1
      FROM syncRecords AS parent
      WHERE parent.recordName = NEW.id || ':players'
      ON CONFLICT (recordName) DO UPDATE SET
        state = 'pendingSave', changeCount = changeCount + 1, zoneName = excluded.zoneName, ownerName = excluded.ownerName, parentRecordName = excluded.parentRecordName;
      /* sync */ INSERT INTO syncFieldTimes (recordName, field, modifiedAt)
      SELECT NEW.id || ':playerPhotos', 'sha256', now() WHERE 1
      ON CONFLICT (recordName, field) DO UPDATE SET modifiedAt = excluded.modifiedAt;
      END;
      CREATE TRIGGER sync_playerPhotos_update AFTER UPDATE OF id, type, width, height, byteCount, sha256, bytes ON playerPhotos
      WHEN NOT syncIsApplying() BEGIN
        /* sync */ DELETE FROM syncRecords
      WHERE (OLD.id <> NEW.id) AND recordName = OLD.id || ':playerPhotos' AND serverChangeTag IS NULL;
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
      CREATE TRIGGER sync_playerPhotos_delete AFTER DELETE ON playerPhotos
      WHEN NOT syncIsApplying() BEGIN
        /* sync */ DELETE FROM syncRecords
      WHERE (1) AND recordName = OLD.id || ':playerPhotos' AND serverChangeTag IS NULL;
      /* sync */ UPDATE syncRecords SET state = 'pendingDelete', changeCount = changeCount + 1
      WHERE (1) AND recordName = OLD.id || ':playerPhotos';
      END;
      """#
  )
}
