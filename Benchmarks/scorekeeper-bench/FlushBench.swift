import Foundation
import ScorekeeperCore
import ThrowawayPostgres

/// Issue 51's rows: how many times a command flushes to disk (`fsync` and
/// `fdatasync` across its processes, counted by `strace -f -c`) against
/// the floor the issue sets (one per database a change commits to, none
/// for a read that brings nothing new), beside the sqlite3 CLI doing the
/// same SQL; and `--offline score` on a slow disk (a fixed delay injected
/// into each flush, as an SD card or a network home folder pays), beside
/// the sqlite3 CLI under the same injection.
enum FlushBench {
  static let game = "Poker night"
  static let player = "Player 7"
  /// Milliseconds injected into each flush on the slow disk.
  static let slowFlush = 10

  static func run(
    scorekeeper: String, sqlite3: String, directory: String, runs: Int, server: TestPostgres
  ) throws -> [String] {
    let local = directory + "/flush.sqlite"
    let offline = [scorekeeper, "--offline", "--db", local]
    try ProcessTimer.run(offline + ["add-game", game])
    for number in 1...20 { try ProcessTimer.run(offline + ["add-player", game, "Player \(number)"]) }
    let baseline = directory + "/flush-baseline.sqlite"
    try BenchDatabase.copyForSQLite3(local, to: baseline)
    let theirs = [sqlite3, "-batch", "-cmd", ".timeout 5000", baseline]
    let score = ["score", game, player, "+1"]

    func command(_ name: String, cloud: String) -> [String] {
      [scorekeeper, "--db", directory + "/flush-\(name).sqlite", "--cloud", cloud, "--user", LiveBench.user]
    }
    /// The game and its player made on `cloud` by a device of their own,
    /// then a device named `name` for each of `names` that has synced them.
    func devices(_ names: [String], cloud: String) throws -> [[String]] {
      let maker = command(names[0] + "-maker", cloud: cloud)
      try ProcessTimer.run(maker + ["add-game", game])
      try ProcessTimer.run(maker + ["add-player", game, player])
      return try names.map { name in
        let device = command(name, cloud: cloud)
        try ProcessTimer.run(device + ["sync"])
        return device
      }
    }
    let mockDevices = try devices(["mock", "other"], cloud: directory + "/flush-cloud.sqlite")
    let (mock, other) = (mockDevices[0], mockDevices[1])
    try server.ensureUser(LiveBench.user)
    let liveCloud = server.connectionString(database: try server.newCloudDatabase(), user: LiveBench.user)
    let live = try devices(["live"], cloud: liveCloud)[0]

    // Each row: what runs first, untimed and uncounted; what is counted;
    // the floor.
    let rows: [(name: String, before: [[String]], counted: [String], floor: Int)] = [
      ("--offline score", [], offline + score, 1),
      ("score, mock cloud", [], mock + score, 2),
      ("score, live server", [], live + score, 1),
      ("list GAME, mock, nothing new", [mock + score], mock + ["list", game], 0),
      ("list GAME, live, nothing new", [live + score], live + ["list", game], 0),
      ("list GAME, mock, after a fetch", [mock + ["list", game], other + score], mock + ["list", game], 1),
    ]
    print("\nFlushes to disk (fsync and fdatasync, strace -f -c), each command once:")
    print(pad("command", 34) + pad("flushes", 10) + "floor")
    var missed: [String] = []
    for row in rows {
      for command in row.before { try ProcessTimer.run(command) }
      let flushes = try flushCount(row.counted, directory: directory)
      let met = flushes <= row.floor
      if !met { missed.append("flushes of \(row.name)") }
      print(pad("  " + row.name, 34) + pad("\(flushes)", 10) + "\(row.floor) \(met ? "ok" : "MISSED")")
    }
    let sqlFlushes = try flushCount(theirs + [BenchDatabase.scoreSQL(game, player)], directory: directory)
    print(pad("  sqlite3, the same SQL as score", 34) + "\(sqlFlushes)")

    print("\nOn a slow disk (\(slowFlush) ms injected into each flush), \(runs) runs each, alternating:")
    print(pad("command", 30) + pad("scorekeeper", 14) + pad("sqlite3", 12) + pad("ratio", 8) + "target")
    let slow = [
      "strace", "-f", "-qq", "--seccomp-bpf", "-o", "/dev/null", "-e", "trace=fsync,fdatasync",
      "-e", "inject=fsync,fdatasync:delay_exit=\(slowFlush * 1000)",
    ]
    let time = try Comparison(
      name: "--offline score", scorekeeper: slow + offline + score,
      baseline: slow + theirs + [BenchDatabase.scoreSQL(game, player)], timeTarget: 0.5
    ).measureTime(runs: runs)
    let met = time.ratio <= 0.5
    if !met { missed.append("--offline score on a slow disk") }
    print(
      pad("--offline score", 30) + pad(format(time.ours) + " ms", 14) + pad(format(time.theirs) + " ms", 12)
        + pad(format(time.ratio) + "×", 8) + "≤ 0.5× \(met ? "ok" : "MISSED")")
    return missed
  }

  /// The flushes `command` makes, its child processes' included.
  static func flushCount(_ command: [String], directory: String) throws -> Int {
    let summary = directory + "/flush-summary.txt"
    try ProcessTimer.run(["strace", "-f", "-c", "-o", summary, "-e", "trace=fsync,fdatasync"] + command)
    let text = try String(contentsOfFile: summary, encoding: .utf8)
    // "% time  seconds  usecs/call  calls  errors  syscall", a line each.
    return text.split(separator: "\n").reduce(0) { total, line in
      let fields = line.split(separator: " ")
      guard let name = fields.last, ["fsync", "fdatasync"].contains(name), fields.count >= 5,
        let calls = Int(fields[3])
      else { return total }
      return total + calls
    }
  }
}
