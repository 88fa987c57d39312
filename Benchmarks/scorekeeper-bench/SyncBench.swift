import Glibc
import ScorekeeperCore

/// The sync engine against the file-backed mock cloud, in this process:
/// how fast a device sends many changes and another receives them, and
/// whether syncing one change costs what the change touches rather than
/// what the database holds.
enum SyncBench {
  static let bulkSize = 10_000
  static let bigSize = 100_000
  static let target = 2.0

  /// Prints the results; returns the names of missed targets.
  static func run(directory: String, runs: Int) throws -> [String] {
    print("\nSync engine (file-backed mock cloud, in-process):")
    let cloud = try MockCloud(path: directory + "/sync-cloud.sqlite", clock: .live)
    let sender = try device(directory + "/sender.sqlite", cloud: cloud)
    try fill(sender.store, records: bulkSize)
    let sent = try milliseconds { _ = try sender.engine.send() } / 1000
    let receiver = try device(directory + "/receiver.sqlite", cloud: cloud)
    let received = try milliseconds { _ = try receiver.engine.fetch() } / 1000
    print(pad("  send 10,000 pending changes", 34) + format(Double(bulkSize) / sent) + " records/s")
    print(pad("  fetch them on a second device", 34) + format(Double(bulkSize) / received) + " records/s")

    let empty = try device(
      directory + "/empty.sqlite",
      cloud: try MockCloud(path: directory + "/empty-cloud.sqlite", clock: .live))
    try fill(empty.store, records: 2)
    _ = try empty.engine.sync()
    let big = try device(
      directory + "/big.sqlite",
      cloud: try MockCloud(path: directory + "/big-cloud.sqlite", clock: .live))
    try fill(big.store, records: bigSize)
    _ = try big.engine.sync()
    var emptyTimes: [Double] = []
    var bigTimes: [Double] = []
    for _ in 0..<runs {
      emptyTimes.append(try oneChange(empty))
      bigTimes.append(try oneChange(big))
    }
    let ratio = median(bigTimes) / median(emptyTimes)
    let met = ratio <= target
    print(
      pad("  sync of 1 change, median of \(runs)", 34)
        + pad("empty " + format(median(emptyTimes)) + " ms", 16)
        + pad("100,000 rows " + format(median(bigTimes)) + " ms", 22) + pad(format(ratio) + "×", 8)
        + "≤ \(format(target))× \(met ? "ok" : "MISSED")")
    return met ? [] : ["sync of 1 change on 100,000 rows"]
  }

  struct Device {
    let store: Store
    let engine: SyncEngine
  }

  private static func device(_ path: String, cloud: MockCloud) throws -> Device {
    let store = try Store(path: path, dependencies: .live)
    let engine = SyncEngine(
      store: store, container: cloud.container(for: "alice"), cloudLocation: cloud.path,
      timing: .live(budget: 10))
    return Device(store: store, engine: engine)
  }

  /// A game with players and score events, `records` rows in all, every
  /// one pending (the triggers record them as they are inserted).
  private static func fill(_ store: Store, records: Int) throws {
    let game = try store.addGame(title: "Marathon")
    let players = max(1, records / 100)
    try store.database.write {
      try store.database.execute(
        """
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
        INSERT INTO players (id, gameID, name) SELECT uuid(), ?1, printf('Player %06d', i) FROM n
        """, [.text(game.id), .integer(Int64(players))])
      let events = records - players - 1
      try store.database.execute(
        """
        WITH RECURSIVE m(j) AS (SELECT 1 UNION ALL SELECT j + 1 FROM m WHERE j < ?1)
        INSERT INTO scoreEvents (playerID, delta, device)
        SELECT p.id, 1, (SELECT id FROM localDevice) FROM m, players AS p LIMIT ?2
        """, [.integer(Int64(events / players + 1)), .integer(Int64(events))])
    }
  }

  /// Milliseconds to sync one new score change (sent, then a fetch).
  private static func oneChange(_ device: Device) throws -> Double {
    let player = try device.store.database.fetchOne("SELECT name FROM players LIMIT 1") { try $0.text(0) }!
    _ = try device.store.score(in: "Marathon", player, .add(1))
    return try milliseconds { _ = try device.engine.sync() }
  }
}
