import Glibc

/// `import` of a BG Stats backup of 2,000 plays (issue 45: at most a
/// second), beside the same plays imported from scorekeeper's own export
/// of them, in the same run: what reading the app's file costs over
/// reading our own. The file has what real ones have: calculator sums, a
/// decimal comma, anonymous seats, teams left over, ranks.
enum BGStatsImportBench {
  static let plays = 2000
  /// Seconds, the issue's bound.
  static let timeLimit = 1.0
  /// Against our own export of the same plays.
  static let timeTarget = 2.0

  static func run(scorekeeper: String, directory: String, runs: Int) throws -> [String] {
    let file = directory + "/bgstats.json"
    try write(file)
    // Our own export of the same plays: imported once, exported.
    let scratch = directory + "/bgstats-scratch.sqlite"
    let export = directory + "/bgstats-as-ours.json"
    try ProcessTimer.run([
      "/bin/sh", "-c",
      "rm -f \"$1\"*; \"$0\" --offline --db \"$1\" import \"$2\" --time-zone UTC >/dev/null"
        + " && \"$0\" --offline --db \"$1\" export --output \"$3\"",
      scorekeeper, scratch, file, export,
    ])
    let fresh = "rm -f \"$1\" \"$1-wal\" \"$1-shm\"; "
    let comparison = Comparison(
      name: "import (BG Stats, \(plays) plays)",
      scorekeeper: [
        "/bin/sh", "-c", fresh + "exec \"$0\" --offline --db \"$1\" import \"$2\" --time-zone UTC",
        scorekeeper,
        directory + "/bgstats-ours.sqlite", file,
      ],
      baseline: [
        "/bin/sh", "-c", fresh + "exec \"$0\" --offline --db \"$1\" import \"$2\"", scorekeeper,
        directory + "/bgstats-theirs.sqlite", export,
      ],
      timeTarget: timeTarget)
    print(
      "\nImporting a BG Stats backup of \(plays) plays, beside our export of them, \(runs) times; medians:")
    let time = try comparison.measureTime(runs: runs, warmUp: 1)
    var missed: [String] = []
    if !report(comparison.name, time, unit: { format($0) + " ms" }, target: timeTarget) {
      missed.append("BG Stats import against our JSON")
    }
    let withinLimit = time.ours <= timeLimit * 1000
    print(
      pad("  time", 30) + pad(format(time.ours) + " ms", 14) + pad("", 20)
        + "≤ 1000 ms \(withinLimit ? "ok" : "MISSED")")
    if !withinLimit { missed.append("BG Stats import time") }
    return missed
  }

  /// 2,000 plays of four games among six players and anonymous seats.
  static func write(_ path: String) throws {
    guard let out = fopen(path, "w") else { throw BenchError("cannot write \(path)") }
    defer { fclose(out) }
    fputs(
      """
      {"userInfo": {"meRefId": 1}, "games": [
      {"id": 1, "name": "Carcassonne", "highestWins": true, "noPoints": false, "usesTeams": false},
      {"id": 2, "name": "Golf", "highestWins": false, "noPoints": false, "usesTeams": false},
      {"id": 3, "name": "Codenames", "highestWins": true, "noPoints": true, "usesTeams": true},
      {"id": 4, "name": "Mölkky", "highestWins": true, "noPoints": false, "usesTeams": false}],
      "players": [{"id": 1, "name": "Ann"}, {"id": 2, "name": "Bob "}, {"id": 3, "name": "Jürgen"},
      {"id": 4, "name": "Dee"}, {"id": 5, "name": "Eve"}, {"id": 6, "name": "Finn"},
      {"id": 9, "name": "Anonymous player", "isAnonymous": true}],
      "plays": [
      """, out)
    for play in 0..<plays {
      let game = play % 4 + 1
      let day = 1 + play / 20 % 28
      let month = 1 + play / 560 % 12
      let date = "2025-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day) 19:\(10 + play % 20):00"
      var scores: [String] = []
      for seat in 0..<4 {
        let player = seat == 3 ? 9 : (play + seat) % 6 + 1
        let score =
          switch game {
          case 1: "\"\(20 + (play * 7 + seat * 13) % 60)+\(10 + seat)\""
          case 2: "\"\(30 + (play + seat * 5) % 20)\""
          case 4: "\"\((play + seat) % 50),\(seat)\""
          default: "null"
          }
        scores.append(
          "{\"playerRefId\": \(player), \"score\": \(score), \"winner\": \(seat == play % 4 ? "true" : "false"), "
            + "\"rank\": \(seat + 1), \"team\": \"\(game == 3 ? (seat < 2 ? "Red" : "Blue") : "0")\"}")
      }
      let hex = String(play, radix: 16)
      let uuid = "B65D0000-0000-4000-8000-" + String(repeating: "0", count: 12 - hex.count) + hex.uppercased()
      fputs(
        (play == 0 ? "" : ",\n")
          + "{\"uuid\": \"\(uuid)\", \"gameRefId\": \(game), \"playDate\": \"\(date)\", "
          + "\"entryDate\": \"\(date)\", \"durationMin\": \(play % 90), \"ignored\": false, "
          + "\"usesTeams\": \(game == 3), \"playerScores\": [\(scores.joined(separator: ", "))]}", out)
    }
    fputs("], \"deletedObjects\": []}\n", out)
  }
}
