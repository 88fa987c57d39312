import Glibc
@_spi(Testing) import ScorekeeperCore

/// The sync engine in this process, against each cloud side by side (the
/// file-backed mock, and a live server on its Unix socket and on TCP):
/// how fast a device sends many changes and another receives them, and
/// whether syncing one change costs what the change touches rather than
/// what the database holds.
enum SyncBench {
  static let bulkSize = 10_000
  static let bulkRuns = 5
  static let bigSize = 100_000
  static let rateTarget = 20_000.0
  static let ratioTarget = 2.0

  /// Where a test cloud comes from: a new, empty one per call.
  struct Backend {
    let name: String
    let newCloud: (_ label: String) throws -> Cloud
  }

  struct Cloud {
    let container: any CloudContainer
    let location: String
    /// Removes it, so that nothing of it is left to write or vacuum while
    /// the next runs are timed.
    let remove: () throws -> Void
  }

  /// Prints the results; returns the names of missed targets.
  static func run(directory: String, runs: Int, backends: [Backend], bulkOnly: Bool = false) throws
    -> [String]
  {
    print("\nSync engine (in-process), each cloud side by side:")
    print(pad("", 34) + backends.map { pad($0.name, 18) }.joined() + "target (each)")
    var missed: [String] = []
    var sendRates: [Double] = []
    var fetchRates: [Double] = []
    for backend in backends {
      var sends: [Double] = []
      var fetches: [Double] = []
      for run in 0..<bulkRuns {
        let cloud = try backend.newCloud("bulk\(run)")
        let sender = try device(directory + "/\(backend.name)-sender\(run).sqlite", cloud)
        try fill(sender.store, records: bulkSize)
        sends.append(Double(bulkSize) / (try milliseconds { _ = try sender.engine.send() } / 1000))
        let receiver = try device(directory + "/\(backend.name)-receiver\(run).sqlite", cloud)
        fetches.append(Double(bulkSize) / (try milliseconds { _ = try receiver.engine.fetch() } / 1000))
        for device in [sender, receiver] { try device.remove() }
        try cloud.remove()
      }
      sendRates.append(median(sends))
      fetchRates.append(median(fetches))
    }
    for (label, rates) in [
      ("send 10,000 pending changes", sendRates), ("fetch them on a second device", fetchRates),
    ] {
      // Each cloud's: the mock's (issue 51) and the live server's
      // (issue 12), which each overlap their work with the engine's.
      let short = zip(backends, rates).filter { $0.1 < rateTarget }.map(\.0.name)
      print(
        pad("  " + label, 34) + rates.map { pad(format($0 / 1000) + "k rec/s", 18) }.joined()
          + "≥ \(Int(rateTarget / 1000))k \(short.isEmpty ? "ok" : "MISSED")")
      if !short.isEmpty { missed.append(label + " (" + short.joined(separator: ", ") + ")") }
    }
    print("  (medians of \(bulkRuns) runs, each on a new cloud)")
    if bulkOnly { return missed }

    var ratios: [String] = []
    var allMet = true
    for backend in backends {
      let empty = try device(directory + "/\(backend.name)-empty.sqlite", try backend.newCloud("empty"))
      try fill(empty.store, records: 2)
      _ = try empty.engine.sync()
      let big = try device(directory + "/\(backend.name)-big.sqlite", try backend.newCloud("big"))
      try fill(big.store, records: bigSize)
      _ = try big.engine.sync()
      var emptyTimes: [Double] = []
      var bigTimes: [Double] = []
      for _ in 0..<runs {
        emptyTimes.append(try oneChange(empty))
        bigTimes.append(try oneChange(big))
      }
      let ratio = median(bigTimes) / median(emptyTimes)
      allMet = allMet && ratio <= ratioTarget
      ratios.append(
        format(median(emptyTimes)) + "/" + format(median(bigTimes)) + " ms " + format(ratio) + "×")
    }
    print(
      pad("  sync of 1 change, median of \(runs)", 34) + ratios.map { pad($0, 18) }.joined()
        + "≤ \(format(ratioTarget))× \(allMet ? "ok" : "MISSED")")
    print("  (empty database / 100,000 synced rows, and their ratio)")
    if !allMet { missed.append("sync of 1 change on 100,000 rows") }
    return missed
  }

  struct Device {
    let store: Store
    let engine: SyncEngine
    let path: String

    func remove() throws {
      store.close()
      try removeDatabaseFile(path)
    }
  }

  private static func device(_ path: String, _ cloud: Cloud) throws -> Device {
    let store = try Store(path: path, dependencies: .live)
    let engine = SyncEngine(
      store: store, container: cloud.container, cloudLocation: cloud.location, timing: .live(budget: 10))
    return Device(store: store, engine: engine, path: path)
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

/// Deletes an SQLite database and its WAL files.
func removeDatabaseFile(_ path: String) throws {
  for file in [path, path + "-wal", path + "-shm"] where unlink(file) != 0 && errno != ENOENT {
    throw BenchError("could not remove \(file): errno \(errno)")
  }
}
