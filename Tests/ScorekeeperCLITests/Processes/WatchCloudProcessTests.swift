import Foundation
import ScorekeeperTestSupport
import Testing

/// `watch` following the cloud (issue 34): a change another device syncs
/// shows without this device running a command, on the mock's file and
/// on a live server; and a watch outlives the server going away, says so,
/// and catches up on what changed meanwhile.
@Suite(.tags(.process), .runAsTagged(hardTimeLimit: 120)) struct WatchCloudProcessTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// Device `number` of alice's on `cloud`, with a database of its own.
  func device(_ number: Int, cloud: String, overrides: [String: String] = [:]) -> BinaryProcess {
    BinaryProcess(
      directory: directory,
      overrides: [
        "SCOREKEEPER_DB": directory.file("device-\(number).sqlite"), "SCOREKEEPER_DEVICE": String(number),
        "SCOREKEEPER_CLOUD": cloud,
      ].merging(overrides) { $1 })
  }

  /// Starts `watch Poker --json` on `device`, its output in watch.out and watch.err.
  func startWatch(on device: BinaryProcess) throws -> (process: Process, result: () throws -> ProcessResult) {
    let watch = Process()
    watch.executableURL = URL(fileURLWithPath: SharedCopies.builtBinary)
    watch.arguments = ["watch", "Poker", "--json"]
    watch.environment = device.environment
    return (watch, try watch.startCapturing(in: directory, name: "watch"))
  }

  /// Ann's score on each line the watch wrote, once its output satisfies
  /// `done` (or 30 s passed).
  func scores(until done: ([Int]) -> Bool) throws -> [Int] {
    try Polling.value(
      {
        try String(contentsOfFile: directory.file("watch.out"), encoding: .utf8).split(separator: "\n").map {
          line in
          Int(line.firstMatch(of: /"name":"Ann","score":(-?\d+)/)!.output.1)!
        }
      }, until: done)
  }

  /// The watch's stderr once `done` holds for it (or 30 s passed).
  func errors(until done: (String) -> Bool) throws -> String {
    try Polling.value(
      { try String(contentsOfFile: directory.file("watch.err"), encoding: .utf8) }, until: done)
  }

  func setUp(_ laptop: BinaryProcess, _ phone: BinaryProcess) throws {
    for (device, arguments) in [
      (laptop, ["add-game", "Poker"]), (laptop, ["add-player", "Poker", "Ann"]), (phone, ["sync"]),
    ] {
      let result = try device.run(arguments)
      guard result.status == 0, result.stderr.isEmpty else { throw SetUpFailure("\(arguments): \(result)") }
    }
  }

  @Test(
    "a score another device syncs shows on the watch, with nothing run here", arguments: ["mock", "live"])
  func followsTheCloud(backing: String) throws {
    let server = backing == "live" ? try TestCloud(.postgres) : nil
    let cloud = try server.map { try $0.connectionString(for: "alice") } ?? directory.file("cloud.sqlite")
    let (laptop, phone) = (device(1, cloud: cloud), device(2, cloud: cloud))
    try setUp(laptop, phone)
    let watch = try startWatch(on: laptop)
    #expect(try scores { $0.count == 1 } == [0])
    #expect(try phone.run(["score", "Poker", "Ann", "+5"]).status == 0)
    #expect(try scores { $0.count == 2 } == [0, 5])
    #expect(try phone.run(["score", "Poker", "Ann", "+2"]).status == 0)
    #expect(try scores { $0.count == 3 } == [0, 5, 7])
    watch.process.terminate()
    let result = try watch.result()
    #expect(result.status == SIGTERM && result.stderr == "", "\(result)")
  }

  @Test("the server goes down and comes back: the watch says so, retries, and shows what changed meanwhile")
  func outage() throws {
    let server = try TestCloud(.postgres)
    let standIn = try ServerStandIn(.forwarding, forwardingTo: server.serverSocket)
    // Real time: the watch's retries wait for the server in earnest.
    let laptop = device(
      1, cloud: try server.connectionString(for: "alice", through: standIn),
      overrides: ["SCOREKEEPER_NOW": ""])
    let phone = device(2, cloud: try server.connectionString(for: "alice"))
    try setUp(laptop, phone)
    let watch = try startWatch(on: laptop)
    #expect(try scores { $0.count == 1 } == [0])
    standIn.set(.down)
    let down = "warning: watch: not following the cloud: "
    #expect(try errors { $0.hasPrefix(down) }.hasPrefix(down))
    // Scored while the watch cannot hear of it: the catch-up brings it.
    #expect(try phone.run(["score", "Poker", "Ann", "+5"]).status == 0)
    standIn.set(.forwarding)
    #expect(try scores { $0.count == 2 } == [0, 5])
    let back = "watch: following the cloud again.\n"
    let said = try errors { $0.hasSuffix(back) }
    watch.process.terminate()
    let result = try watch.result()
    #expect(result.status == SIGTERM, "\(result)")
    // Each distinct failure said once (the connection cut, then refused
    // while down), then that it is back.
    let lines = said.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.last == back.dropLast() && lines.dropLast().allSatisfy { $0.hasPrefix(down) }, "\(said)")
    #expect(lines.count <= 4, "\(said)")
  }
}
