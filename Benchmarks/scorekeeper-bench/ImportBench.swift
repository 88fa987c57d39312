import Glibc
@_spi(Testing) import ScorekeeperCore

/// `import` of an export of a million score changes (4,000 games of four
/// players) into a new database, against the sqlite3 tool loading the same
/// rows the fastest way it has: `.import` of them as CSV into a table, then
/// one `INSERT … SELECT` into a copy of the schema that tracks changes for
/// sync as scorekeeper's does. Then the peak memory of importing half the
/// file and all of it: it must not grow with the file. Then `export
/// --format csv` of the million changes (`ExportBench`).
enum ImportBench {
  static let targetRate = 200_000.0
  /// Against sqlite3's bulk load of the same rows (the issue sets only the rate).
  static let timeTarget = 1.5
  static let games = 4000
  static let changesPerGame = 250

  static func run(scorekeeper: String, sqlite3: String, directory: String, runs: Int) throws -> [String] {
    let full = directory + "/import-full.json"
    let half = directory + "/import-half.json"
    let csv = directory + "/import-changes.csv"
    let sql = directory + "/import-games.sql"
    try write(export: full, games: games, csv: csv, sql: sql)
    try write(export: half, games: games / 2)
    let changes = games * changesPerGame
    // The baseline's empty database: scorekeeper's schema, tracked by
    // triggers the sqlite3 tool can run.
    let empty = directory + "/import-empty.sqlite"
    let template = directory + "/import-template.sqlite"
    try ProcessTimer.run([scorekeeper, "--offline", "--db", empty, "add-game", "Scratch"])
    try ProcessTimer.run([scorekeeper, "--offline", "--db", empty, "delete-game", "Scratch", "--force"])
    try BenchDatabase.copyForSQLite3(empty, to: template, keepingSyncTracking: true)
    // A new game's and player's tracking stamps the time with scorekeeper's
    // now(); the sqlite3 tool's is strftime.
    let baseline = try Database(path: template, create: false)
    for (name, sql) in try baseline.fetchAll(
      "SELECT name, sql FROM sqlite_schema WHERE type = 'trigger' AND sql LIKE '%now()%'", [],
      { (try $0.text(0), try $0.text(1)) })
    {
      try baseline.execute("DROP TRIGGER \(name)")
      try baseline.execute(sql.replacing("now()", with: "strftime('%Y-%m-%dT%H:%M:%fZ')"))
    }
    baseline.close()
    let ours = directory + "/import-ours.sqlite"
    let theirs = directory + "/import-theirs.sqlite"
    let load = """
      .import --csv \(csv) staging
      BEGIN;
      .read \(sql)
      INSERT INTO scoreEvents (id, playerID, delta, time, device)
      SELECT id, playerID, CAST(delta AS INTEGER), time, device FROM staging;
      DROP TABLE staging;
      COMMIT;
      """
    let script = directory + "/import-load.sql"
    guard let file = fopen(script, "w") else { throw BenchError("cannot write \(script)") }
    fputs(load, file)
    fclose(file)
    let fresh = "rm -f \"$1\" \"$1-wal\" \"$1-shm\"; "
    let comparison = Comparison(
      name: "import (JSON)",
      scorekeeper: [
        "/bin/sh", "-c", fresh + "exec \"$0\" --offline --db \"$1\" import \"$2\"", scorekeeper, ours, full,
      ],
      baseline: [
        "/bin/sh", "-c", fresh + "cp \"$3\" \"$1\" && exec \"$0\" \"$1\" < \"$2\"", sqlite3, theirs, script,
        template,
      ],
      timeTarget: timeTarget)
    print("\nImporting \(changes) score changes into a new database, \(runs) times, alternating; medians:")
    let time = try comparison.measureTime(runs: runs, warmUp: 1)
    let timeMet = report(comparison.name, time, unit: { format($0) + " ms" }, target: timeTarget)
    let rate = Double(changes) / (time.ours / 1000)
    let theirRate = Double(changes) / (time.theirs / 1000)
    let met = rate >= targetRate
    print(
      pad("  changes/s", 30) + pad(format(rate), 14) + pad(format(theirRate), 12) + pad("", 8)
        + "≥ \(format(targetRate)) \(met ? "ok" : "MISSED")")
    let memory = Comparison(
      name: "peak memory", scorekeeper: comparison.scorekeeper,
      baseline: [
        "/bin/sh", "-c", fresh + "exec \"$0\" --offline --db \"$1\" import \"$2\"", scorekeeper, ours, half,
      ], timeTarget: timeTarget, memoryTarget: 1.25)
    let peak = try memory.measureMemory(runs: 3, scratch: directory)
    let flat = report(
      "  peak memory: all / half", peak, unit: { format($0 / 1024) + " MiB" }, target: memory.memoryTarget!)
    // The database imported last holds the million changes: export them.
    var missed = try ExportBench.run(
      database: ours, changes: changes, scorekeeper: scorekeeper, sqlite3: sqlite3, runs: runs)
    if !timeMet { missed.append("import time") }
    if !met { missed.append("import changes/s") }
    if !flat { missed.append("import memory") }
    return missed
  }

