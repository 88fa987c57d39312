extension Migration {
  /// Schema v27 (issue 48): a team's own points (`round Spades
  /// North-South=120`).
  ///
  /// - `players.isTeam`: 1 for the row holding a team's own points, its
  ///   seat; NULL for a player. A seat is made the first time a team is
  ///   given points, named and teamed after the team; its score events
  ///   are the team's points, so rounds, corrections, undos, busts, sync,
  ///   export and backups treat them as any player's. A seat counts for
  ///   its team's side and is no one: never listed, counted, rated or
  ///   looked up as a player. Two devices giving a team its first points
  ///   at once make two seats; both count for the team (a side's total is
  ///   the sum of its rows). A program older than v27 sees a seat as a
  ///   player named after the team, in it, so its team totals agree.
  ///   Set once, when the row is made: a merged field, timed then.
  ///   `players_teamSeats` finds a game's seats, so counting its players
  ///   stays a count of index entries (all rows, less the seats).
  static let teamPoints = Migration(
    version: 27,
    identifier: "teamPoints",
    sql: """
      ALTER TABLE players ADD COLUMN isTeam INTEGER CHECK (isTeam = 1);
      CREATE INDEX players_teamSeats ON players (gameID) WHERE isTeam IS NOT NULL;
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
      /* sync */ INSERT INTO syncFieldTimes (recordName, field, modifiedAt)
      SELECT NEW.id || ':players', 'isTeam', now() WHERE NEW.isTeam IS NOT NULL
      ON CONFLICT (recordName, field) DO UPDATE SET modifiedAt = excluded.modifiedAt;
      END;
      """
  )
}
