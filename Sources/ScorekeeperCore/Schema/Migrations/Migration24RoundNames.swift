extension Migration {
  /// Schema v24 (issue 48): a round may have a name (7 Wonders'
  /// "Military", Yahtzee's "Full house").
  ///
  /// - `rounds.name`: the round's name, checked as a title is
  ///   (`TextField.roundName`) on every path in; NULL for a round known by
  ///   its number alone, and for corrections and undos (they take their
  ///   round's). Set when the round is made: rounds are append-only.
  static let roundNames = Migration(
    version: 24,
    identifier: "roundNames",
    sql: """
      ALTER TABLE rounds ADD COLUMN name TEXT;
      DROP TRIGGER rounds_beforeUpdate;
      CREATE TRIGGER rounds_beforeUpdate BEFORE UPDATE OF id, gameID, madeAt, device, fixes, undoes, name
      ON rounds BEGIN
        SELECT RAISE(ABORT, 'rounds are append-only');
      END;
      """
  )
}
