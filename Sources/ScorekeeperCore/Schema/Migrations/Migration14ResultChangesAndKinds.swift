extension Migration {
  /// Schema v14: `resultChanges`, what this device saw a sync do to a
  /// finished game's result. A game's result is replayed from its log
  /// (`GameOutcome`), so changes arriving from another device (a round
  /// made offline before the game ended, a player removed) may give it
  /// other winners, or reopen it, with no change of this device's in its
  /// history to say why. The sync notes it here, and `history` shows it.
  ///
  /// Local to this device, like `localChanges`: each device saw its own
  /// result change, when it synced. Winners are player ids, space-separated
  /// (`winners` NULL: the game is in progress again), so a player's name
  /// removed is not left behind; gone with its game.
  ///
  /// `games.kind` (issue 32): which game it is ("Hearts"), so that games
  /// of one kind count together in ratings and statistics. A field merged
  /// like the title (timed from when it is first set), so the games' sync
  /// triggers are made again to track it; existing games have none.
  ///
  /// Also drops v13's sync triggers on updating a round's or game event's
  /// id or game: their rows are append-only, and the `beforeUpdate`
  /// trigger of each aborts any such update, so they could never run.
  /// Every command parses the whole schema on opening, theirs included.
  static let resultChangesAndKinds = Migration(
    version: 14,
    identifier: "resultChangesAndKinds",
    sql: """
      CREATE TABLE resultChanges (
        seq INTEGER PRIMARY KEY,
        gameID TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE ON UPDATE CASCADE,
        time TEXT NOT NULL,
        winners TEXT,
        previousWinners TEXT NOT NULL
      ) STRICT;
      CREATE INDEX resultChanges_gameID ON resultChanges (gameID, seq);

      DROP TRIGGER sync_rounds_update;
      DROP TRIGGER sync_gameEvents_update;

      ALTER TABLE games ADD COLUMN kind TEXT CHECK (kind <> '');
      DROP TRIGGER sync_games_insert;
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
      /* sync */ INSERT INTO syncFieldTimes (recordName, field, modifiedAt)
      SELECT NEW.id || ':games', 'kind', now() WHERE NEW.kind IS NOT NULL
      ON CONFLICT (recordName, field) DO UPDATE SET modifiedAt = excluded.modifiedAt;
      END;
      DROP TRIGGER sync_games_update;
      CREATE TRIGGER sync_games_update AFTER UPDATE OF id, title, kind ON games
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
      /* sync */ INSERT INTO syncFieldTimes (recordName, field, modifiedAt)
      SELECT NEW.id || ':games', 'kind', now() WHERE OLD.kind IS NOT NEW.kind OR OLD.id <> NEW.id
      ON CONFLICT (recordName, field) DO UPDATE SET modifiedAt = excluded.modifiedAt;
      END;
      """
  )
}
