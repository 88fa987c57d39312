@_spi(Testing) import ScorekeeperCore

/// Issue 48's rows, the commands of a game night: a game entered whole
/// from its result against sqlite3 making the same rows in one
/// transaction; `chart` of a long game against `sheet` of it (both read
/// the same rows; the chart draws them); and `list` choosing among 10,000
/// games against sqlite3 running the equivalent query.
enum TableBench {
  static let listGames = 10_000
  static let resultPlayers = (1...6).map { "Player \($0)" }

  static func run(
    scorekeeper: String, sqlite3: String, database: String, trackedBaseline: String, directory: String,
    runs: Int
  ) throws -> [String] {
    let ours = [scorekeeper, "--offline", "--db", database]
    let theirs = [sqlite3, "-batch", "-cmd", ".timeout 5000"]
    let league = directory + "/list.sqlite"
    let leagueBaseline = directory + "/list-baseline.sqlite"
    print("\nCreating \(league): \(listGames) finished games of four, three kinds…")
    try RatingDatabase.create(at: league, games: listGames)
    try BenchDatabase.copyForSQLite3(league, to: leagueBaseline)
    let comparisons = [
      Comparison(
        name: "add-game --result (6)",
        scorekeeper: ours + ["add-game", "Result", "--result"]
          + resultPlayers.enumerated().map { "\($1)=\(($0 + 1) * 10)" },
        baseline: theirs + [trackedBaseline, resultSQL], timeTarget: 1.3),
      Comparison(
        name: "chart (1000 rounds × 8)",
        scorekeeper: ours + ["chart", BenchDatabase.longGame, "--ascii"],
        baseline: ours + ["sheet", BenchDatabase.longGame], timeTarget: 1.3),
      Comparison(
        name: "list filtered (10k games)",
        scorekeeper: [
          scorekeeper, "--offline", "--db", league, "list", "--finished", "--kind", "hearts", "--since",
          "2025-01-04",
        ],
        baseline: theirs + [leagueBaseline, listSQL(kind: "Hearts", since: "2025-01-04")], timeTarget: 1.3),
    ]
    print("Each command \(runs) times, alternating with its baseline (chart: with sheet); medians:")
    print(pad("command", 30) + pad("scorekeeper", 14) + pad("baseline", 12) + pad("ratio", 8) + "target")
    return try Comparison.reportTimes(of: comparisons, runs: runs)
  }

  /// `add-game Result --result Player 1=10 …` as SQL: the game, its six
  /// players, one round with their points, the finish and the entry undo
  /// reads, in one write transaction (the sync tracking's entries made by
  /// the triggers, as scorekeeper's are), then the standings.
  static let resultSQL = """
    PRAGMA foreign_keys = ON;
    BEGIN IMMEDIATE;
    INSERT INTO games (id, title) VALUES (lower(hex(randomblob(16))), 'Result');
    INSERT INTO players (id, gameID, name)
    SELECT lower(hex(randomblob(16))), (SELECT id FROM games WHERE rowid = last_insert_rowid()), 'Player ' || value
    FROM generate_series(1, 6);
    INSERT INTO rounds (id, gameID, madeAt, device)
    SELECT lower(hex(randomblob(16))), gameID, strftime('%Y-%m-%dT%H:%M:%fZ'), (SELECT id FROM localDevice)
    FROM players WHERE rowid = last_insert_rowid();
    INSERT INTO scoreEvents (id, playerID, delta, time, device, roundID)
    SELECT lower(hex(randomblob(16))), p.id, CAST(substr(p.name, 8) AS INTEGER) * 10, r.madeAt, r.device, r.id
    FROM rounds AS r JOIN players AS p ON p.gameID = r.gameID WHERE r.rowid = last_insert_rowid();
    INSERT INTO gameEvents (id, gameID, time, device, kind)
    SELECT lower(hex(randomblob(16))), gameID, strftime('%Y-%m-%dT%H:%M:%fZ'), (SELECT id FROM localDevice), 'finish'
    FROM rounds WHERE rowid = (SELECT max(rowid) FROM rounds);
    INSERT INTO localChanges (event) SELECT gameID FROM rounds WHERE rowid = (SELECT max(rowid) FROM rounds);
    SELECT score, name FROM players WHERE gameID = (SELECT gameID FROM rounds WHERE rowid = (SELECT max(rowid) FROM rounds))
    ORDER BY score DESC, name;
    COMMIT;
    """

  /// `list --finished --kind KIND --since DATE` as a sqlite3 user would
  /// write it: the finished games of the kind, each with its number of
  /// players, its leader and its last activity, active since the date,
  /// the latest first.
  static func listSQL(kind: String, since: String) -> String {
    """
    WITH activity (gameID, last) AS (
      SELECT gameID, max(t) FROM (
        SELECT gameID, time AS t FROM gameEvents UNION ALL SELECT gameID, madeAt FROM rounds
        UNION ALL SELECT p.gameID, e.time FROM scoreEvents AS e JOIN players AS p ON p.id = e.playerID)
      GROUP BY gameID)
    SELECT g.id, g.title, g.kind, (SELECT count(*) FROM players WHERE gameID = g.id),
           (SELECT name FROM players WHERE gameID = g.id ORDER BY score DESC LIMIT 1), a.last
    FROM games AS g JOIN activity AS a ON a.gameID = g.id
    WHERE g.kind = '\(kind)' COLLATE NOCASE AND a.last >= '\(since)'
      AND EXISTS (SELECT 1 FROM gameEvents WHERE gameID = g.id AND kind = 'finish')
    ORDER BY a.last DESC, g.id;
    """
  }
}
