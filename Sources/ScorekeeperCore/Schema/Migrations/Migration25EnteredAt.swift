extension Migration {
  /// Schema v25 (issue 48): a change recorded after it happened (`--at`).
  ///
  /// - `scoreEvents.enteredAt`, `rounds.enteredAt`, `gameEvents.enteredAt`:
  ///   when the change was entered, for one whose `time` (`madeAt`) is
  ///   when it happened, earlier; NULL for a change entered as it
  ///   happened. The log is replayed, and ratings and `--as-of` judged, by
  ///   when things happened; `history` shows both.
  static let enteredAt = Migration(
    version: 25,
    identifier: "enteredAt",
    sql: """
      ALTER TABLE scoreEvents ADD COLUMN enteredAt TEXT;
      ALTER TABLE rounds ADD COLUMN enteredAt TEXT;
      ALTER TABLE gameEvents ADD COLUMN enteredAt TEXT;
      DROP TRIGGER scoreEvents_beforeUpdate;
      CREATE TRIGGER scoreEvents_beforeUpdate BEFORE UPDATE OF id, delta, thousandths, time, device, undoes, roundID,
        enteredAt
      ON scoreEvents BEGIN
        SELECT RAISE(ABORT, 'score events are append-only');
      END;
      DROP TRIGGER rounds_beforeUpdate;
      CREATE TRIGGER rounds_beforeUpdate BEFORE UPDATE OF id, gameID, madeAt, device, fixes, undoes, name, enteredAt
      ON rounds BEGIN
        SELECT RAISE(ABORT, 'rounds are append-only');
      END;
      DROP TRIGGER gameEvents_beforeUpdate;
      CREATE TRIGGER gameEvents_beforeUpdate BEFORE UPDATE OF id, gameID, time, device, kind, winner,
        target, targetThousandths, roundLimit, winners, places, counted, cooperative, winBy, start,
        startThousandths, bust, targetZero, enteredAt
      ON gameEvents BEGIN
        SELECT RAISE(ABORT, 'game events are append-only');
      END;
      """
  )
}
