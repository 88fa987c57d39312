extension Migration {
  /// Schema v2: a score is the sum of its player's score events.
  ///
  /// Two devices that each add +1 offline must both end at +2, which a
  /// stored total cannot do: totals conflict, events only accumulate. So
  /// a change is an append-only event, and `players.score` becomes a local
  /// cache of the sum, kept by triggers (never synced; a sync brings
  /// events, and the triggers add them up).
  ///
  /// Each database gets a device id, recorded on the events it makes, so
  /// `undo` reverts this device's changes only and `history` says where a
  /// change came from. Every v1 player with a non-zero score gets one event
  /// carrying that score exactly, made by this device at migration time; a
  /// score of 0 has no change to record. The events are inserted before
  /// the triggers exist, so the totals are not counted twice.
  static let scoreEvents = Migration(
    version: 2,
    identifier: "scoreEvents",
    sql: """
      CREATE TABLE localDevice (
        onlyRow INTEGER PRIMARY KEY NOT NULL CHECK (onlyRow = 1),
        id TEXT NOT NULL DEFAULT (newDeviceID())
      ) STRICT;
      INSERT INTO localDevice (onlyRow) VALUES (1);

      CREATE TABLE scoreEvents (
        id TEXT PRIMARY KEY NOT NULL DEFAULT (uuid()),
        playerID TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE ON UPDATE CASCADE,
        delta INTEGER NOT NULL,
        time TEXT NOT NULL DEFAULT (now()),
        device TEXT NOT NULL,
        -- The event this one reverts (undo), if any. Not a foreign key: the
        -- reverted event may not have reached another device yet.
        undoes TEXT
      ) STRICT;
      CREATE INDEX scoreEvents_playerID ON scoreEvents (playerID, time);
      CREATE INDEX scoreEvents_device ON scoreEvents (device, time);

      INSERT INTO scoreEvents (playerID, delta, device)
      SELECT id, score, (SELECT id FROM localDevice) FROM players WHERE score <> 0 ORDER BY rowid;

      CREATE TRIGGER scoreEvents_afterInsert AFTER INSERT ON scoreEvents BEGIN
        UPDATE players SET score = score + NEW.delta WHERE id = NEW.playerID;
      END;
      CREATE TRIGGER scoreEvents_afterDelete AFTER DELETE ON scoreEvents BEGIN
        UPDATE players SET score = score - OLD.delta WHERE id = OLD.playerID;
      END;
      -- Events are facts: they are added (or go with their player), never edited.
      CREATE TRIGGER scoreEvents_beforeUpdate BEFORE UPDATE OF id, delta, time, device, undoes
      ON scoreEvents BEGIN
        SELECT RAISE(ABORT, 'score events are append-only');
      END;
      """
  )
}
