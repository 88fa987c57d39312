import Glibc
import ScorekeeperCore

/// `scorekeeper-bench cloud-writer CLOUD USER ZONE PREFIX BATCHES SIZE`:
/// saves BATCHES calls of SIZE new records named PREFIX-b-i into a zone
/// of the file-backed mock cloud, creating the zone if needed. Tests run
/// several at once to show concurrent processes lose nothing; the bench
/// uses it to fill a big server.
enum CloudWriter {
  static func run(_ arguments: [String]) throws -> Int32 {
    guard arguments.count == 6, let batches = Int(arguments[4]), let size = Int(arguments[5]) else {
      print("usage: scorekeeper-bench cloud-writer CLOUD USER ZONE PREFIX BATCHES SIZE")
      return 2
    }
    let (path, user, zoneName, prefix) = (arguments[0], arguments[1], arguments[2], arguments[3])
    let cloud = try FileCloud(path: path, clock: .live)
    let database = cloud.container(for: user).privateDatabase
    let zone = ZoneID(name: zoneName, ownerName: user)
    _ = try askingAgainWhileBusy { try database.modifyRecordZones(saving: [zone]) }.saveResults[zone]!.get()
    for batch in 0..<batches {
      let records = (0..<size).map {
        CloudRecord(
          id: RecordID(name: "\(prefix)-\(batch)-\($0)", zoneID: zone), type: "items",
          fields: ["n": .int64(Int64($0))])
      }
      for (id, result) in try askingAgainWhileBusy({ try database.modifyRecords(saving: records) })
        .saveResults
      {
        if case .failure(let error) = result {
          print("\(id): \(error)")
          return 1
        }
      }
    }
    print("saved \(batches * size)")
    return 0
  }

  /// A cloud busy with another writer answers "busy" after its busy
  /// timeout (a quarter second) and wrote nothing: asked again, as the
  /// sync engine does, for 30 s at most. (Under a loaded machine the
  /// other writer's commit can outlast one timeout.)
  static func askingAgainWhileBusy<T>(_ call: () throws -> T) throws -> T {
    let deadline = Deadline.after(30)
    while true {
      do {
        return try call()
      } catch CloudError.serverBusy where !deadline.hasPassed {
        continue  // (the busy timeout itself was the wait)
      }
    }
  }
}
