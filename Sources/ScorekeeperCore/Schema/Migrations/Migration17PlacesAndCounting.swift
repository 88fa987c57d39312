extension Migration {
  /// Schema v17 (issue 45): a finish may say the places, and a game may be
  /// kept out of statistics and ratings.
  ///
  /// - `gameEvents.places`: on a `finish`, the places it gives, best
  ///   first, as a JSON array of arrays of player ids (`[["a"], ["b",
  ///   "c"]]`: a first, b and c sharing second); the players it leaves out
  ///   share the place after the last. NULL (every older finish): the
  ///   winners named rank first, then the scores decide. BG Stats' own
  ///   ranks come in this way.
  /// - `gameEvents.counted`: on `rules`, 0 when the game stops counting
  ///   for statistics and ratings (a practice or teaching game, a play BG
  ///   Stats `ignored`), 1 when it counts again, NULL when unchanged.
  ///   Every older game counts.
  /// - Cached results are dropped: they now say whether the game counts.
  ///
  /// Neither CHECK names the kind: a later version's use of a column on
  /// another kind syncs in and is passed over, as its kinds are.
  static let placesAndCounting = Migration(
    version: 17,
    identifier: "placesAndCounting",
    sql: """
      ALTER TABLE gameEvents ADD COLUMN places TEXT CHECK (places IS NULL OR json_valid(places));
      ALTER TABLE gameEvents ADD COLUMN counted INTEGER CHECK (counted IN (0, 1));
      DROP TRIGGER gameEvents_beforeUpdate;
      CREATE TRIGGER gameEvents_beforeUpdate BEFORE UPDATE OF id, gameID, time, device, kind, winner,
        target, targetThousandths, roundLimit, winners, places, counted
      ON gameEvents BEGIN
        SELECT RAISE(ABORT, 'game events are append-only');
      END;
      DELETE FROM finishedResults;
      """
  )
}
