extension Migration {
  /// Schema v19 (issue 46): a game is co-operative only when said so, and
  /// a draw is no win.
  ///
  /// - `gameEvents.cooperative`: on `rules`, 1 when the game becomes
  ///   co-operative (the table wins or loses together), 0 when it is
  ///   played against each other again, NULL when unchanged. On a
  ///   `finish`, 1 for a co-operative result (its `winners` every player:
  ///   the table won; none: it lost), 0 for a competitive one, where
  ///   naming everyone is a draw. NULL (every older finish): naming
  ///   everyone or no one was co-operative, as it was when it was made.
  /// - Cached results are dropped: a draw is now told from a win.
  ///
  /// The CHECK does not name the kind: a later version's use of the
  /// column on another kind syncs in and is passed over, as its kinds are.
  static let cooperativeGames = Migration(
    version: 19,
    identifier: "cooperativeGames",
    sql: """
      ALTER TABLE gameEvents ADD COLUMN cooperative INTEGER CHECK (cooperative IN (0, 1));
      DROP TRIGGER gameEvents_beforeUpdate;
      CREATE TRIGGER gameEvents_beforeUpdate BEFORE UPDATE OF id, gameID, time, device, kind, winner,
        target, targetThousandths, roundLimit, winners, places, counted, cooperative
      ON gameEvents BEGIN
        SELECT RAISE(ABORT, 'game events are append-only');
      END;
      DELETE FROM finishedResults;
      """
  )
}
