extension Migration {
  /// Schema v23 (issue 48): countdowns and busts (darts 501).
  ///
  /// On `rules` game events:
  /// - `start`, `startThousandths`: every player's score when added, as
  ///   points are stored (schema v16); 0 removes it, NULL leaves it.
  /// - `bust`: 1 when a change that would take a side past the target
  ///   counts 0 for it, 0 when it counts again, NULL leaves it.
  /// - `targetZero`: 1 when a `target` of 0 is a countdown's end (a
  ///   target of 0 removed the target before, and still does without it).
  ///
  /// No cached result changes: no game had a start or a bust before.
  static let countdown = Migration(
    version: 23,
    identifier: "countdown",
    sql: """
      ALTER TABLE gameEvents ADD COLUMN start INTEGER CHECK (start >= 0);
      ALTER TABLE gameEvents ADD COLUMN startThousandths INTEGER CHECK (startThousandths BETWEEN 1 AND 999);
      ALTER TABLE gameEvents ADD COLUMN bust INTEGER CHECK (bust IN (0, 1));
      ALTER TABLE gameEvents ADD COLUMN targetZero INTEGER CHECK (targetZero = 1);
      DROP TRIGGER gameEvents_beforeUpdate;
      CREATE TRIGGER gameEvents_beforeUpdate BEFORE UPDATE OF id, gameID, time, device, kind, winner,
        target, targetThousandths, roundLimit, winners, places, counted, cooperative, winBy, start,
        startThousandths, bust, targetZero
      ON gameEvents BEGIN
        SELECT RAISE(ABORT, 'game events are append-only');
      END;
      """
  )
}
