import Foundation
import ScorekeeperCore
import ThrowawayPostgres

/// Issue 50's rows. An online `score` through PgBouncer in transaction
/// mode against the same `score` straight to the server, paired. And the
/// recovery after a promotion: devices each scoring every 0.2 s through a
/// multi-host string; the primary is killed (`-m immediate`) and its
/// standby promoted 2 s later; each device's recovery is the time from
/// the promotion to its first sync that worked after it (its
/// `lastSyncAt`), the target a median within 10 s. And 200 followers on
/// one server (`FollowersBench`).
enum ScaleOutBench {
  static func run(scorekeeper: String, directory: String, runs: Int, server: TestPostgres) throws -> [String]
  {
    let pooler = try TestPgBouncer.shared()
    let database = try server.newCloudDatabase()
    try server.ensureUser(LiveBench.user)
    func device(_ name: String, cloud: String) -> [String] {
      [
        scorekeeper, "--db", directory + "/scale-out-\(name).sqlite", "--cloud", cloud, "--user",
        LiveBench.user,
      ]
    }
    let direct = device("direct", cloud: server.connectionString(database: database, user: LiveBench.user))
    let pooled = device("pooled", cloud: pooler.connectionString(database: database, user: LiveBench.user))
    for arguments in [["add-game", "Club"], ["add-player", "Club", "Ann"]] {
      try ProcessTimer.run(direct + arguments)
    }
    try ProcessTimer.run(pooled + ["sync"])
    print("\nEach command \(runs) times, alternating with its baseline (the same straight to the server):")
    print(pad("command", 30) + pad("scorekeeper", 14) + pad("baseline", 12) + pad("ratio", 8) + "target")
    var missed = try Comparison.reportTimes(
      of: [
        Comparison(
          name: "score online via pgbouncer", scorekeeper: pooled + ["score", "Club", "Ann", "+1"],
          baseline: direct + ["score", "Club", "Ann", "+1"], timeTarget: 1.3)
      ], runs: runs)
    missed += try recoveryAfterPromotion(scorekeeper: scorekeeper, directory: directory)
    missed += try FollowersBench.run(scorekeeper: scorekeeper, directory: directory)
    return missed
  }

  static let devices = 10

  static func recoveryAfterPromotion(scorekeeper: String, directory: String) throws -> [String] {
    print("\nA primary killed and its standby promoted 2 s later, \(devices) devices scoring every 0.2 s…")
    let pair = try TestStandbyPair()
    try pair.ensureUser("alice")
    func device(_ index: Int) -> [String] {
      [
        scorekeeper, "--db", directory + "/failover-\(index).sqlite", "--cloud",
        pair.primaryConnectionString(user: "alice"), "--user", "alice",
      ]
    }
    try ProcessTimer.run(device(0) + ["add-game", "Club"])
    for index in 0..<devices { try ProcessTimer.run(device(0) + ["add-player", "Club", "P\(index)"]) }
    for index in 1..<devices { try ProcessTimer.run(device(index) + ["sync"]) }
    try pair.waitForStandby()
    let loops = try (0..<devices).map { index in
      let loop = Process()
      loop.executableURL = URL(fileURLWithPath: "/bin/sh")
      loop.arguments =
        [
          "-c", "while :; do \"$@\" >/dev/null 2>>\"$0\"; sleep 0.2; done",
          directory + "/failover-\(index).log",
        ]
        + device(index) + ["score", "Club", "P\(index)", "+1"]
      try loop.run()
      return loop
    }
    defer {
      for loop in loops { loop.terminate() }
    }
    sleep(2)
    try pair.crashPrimary()
    sleep(2)
    // From the moment the promotion is asked: `pg_ctl promote -w` returns
    // only after its next look, and devices may be back before that.
    let promoted = Date()
    try pair.promoteStandby()
    // Each device's first sync that worked after the promotion. (Its
    // `lastSyncAt`, which a sync leaves alone for a minute while nothing
    // failed: every device failed during the 2 s without a primary, so
    // the first that works writes it.)
    var recovered: [Int: Double] = [:]
    let deadline = promoted.addingTimeInterval(60)
    while recovered.count < devices && Date() < deadline {
      for index in 0..<devices where recovered[index] == nil {
        let database = try Database(path: directory + "/failover-\(index).sqlite", create: false)
        defer { database.close() }
        let last = try database.fetchOne("SELECT lastSyncAt FROM syncState") { try $0.optionalText(0) } ?? nil
        if let last, let time = Timestamp(iso8601: last),
          Double(time.millisecondsSince1970) / 1000 > promoted.timeIntervalSince1970
        {
          recovered[index] = Double(time.millisecondsSince1970) / 1000 - promoted.timeIntervalSince1970
        }
      }
      usleep(100_000)
    }
    // A device that did not come back says why: its recorded error and
    // outage, and the last words its commands printed.
    for index in 0..<devices where recovered[index] == nil {
      let database = try Database(path: directory + "/failover-\(index).sqlite", create: false)
      defer { database.close() }
      let state =
        try database.fetchOne("SELECT lastSyncAt, lastError, outageSince, retryAt FROM syncState") { row in
          try (0..<4).map { try row.optionalText($0) ?? "-" }.joined(separator: " | ")
        } ?? "no sync state"
      let words = (try? String(contentsOfFile: directory + "/failover-\(index).log", encoding: .utf8)) ?? ""
      print("  device \(index) not back: \(state)")
      for line in words.split(separator: "\n").suffix(3) { print("    " + line) }
    }
    let times = recovered.values.sorted()
    let middle = times.isEmpty ? .infinity : median(times)
    let met = recovered.count == devices && middle <= 10
    print(
      pad("recovery after promotion", 30)
        + "median \(format(middle)) s, slowest \(format(times.last ?? .infinity)) s, "
        + "\(recovered.count) of \(devices) back   ≤ 10 s \(met ? "ok" : "MISSED")")
    return met ? [] : ["recovery after promotion"]
  }
}
