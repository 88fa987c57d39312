extension Migration {
  /// Schema v12: what is deleted leaves no names behind.
  ///
  /// - Each entry of the change log (`localChanges`) that is not a score
  ///   change keeps the ids of the game and player it names. When either
  ///   is deleted, here or by a sync, a trigger replaces the entry's words
  ///   with ones that name nothing: undo still stops at it, and says what
  ///   kind of change it was.
  /// - Entries older than the last one that is not a score change go:
  ///   undo never reaches past such a change (`Store.recordLocalChange`
  ///   keeps it so from now on). Older entries carry no ids, so an entry
  ///   kept here that names something deleted before v12 stays as it is.
  /// - A record pending deletion keeps no copy of the server's fields (its
  ///   merge base, which holds names): a deletion merges with nothing. (A
  ///   sync trigger, so named: `--trace` leaves it to the engine's.)
  ///
  /// With `PRAGMA secure_delete` on every connection (`Database`), the
  /// bytes a deleted row took are overwritten, not left in free space.
  static let forgetDeletedNames = Migration(
    version: 12,
    identifier: "forgetDeletedNames",
    sql: """
      ALTER TABLE localChanges ADD COLUMN gameID TEXT;
      ALTER TABLE localChanges ADD COLUMN playerID TEXT;
      CREATE INDEX localChanges_gameID ON localChanges (gameID) WHERE gameID IS NOT NULL;
      CREATE INDEX localChanges_playerID ON localChanges (playerID) WHERE playerID IS NOT NULL;
      DELETE FROM localChanges
      WHERE seq < (SELECT max(seq) FROM localChanges WHERE description IS NOT NULL);

      CREATE TRIGGER localChanges_gameDeleted AFTER DELETE ON games BEGIN
        UPDATE localChanges SET description = 'changed a game since deleted', gameID = NULL, playerID = NULL
        WHERE gameID = OLD.id;
      END;
      CREATE TRIGGER localChanges_playerRemoved AFTER DELETE ON players BEGIN
        UPDATE localChanges SET description = 'changed a player since removed', playerID = NULL
        WHERE playerID = OLD.id;
      END;

      DELETE FROM syncServerFields
      WHERE recordName IN (SELECT recordName FROM syncRecords WHERE state = 'pendingDelete');
      CREATE TRIGGER sync_serverFields_pendingDelete AFTER UPDATE OF state ON syncRecords
      WHEN NEW.state = 'pendingDelete' BEGIN
        DELETE FROM syncServerFields WHERE recordName = NEW.recordName;
      END;
      """
  )
}
