extension Migration {
  /// Schema v15 (issue 32): who is who across games, and what makes
  /// ratings fast. See `Docs/people-and-ratings.md`.
  ///
  /// - `personLinks`: `merge-people` and `split-person`, and the undos of
  ///   either, append-only like rounds. A person is a name in any case;
  ///   the links, replayed in (time, id) order (`PeopleDirectory`), say
  ///   which names are one person and which players in which games are a
  ///   person of their own. They belong to the user, not to a game: each
  ///   is a root record in the user's private zone `people`, so they reach
  ///   every device of the user and no one they share a game with.
  /// - `finishedResults`: each finished game's places, read once from its
  ///   replayed log. Only an optimisation: triggers delete a game's row
  ///   whenever anything its result rests on changes (its rounds, events,
  ///   points, players' names and teams), here or by a sync, and it is
  ///   read again from the log. (Its title and kind are read with it.)
  static let peopleAndResults = Migration(
    version: 15,
    identifier: "peopleAndResults",
    sql: """
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
      ) STRICT;
      CREATE TRIGGER personLinks_beforeUpdate BEFORE UPDATE ON personLinks BEGIN
        SELECT RAISE(ABORT, 'person links are append-only');
      END;
      CREATE TRIGGER sync_personLinks_insert AFTER INSERT ON personLinks
      WHEN NOT syncIsApplying() BEGIN
        /* sync */ INSERT INTO syncRecords
        (recordName, tableName, rowID, zoneName, ownerName, parentRecordName, state, changeCount)
        VALUES (NEW.id || ':personLinks', 'personLinks', NEW.id, 'people', '', NULL, 'pendingSave', 1)
        ON CONFLICT (recordName) DO UPDATE SET state = 'pendingSave', changeCount = changeCount + 1;
      END;
      CREATE TRIGGER sync_personLinks_delete AFTER DELETE ON personLinks
      WHEN NOT syncIsApplying() BEGIN
        /* sync */ UPDATE syncRecords SET state = 'pendingDelete', changeCount = changeCount + 1
        WHERE recordName = OLD.id || ':personLinks';
      END;

      CREATE TABLE finishedResults (
        gameID TEXT PRIMARY KEY NOT NULL REFERENCES games (id) ON DELETE CASCADE ON UPDATE CASCADE,
        finishedAt TEXT NOT NULL,
        result TEXT NOT NULL
      ) STRICT;
      CREATE INDEX finishedResults_order ON finishedResults (finishedAt, gameID);
      CREATE TRIGGER finishedResults_rounds AFTER INSERT ON rounds BEGIN
        DELETE FROM finishedResults WHERE gameID = NEW.gameID;
      END;
      CREATE TRIGGER finishedResults_roundsDeleted AFTER DELETE ON rounds BEGIN
        DELETE FROM finishedResults WHERE gameID = OLD.gameID;
      END;
      CREATE TRIGGER finishedResults_gameEvents AFTER INSERT ON gameEvents BEGIN
        DELETE FROM finishedResults WHERE gameID = NEW.gameID;
      END;
      CREATE TRIGGER finishedResults_gameEventsDeleted AFTER DELETE ON gameEvents BEGIN
        DELETE FROM finishedResults WHERE gameID = OLD.gameID;
      END;
      CREATE TRIGGER finishedResults_scoreEvents AFTER INSERT ON scoreEvents BEGIN
        DELETE FROM finishedResults WHERE gameID = (SELECT gameID FROM players WHERE id = NEW.playerID);
      END;
      CREATE TRIGGER finishedResults_scoreEventsDeleted AFTER DELETE ON scoreEvents BEGIN
        DELETE FROM finishedResults WHERE gameID = (SELECT gameID FROM players WHERE id = OLD.playerID);
      END;
      CREATE TRIGGER finishedResults_players AFTER INSERT ON players BEGIN
        DELETE FROM finishedResults WHERE gameID = NEW.gameID;
      END;
      CREATE TRIGGER finishedResults_playersChanged AFTER UPDATE OF id, gameID, name, team ON players BEGIN
        DELETE FROM finishedResults WHERE gameID IN (OLD.gameID, NEW.gameID);
      END;
      CREATE TRIGGER finishedResults_playersDeleted AFTER DELETE ON players BEGIN
        DELETE FROM finishedResults WHERE gameID = OLD.gameID;
      END;
      """
  )
}
