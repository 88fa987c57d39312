extension Migration {
  /// Schema v30 (issue 51): the shape of a game's standings without
  /// reading its players' rows.
  ///
  /// `list GAME` prints its columns as wide as their widest cell before
  /// the first row, so it counts a game's players and takes their highest
  /// and lowest totals first (`Store.standingsHeader`). Through
  /// `players_gameID` that read every player's row: 40 ms of a 100,000
  /// players' game, a third of what sqlite3 takes to sort them. Here the
  /// count reads the index alone and the totals are one seek each (12 ms).
  ///
  /// The condition `score IS NOT NULL` (always true: the column is NOT
  /// NULL) keeps the index to the queries that say it. SQLite uses a
  /// partial index only for a query whose WHERE implies the index's, and
  /// every query of a game's players says `isTeam IS NULL`: through this
  /// index they would read the rows in the order of the totals, a random
  /// page each, where `players_gameID` reads them in the table's order
  /// (the standings' rows took 1.7–2.2× as long that way).
  /// `StandingsQueryPlanTests` holds both queries to their index.
  static let standingsIndex = Migration(
    version: 30,
    identifier: "standingsIndex",
    sql: """
      CREATE INDEX players_standings ON players (gameID, score) WHERE isTeam IS NULL AND score IS NOT NULL;
      """
  )
}
