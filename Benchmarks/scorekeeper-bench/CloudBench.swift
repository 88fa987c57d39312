import Glibc
import ScorekeeperCore

/// The mock cloud's promise that an operation costs what it touches, not
/// what the server holds: the same operations timed, in this process, on a
/// file-backed server of 100 records and on one of 100,000.
enum CloudBench {
  static let bigSize = 100_000
  static let target = 1.5

  struct Server {
    let database: FileCloudDatabase
    let zone: ZoneID
    /// Where a reader that has seen everything stands.
    var token: ChangeToken?
    var next = 0
  }

  /// Prints one row per operation; returns the names of missed targets.
  static func run(directory: String, runs: Int) throws -> [String] {
    print("\nMock cloud (file-backed, in-process), median of \(runs) operations:")
    print(pad("operation", 34) + pad("100 records", 14) + pad("100,000", 12) + pad("ratio", 8) + "target")
    var small = try server(at: directory + "/cloud-small.sqlite", records: 100)
    var big = try server(at: directory + "/cloud-big.sqlite", records: bigSize)
    var missed: [String] = []
    // Each operation returns the milliseconds of the part being measured.
    let operations: [(String, (inout Server) throws -> Double)] = [
      ("save 1 new record", { server in try milliseconds { try save(&server) } }),
      (
        "fetch 1 record",
        { server in try milliseconds { _ = try server.database.record(for: id("r-0-1", server.zone)) } }
      ),
      (
        "changes since a token (1 new)",
        { server in
          try save(&server)
          var changes: ZoneChanges?
          let time = try milliseconds {
            changes = try server.database.zoneChanges(in: server.zone, since: server.token)
          }
          server.token = changes!.token
          return time
        }
      ),
    ]
    for (name, operation) in operations {
      var smallTimes: [Double] = []
      var bigTimes: [Double] = []
      for _ in 0..<runs {
        smallTimes.append(try operation(&small))
        bigTimes.append(try operation(&big))
      }
      let ratio = median(bigTimes) / median(smallTimes)
      let met = ratio <= target
      print(
        pad(name, 34) + pad(format(median(smallTimes)) + " ms", 14)
          + pad(format(median(bigTimes)) + " ms", 12)
          + pad(format(ratio) + "×", 8) + "≤ \(format(target))× \(met ? "ok" : "MISSED")")
      if !met { missed.append("mock cloud: " + name) }
    }
    return missed
  }

  private static func server(at path: String, records: Int) throws -> Server {
    let database = try FileCloud(path: path, clock: .live).container(for: "alice").database(.private)
    let zone = ZoneID(name: "games", ownerName: "alice")
    _ = try database.modifyRecordZones(saving: [zone])
    for batch in 0..<(records / 400 + (records % 400 == 0 ? 0 : 1)) {
      let count = min(400, records - batch * 400)
      _ = try database.modifyRecords(
        saving: (0..<count).map { record("r-\(batch)-\($0)", zone) })
    }
    var server = Server(database: database, zone: zone)
    repeat {
      let page = try database.zoneChanges(in: zone, since: server.token)
      server.token = page.token
      if !page.moreComing { break }
    } while true
    return server
  }

  private static func save(_ server: inout Server) throws {
    server.next += 1
    let result = try server.database.modifyRecords(saving: [record("new-\(server.next)", server.zone)])
    _ = try result.saveResults.values.first!.get()
  }

  private static func record(_ name: String, _ zone: ZoneID) -> CloudRecord {
    CloudRecord(id: id(name, zone), type: "items", fields: ["n": .int64(1), "title": .string(name)])
  }

  private static func id(_ name: String, _ zone: ZoneID) -> RecordID {
    RecordID(name: name, zoneID: zone)
  }
}

/// The wall-clock milliseconds `body` takes, on the monotonic clock.
func milliseconds(_ body: () throws -> Void) throws -> Double {
  var start = timespec()
  var end = timespec()
  clock_gettime(CLOCK_MONOTONIC, &start)
  try body()
  clock_gettime(CLOCK_MONOTONIC, &end)
  return Double(end.tv_sec - start.tv_sec) * 1000 + Double(end.tv_nsec - start.tv_nsec) / 1e6
}