  /// An export of `games` games: four players each, `changesPerGame`
  /// score changes; with `csv` and `sql`, the same changes as CSV and the
  /// games and players as SQL, for the sqlite3 tool.
  static func write(export path: String, games: Int, csv: String? = nil, sql: String? = nil) throws {
    guard let out = fopen(path, "w") else { throw BenchError("cannot write \(path)") }
    defer { fclose(out) }
    let csvFile = csv.flatMap { fopen($0, "w") }
    let sqlFile = sql.flatMap { fopen($0, "w") }
    defer {
      if let csvFile { fclose(csvFile) }
      if let sqlFile { fclose(sqlFile) }
    }
    if let csvFile { fputs("id,playerID,delta,time,device\n", csvFile) }
    func id(_ kind: UInt64, _ number: Int) -> String {
      // Time-ordered, as the ids scorekeeper makes are.
      let hex = String(UInt64(number), radix: 16)
      let padded = String(repeating: "0", count: 12 - hex.count) + hex
      return "0000000\(kind)-0000-7000-8000-\(padded)"
    }
    let device = "d0000000-0000-7000-8000-000000000001"
    fputs("{\n  \"format\": \"scorekeeper-export\",\n  \"version\": 1,\n  \"games\": [", out)
    var change = 0
    for game in 0..<games {
      let gameID = id(1, game)
      let players = (0..<4).map { id(2, game * 4 + $0) }
      fputs(game == 0 ? "\n" : ",\n", out)
      fputs(
        "    {\n      \"id\": \"\(gameID)\",\n      \"title\": \"Game \(game)\",\n      \"kind\": null,\n",
        out)
      fputs("      \"players\": [\n", out)
      _ = sqlFile.map { fputs("INSERT INTO games (id, title) VALUES ('\(gameID)', 'Game \(game)');\n", $0) }
      for (index, player) in players.enumerated() {
        fputs(
          "        {\"id\": \"\(player)\", \"name\": \"P\(index)\", \"team\": null}"
            + (index == 3 ? "\n" : ",\n"), out)
        _ = sqlFile.map {
          fputs(
            "INSERT INTO players (id, gameID, name) VALUES ('\(player)', '\(gameID)', 'P\(index)');\n", $0)
        }
      }
      fputs("      ],\n      \"playerPhotos\": [],\n      \"rounds\": [],\n      \"gameEvents\": [],\n", out)
      fputs("      \"scoreEvents\": [\n", out)
      for step in 0..<changesPerGame {
        change += 1
        let milliseconds = Int64(change) * 1000
        let time = Timestamp(millisecondsSince1970: 1_767_225_600_000 + milliseconds).iso8601
        let (changeID, player, delta) = (id(3, change), players[step % 4], step % 17 - 3)
        fputs(
          "        {\"id\": \"\(changeID)\", \"playerID\": \"\(player)\", \"delta\": \(delta), \"time\": \"\(time)\", "
            + "\"device\": \"\(device)\", \"undoes\": null, \"roundID\": null}"
            + (step == changesPerGame - 1 ? "\n" : ",\n"), out)
        _ = csvFile.map { fputs("\(changeID),\(player),\(delta),\(time),\(device)\n", $0) }
      }
      fputs(
        "      ],\n      \"result\": {\"state\": \"in progress\", \"winners\": [], \"places\": []}\n    }",
        out)
    }
    fputs("\n  ],\n  \"personLinks\": []\n}\n", out)
  }
}
