extension Migration {
  /// Schema v26 (issue 48): kinds of game that know their rules.
  ///
  /// - `kindRules`: `kinds --set` and `kinds --forget`, and the undos of
  ///   either, append-only like person links. A `set` row holds a kind's
  ///   rules whole, as they are from its time on (not a change to them):
  ///   replayed in (time, id) order (`KindBook`), the last row of a kind
  ///   that is not undone says its rules, and a `forget` row that the
  ///   user has none (the built-in ones show again). Two devices setting
  ///   one kind at once: the later set wins whole. Like person links they
  ///   are the user's, not a game's: root records in the private zone
  ///   `people`, reaching every device of the user and no one else.
  ///   `name` is the kind as typed; the rules are stored as `gameEvents`
  ///   stores them; `roundNames` is a JSON array of names. No CHECKs: a
  ///   row no program writes (from a forged record) is passed over when
  ///   read, as game events are, rather than stopping a sync.
  static let kindRules = Migration(
    version: 26,
    identifier: "kindRules",
    sql: """
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
      ) STRICT;
      CREATE TRIGGER kindRules_beforeUpdate BEFORE UPDATE ON kindRules BEGIN
        SELECT RAISE(ABORT, 'kind rules are append-only');
      END;
      CREATE TRIGGER sync_kindRules_insert AFTER INSERT ON kindRules
      WHEN NOT syncIsApplying() BEGIN
        /* sync */ INSERT INTO syncRecords
        (recordName, tableName, rowID, zoneName, ownerName, parentRecordName, state, changeCount)
        VALUES (NEW.id || ':kindRules', 'kindRules', NEW.id, 'people', '', NULL, 'pendingSave', 1)
        ON CONFLICT (recordName) DO UPDATE SET state = 'pendingSave', changeCount = changeCount + 1;
      END;
      CREATE TRIGGER sync_kindRules_delete AFTER DELETE ON kindRules
      WHEN NOT syncIsApplying() BEGIN
        /* sync */ UPDATE syncRecords SET state = 'pendingDelete', changeCount = changeCount + 1
        WHERE recordName = OLD.id || ':kindRules';
      END;
      """
  )
}
