import Glibc
import ScorekeeperCore
import ThrowawayPostgres

/// One user's operations on a live server that holds only their games,
/// and on one that also holds 999 other users' 10 games of 20 records
/// each: the same cost, since every query and policy is keyed by the
/// zone's owner first. Prints the plans of a user's own SQL under the
/// row-level policies.
enum ScaleBench {
  static let otherUsers = 999
  static let gamesEach = 10
  static let recordsEach = 20
  static let target = 1.5

  static func run(_ server: TestPostgres, runs: Int) throws -> [String] {
    print(
      "\nA live server of 1 user × \(gamesEach) games against \(otherUsers + 1) users × \(gamesEach) games "
        + "(\(recordsEach) records each), median of \(runs):")
    print(pad("operation", 34) + pad("1 user", 12) + pad("1,000 users", 13) + pad("ratio", 8) + "target")
    let small = try populated(server, others: 0)
    let big = try populated(server, others: otherUsers)
    var missed: [String] = []
    for (name, operation) in operations {
      var smallTimes: [Double] = []
      var bigTimes: [Double] = []
      for run in 0..<runs {
        smallTimes.append(try milliseconds { try operation(small, run) })
        bigTimes.append(try milliseconds { try operation(big, run) })
      }
      let ratio = median(bigTimes) / median(smallTimes)
      let met = ratio <= target
      print(
        pad("  " + name, 34) + pad(format(median(smallTimes)) + " ms", 12)
          + pad(format(median(bigTimes)) + " ms", 13)
          + pad(format(ratio) + "×", 8) + "≤ \(format(target))× \(met ? "ok" : "MISSED")")
      if !met { missed.append("1,000 users: " + name) }
    }
    print("\n  Plans of the user's own SQL on the big server, under the row-level policies:")
    let user = try PGConnection(big.location)
    for query in [
      "SELECT * FROM scorekeeper.records WHERE owner = 'bench' AND zone = 'g1'",
      "SELECT * FROM scorekeeper.zones WHERE owner = 'bench'",
      "SELECT * FROM scorekeeper.records WHERE owner = 'u7' AND zone = 'g1'",
    ] {
      print("  " + query)
      for row in try user.query("EXPLAIN (COSTS OFF) " + query).rows { print("    " + (row[0] ?? "")) }
    }
    // Gone before the next benchmarks, or autovacuum works through the
    // big one on the same two cores while they run.
    user.close()
    for name in [small.name, big.name] {
      try PGConnection(server.connectionString()).queryAlone("DROP DATABASE \(name) WITH (FORCE)")
    }
    return missed
  }

  struct Server {
    let name: String
    let location: String
    let database: LiveCloudDatabase
    var token: ChangeToken?
  }

  /// The operations timed: what a sync around a command asks.
  static var operations: [(String, (Server, Int) throws -> Void)] {
    [
      (
        "database changes (none new)",
        { server, _ in _ = try server.database.databaseChanges(since: server.token) }
      ),
      (
        "zone changes (none new)",
        { server, _ in
          _ = try server.database.zoneChanges(
            in: ZoneID(name: "g1", ownerName: LiveBench.user), since: nil, limit: 1)
        }
      ),
      (
        "fetch 1 record",
        { server, _ in
          _ = try server.database.record(
            for: RecordID(name: "r1", zoneID: ZoneID(name: "g2", ownerName: LiveBench.user)))
        }
      ),
      (
        "save 1 new record",
        { server, run in
          let zone = ZoneID(name: "g3", ownerName: LiveBench.user)
          _ = try server.database.modifyRecords(saving: [
            CloudRecord(
              id: RecordID(name: "new-\(run)", zoneID: zone), type: "items", fields: ["n": .int64(1)])
          ]).saveResults.values.first!.get()
        }
      ),
    ]
  }

  /// A new cloud database with the bench user's games, and `others`
  /// users' games, written straight into the tables (as an administrator).
  private static func populated(_ server: TestPostgres, others: Int) throws -> Server {
    let name = try server.newCloudDatabase()
    let admin = try PGConnection(server.connectionString(database: name))
    try admin.query(
      """
      INSERT INTO scorekeeper.zones (owner, name, incarnation, counter)
      SELECT u, 'g' || g, nextval('scorekeeper.tags'), $1
      FROM unnest(ARRAY['\(LiveBench.user)'] || ARRAY(SELECT 'u' || i FROM generate_series(1, $2::int) AS i)) AS u,
        generate_series(1, $3::int) AS g
      """, [String(recordsEach), String(others), String(gamesEach)])
    try admin.query(
      """
      INSERT INTO scorekeeper.records (owner, zone, name, type, change_tag, modified_at, changed_at, fields)
      SELECT z.owner, z.name, 'r' || r, 'items', nextval('scorekeeper.tags')::text, 0, r, '{"n": ["int64", "1"]}'
      FROM scorekeeper.zones AS z, generate_series(1, $1::int) AS r
      """, [String(recordsEach)])
    try admin.query("ANALYZE")
    let location = server.connectionString(database: name, user: LiveBench.user)
    let database = LiveCloud(connectionString: location).container().database(.private)
    return Server(
      name: name, location: location, database: database,
      token: try database.databaseChanges(since: nil).token)
  }
}
