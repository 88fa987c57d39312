extension Migration {
  /// Schema v31 (issue 51): the sync triggers call the tracking functions
  /// (`SyncTracking`) instead of writing `syncRecords` and
  /// `syncFieldTimes` in SQL of their own.
  ///
  /// SQLite parses the whole schema each time a process opens the
  /// database. Spelled out in SQL, the 20 triggers were 12 kB, half of the
  /// schema, and their parse 1.2M of the 9.0M instructions of a `score`
  /// (callgrind); each is now one call. What they record is unchanged:
  /// `TrackingFunctionsTests` runs the same changes through the triggers
  /// of v30 and of v31 and compares both tables after each.
  ///
  /// They no longer say `WHEN NOT syncIsApplying()`: the functions are
  /// silent while the engine applies the server's changes, so the trigger
  /// costs one call either way, as the WHEN clause did.
  static let trackingFunctions = Migration(
    version: 31,
    identifier: "trackingFunctions",
    sql: """
      DROP TRIGGER sync_games_insert;
      DROP TRIGGER sync_games_update;
      DROP TRIGGER sync_games_delete;
      DROP TRIGGER sync_players_insert;
      DROP TRIGGER sync_players_update;
      DROP TRIGGER sync_players_delete;
      DROP TRIGGER sync_scoreEvents_insert;
      DROP TRIGGER sync_scoreEvents_update;
      DROP TRIGGER sync_scoreEvents_delete;
      DROP TRIGGER sync_playerPhotos_insert;
      DROP TRIGGER sync_playerPhotos_update;
      DROP TRIGGER sync_playerPhotos_delete;
      DROP TRIGGER sync_rounds_insert;
      DROP TRIGGER sync_rounds_delete;
      DROP TRIGGER sync_gameEvents_insert;
      DROP TRIGGER sync_gameEvents_delete;
      DROP TRIGGER sync_personLinks_insert;
      DROP TRIGGER sync_personLinks_delete;
      DROP TRIGGER sync_kindRules_insert;
      DROP TRIGGER sync_kindRules_delete;
      CREATE TRIGGER sync_games_insert AFTER INSERT ON games BEGIN
        SELECT syncSaved('games', NEW.id, NULL, 'title', 1, 'kind', NEW.kind NOTNULL);
      END;
      CREATE TRIGGER sync_games_update AFTER UPDATE OF id, title, kind ON games BEGIN
        SELECT syncMoved('games', OLD.id, NEW.id, NULL,
          'title', OLD.title IS NOT NEW.title, 'kind', OLD.kind IS NOT NEW.kind);
      END;
      CREATE TRIGGER sync_games_delete AFTER DELETE ON games BEGIN
        SELECT syncDeleted('games', OLD.id);
      END;
      CREATE TRIGGER sync_players_insert AFTER INSERT ON players BEGIN
        SELECT syncSaved('players', NEW.id, NEW.gameID,
          'name', 1, 'team', NEW.team NOTNULL, 'isTeam', NEW.isTeam NOTNULL);
      END;
      CREATE TRIGGER sync_players_update AFTER UPDATE OF id, gameID, name, team ON players BEGIN
        SELECT syncMoved('players', OLD.id, NEW.id, NEW.gameID,
          'name', OLD.name IS NOT NEW.name, 'team', OLD.team IS NOT NEW.team);
      END;
      CREATE TRIGGER sync_players_delete AFTER DELETE ON players BEGIN
        SELECT syncDeleted('players', OLD.id);
      END;
      CREATE TRIGGER sync_scoreEvents_insert AFTER INSERT ON scoreEvents BEGIN
        SELECT syncSaved('scoreEvents', NEW.id, NEW.playerID);
      END;
      CREATE TRIGGER sync_scoreEvents_update AFTER UPDATE OF id, playerID ON scoreEvents BEGIN
        SELECT syncMoved('scoreEvents', OLD.id, NEW.id, NEW.playerID);
      END;
      CREATE TRIGGER sync_scoreEvents_delete AFTER DELETE ON scoreEvents BEGIN
        SELECT syncDeleted('scoreEvents', OLD.id);
      END;
      CREATE TRIGGER sync_playerPhotos_insert AFTER INSERT ON playerPhotos BEGIN
        SELECT syncSaved('playerPhotos', NEW.id, NEW.id, 'sha256', 1);
      END;
      CREATE TRIGGER sync_playerPhotos_update
      AFTER UPDATE OF id, type, width, height, byteCount, sha256, bytes ON playerPhotos BEGIN
        SELECT syncMoved('playerPhotos', OLD.id, NEW.id, NEW.id, 'sha256', OLD.sha256 IS NOT NEW.sha256);
      END;
      CREATE TRIGGER sync_playerPhotos_delete AFTER DELETE ON playerPhotos BEGIN
        SELECT syncDeleted('playerPhotos', OLD.id);
      END;
      CREATE TRIGGER sync_rounds_insert AFTER INSERT ON rounds BEGIN
        SELECT syncSaved('rounds', NEW.id, NEW.gameID);
      END;
      CREATE TRIGGER sync_rounds_delete AFTER DELETE ON rounds BEGIN
        SELECT syncDeleted('rounds', OLD.id);
      END;
      CREATE TRIGGER sync_gameEvents_insert AFTER INSERT ON gameEvents BEGIN
        SELECT syncSaved('gameEvents', NEW.id, NEW.gameID);
      END;
      CREATE TRIGGER sync_gameEvents_delete AFTER DELETE ON gameEvents BEGIN
        SELECT syncDeleted('gameEvents', OLD.id);
      END;
      CREATE TRIGGER sync_personLinks_insert AFTER INSERT ON personLinks BEGIN
        SELECT syncSaved('personLinks', NEW.id, NULL);
      END;
      CREATE TRIGGER sync_personLinks_delete AFTER DELETE ON personLinks BEGIN
        SELECT syncDeleted('personLinks', OLD.id);
      END;
      CREATE TRIGGER sync_kindRules_insert AFTER INSERT ON kindRules BEGIN
        SELECT syncSaved('kindRules', NEW.id, NULL);
      END;
      CREATE TRIGGER sync_kindRules_delete AFTER DELETE ON kindRules BEGIN
        SELECT syncDeleted('kindRules', OLD.id);
      END;
      """
  )
}
