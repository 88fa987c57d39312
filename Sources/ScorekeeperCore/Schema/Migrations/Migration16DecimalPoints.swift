extension Migration {
  /// Schema v16 (issue 45): points with up to three decimal places
  /// (`Points`), exact, with every older row meaning what it meant.
  ///
  /// - `scoreEvents.thousandths`: beside `delta`, the change's thousandths
  ///   of a point, of the change's sign (-0.5 is delta 0, thousandths
  ///   -500), NULL when there are none. Every existing row is a whole
  ///   number and stays as it is; a whole number made now is stored,
  ///   synced (no `thousandths` field) and exported exactly as before.
  /// - `players.scoreThousandths`: the total's thousandths, 0 to 999, the
  ///   exact total being `scoreHigh * 2^32 + scoreLow` (whole points)
  ///   plus these: the triggers carry a whole point into `scoreLow` as
  ///   they add, and `score` stays the whole part (rounded down) clamped
  ///   to 64 bits. Ordering by (`score`, `scoreThousandths`) orders by
  ///   the total.
  /// - `gameEvents.targetThousandths`: a target's thousandths (10.5 is
  ///   target 10, 500), NULL when none.
  /// - The covering index of rounds' points carries the thousandths, and
  ///   the append-only triggers guard the new columns.
  static let decimalPoints = Migration(
    version: 16,
    identifier: "decimalPoints",
    sql: """
      ALTER TABLE scoreEvents ADD COLUMN thousandths INTEGER
        CHECK (thousandths BETWEEN -999 AND 999 AND thousandths <> 0 AND (delta = 0 OR (delta < 0) = (thousandths < 0)));
      ALTER TABLE players ADD COLUMN scoreThousandths INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE gameEvents ADD COLUMN targetThousandths INTEGER CHECK (targetThousandths BETWEEN 1 AND 999);

      DROP INDEX scoreEvents_roundID;
      CREATE INDEX scoreEvents_roundID ON scoreEvents (roundID, playerID, delta, thousandths)
        WHERE roundID IS NOT NULL;
      DROP TRIGGER scoreEvents_beforeUpdate;
      CREATE TRIGGER scoreEvents_beforeUpdate BEFORE UPDATE OF id, delta, thousandths, time, device, undoes, roundID
      ON scoreEvents BEGIN
        SELECT RAISE(ABORT, 'score events are append-only');
      END;
      DROP TRIGGER gameEvents_beforeUpdate;
      CREATE TRIGGER gameEvents_beforeUpdate BEFORE UPDATE OF id, gameID, time, device, kind, winner,
        target, targetThousandths, roundLimit, winners
      ON gameEvents BEGIN
        SELECT RAISE(ABORT, 'game events are append-only');
      END;

      DROP TRIGGER scoreEvents_afterInsert;
      DROP TRIGGER scoreEvents_afterDelete;
      CREATE TRIGGER scoreEvents_afterInsert AFTER INSERT ON scoreEvents BEGIN
        \(addToTotal("NEW", sign: "+"))
      END;
      CREATE TRIGGER scoreEvents_afterDelete AFTER DELETE ON scoreEvents BEGIN
        \(addToTotal("OLD", sign: "-"))
      END;
      """
  )

  /// Adds (or takes away) an event's points to its player's exact total:
  /// the thousandths first, carrying a whole point into `scoreLow` (the
  /// sum lies in [-999, 1998], so `+ 1000` keeps SQLite's truncating
  /// division and remainder on the positive side), then v7's carry of
  /// `scoreLow` into `scoreHigh` and the clamped `score`. Every SET reads
  /// the row as it was, so one statement does the first part.
  private static func addToTotal(_ row: String, sign: String) -> String {
    let thousandths = "(scoreThousandths \(sign) coalesce(\(row).thousandths, 0) + 1000)"
    return """
      UPDATE players SET scoreHigh = scoreHigh \(sign) (\(row).delta >> 32),
          scoreLow = scoreLow \(sign) (\(row).delta & 4294967295) + \(thousandths) / 1000 - 1,
          scoreThousandths = \(thousandths) % 1000
        WHERE id = \(row).playerID;
        \(normalizeTotal(row))
      """
  }
}
