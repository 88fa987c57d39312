@_spi(Testing) import ScorekeeperCore

/// Tab completion of a game's title in a database of 10,000 games, each
/// with 5 players: the completion entry point must answer in 10 ms at
/// most (a prompt that lags is felt), beside sqlite3 running the query a
/// person would write for the same titles.
enum CompletionBench {
  static let gameCount = 10_000
  static let target = 10.0

  static func run(scorekeeper: String, sqlite3: String, directory: String, runs: Int) throws -> [String] {
    let path = directory + "/completion.sqlite"
    let store = try Store(path: path, dependencies: .live)
    try store.database.write {
      try store.database.execute(
        """
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
        INSERT INTO games (id, title) SELECT uuid(), printf('Game %05d', i) FROM n
        """, [.integer(Int64(gameCount))])
      try store.database.execute(
        """
        INSERT INTO players (id, gameID, name)
        SELECT uuid(), games.id, 'Player ' || k FROM games, (SELECT 1 AS k UNION SELECT 2 UNION SELECT 3
          UNION SELECT 4 UNION SELECT 5)
        """)
    }
    store.close()
    let time = try Comparison(
      name: "completion", scorekeeper: [scorekeeper, "__complete", "scorekeeper list 'Game 0"],
      baseline: [
        sqlite3, path, "SELECT DISTINCT title FROM games WHERE title LIKE 'Game 0%' ORDER BY title",
      ],
      timeTarget: 2
    ).measureTime(runs: runs)
    let met = time.ours <= target
    print(
      "\nTab completion of a title among \(gameCount) games (9,999 match), medians of \(runs):\n"
        + pad("  scorekeeper __complete, sqlite3", 40) + pad(format(time.ours) + " ms", 12)
        + pad(format(time.theirs) + " ms", 12) + pad(format(time.ratio) + "×", 8)
        + "≤ \(format(target)) ms \(met ? "ok" : "MISSED")")
    return met ? [] : ["completion in 10 ms"]
  }
}
