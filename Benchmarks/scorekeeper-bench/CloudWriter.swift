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
    _ = try database.modifyRecordZones(saving: [zone]).saveResults[zone]!.get()
    for batch in 0..<batches {
      let records = (0..<size).map {
        CloudRecord(
          id: RecordID(name: "\(prefix)-\(batch)-\($0)", zoneID: zone), type: "items",
          fields: ["n": .int64(Int64($0))])
      }
      for (id, result) in try database.modifyRecords(saving: records).saveResults {
        if case .failure(let error) = result {
          print("\(id): \(error)")
          return 1
        }
      }
    }
    print("saved \(batches * size)")
    return 0
  }
}
