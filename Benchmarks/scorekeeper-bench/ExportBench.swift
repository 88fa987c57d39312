/// `export --format csv` of a large database against the sqlite3 tool
/// selecting the same rows as CSV (its `-csv` mode), each game's changes
/// in the order made with each player's running total, both written to
/// /dev/null (the file lies in the page cache either way).
enum ExportBench {
  static let target = 1.5

  static func run(
    database: String, changes: Int = RatingDatabase.games * 4, scorekeeper: String, sqlite3: String, runs: Int
  ) throws -> [String] {
    let rows = """
      SELECT g.id, g.title, g.kind, e.roundID, p.id, p.name, p.team, e.delta,
             sum(e.delta) OVER (PARTITION BY e.playerID ORDER BY e.time, e.id), e.time, e.device
      FROM scoreEvents AS e JOIN players AS p ON p.id = e.playerID JOIN games AS g ON g.id = p.gameID
      ORDER BY g.title COLLATE NOCASE, g.title, g.id, e.time, e.id
      """
    let comparison = Comparison(
      name: "export --format csv (\(changes / 1000)k)",
      scorekeeper: [
        "/bin/sh", "-c", "exec \"$0\" --offline --db \"$1\" export --format csv > /dev/null", scorekeeper,
        database,
      ],
      baseline: [
        "/bin/sh", "-c", "exec \"$0\" -csv -header \"$1\" \"$2\" > /dev/null", sqlite3, database, rows,
      ],
      timeTarget: target)
    print(
      "\nEvery score change as CSV (\(changes) of them), \(runs) times, alternating; medians:"
    )
    let result = try comparison.measureTime(runs: runs, warmUp: 1)
    return report(comparison.name, result, unit: { format($0) + " ms" }, target: target)
      ? [] : [comparison.name]
  }
}
