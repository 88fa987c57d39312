extension Migration {
  /// Schema v22 (issue 48): a target game may be won only with a lead.
  ///
  /// - `gameEvents.winBy`: on `rules`, the lead the first side must have
  ///   over the next for a total at the target to end the game (ping-pong
  ///   to 11, win by 2); 0 removes it; NULL leaves it as it was. A whole
  ///   number: margins are.
  ///
  /// No cached result changes: no game had a margin before.
  static let winBy = Migration(
    version: 22,
    identifier: "winBy",
    sql: """
      ALTER TABLE gameEvents ADD COLUMN winBy INTEGER CHECK (winBy >= 0);
      DROP TRIGGER gameEvents_beforeUpdate;
      CREATE TRIGGER gameEvents_beforeUpdate BEFORE UPDATE OF id, gameID, time, device, kind, winner,
        target, targetThousandths, roundLimit, winners, places, counted, cooperative, winBy
      ON gameEvents BEGIN
        SELECT RAISE(ABORT, 'game events are append-only');
      END;
      """
  )
}
