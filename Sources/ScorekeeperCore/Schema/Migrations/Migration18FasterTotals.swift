extension Migration {
  /// Schema v18 (issue 45): decimals cost a game of whole numbers nothing.
  ///
  /// - `players_decimals`: the players whose total has thousandths, by
  ///   game. `list` and `score` size the totals' column by the most
  ///   decimal places any total has; read from every row, that was a
  ///   tenth of listing 20,000 players (the thousandths are a row's last
  ///   column). Now a game of whole numbers answers from an empty range
  ///   of this index.
  /// - The score event triggers keep the exact total (v16's rules) in one
  ///   UPDATE instead of three: each SET reads the row as it was, so the
  ///   carries are written out in full. The same values (the tests of
  ///   totals at the limits hold), a third of the statements an import's
  ///   score changes ran.
  static let fasterTotals = Migration(
    version: 18,
    identifier: "fasterTotals",
    sql: """
      CREATE INDEX players_decimals ON players (gameID) WHERE scoreThousandths <> 0;

      DROP TRIGGER scoreEvents_afterInsert;
      DROP TRIGGER scoreEvents_afterDelete;
      CREATE TRIGGER scoreEvents_afterInsert AFTER INSERT ON scoreEvents BEGIN
        \(totalInOneUpdate("NEW", sign: "+"))
      END;
      CREATE TRIGGER scoreEvents_afterDelete AFTER DELETE ON scoreEvents BEGIN
        \(totalInOneUpdate("OLD", sign: "-"))
      END;
      """
  )

  /// Adds (or takes away) an event's points to its player's exact total.
  /// `low` is v16's first step: `scoreLow` with the event's low word and
  /// the carry of the thousandths (whose sum lies in [-999, 1998], so
  /// `+ 1000` keeps SQLite's truncating division and remainder on the
  /// positive side); `high` adds its carry past 32 bits (an arithmetic
  /// shift: a negative `low` borrows); `score` is the total clamped to
  /// 64 bits, as v7 clamps it.
  private static func totalInOneUpdate(_ row: String, sign: String) -> String {
    let thousandths = "(scoreThousandths \(sign) coalesce(\(row).thousandths, 0) + 1000)"
    let low = "(scoreLow \(sign) (\(row).delta & 4294967295) + \(thousandths) / 1000 - 1)"
    let high = "(scoreHigh \(sign) (\(row).delta >> 32) + (\(low) >> 32))"
    return """
      UPDATE players SET scoreHigh = \(high),
          scoreLow = \(low) & 4294967295,
          scoreThousandths = \(thousandths) % 1000,
          score = CASE
            WHEN \(high) > 2147483647 THEN 9223372036854775807
            WHEN \(high) < -2147483648 THEN -9223372036854775807 - 1
            ELSE \(high) * 4294967296 + (\(low) & 4294967295) END
        WHERE id = \(row).playerID;
      """
  }
}
