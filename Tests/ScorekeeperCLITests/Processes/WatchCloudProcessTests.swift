import Foundation
@_spi(Testing) import ScorekeeperCore
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

  /// Starts `watch Poker --json` on `device`, its output in NAME.out and NAME.err.
  func startWatch(on device: BinaryProcess, name: String = "watch") throws -> (
    process: Process, result: () throws -> ProcessResult
  ) {
    let watch = Process()
    watch.executableURL = URL(fileURLWithPath: SharedCopies.builtBinary)
    watch.arguments = ["watch", "Poker", "--json"]
    watch.environment = device.environment
    return (watch, try watch.startCapturing(in: directory, name: name))
  }

  /// Ann's score on each line the watch `name` wrote, once its output
  /// satisfies `done` (or `seconds` passed).
  func scores(of name: String = "watch", within seconds: Double = 30, until done: ([Int]) -> Bool) throws
    -> [Int]
  {
    try Polling.value(
      within: seconds,
      {
        try String(contentsOfFile: directory.file(name + ".out"), encoding: .utf8).split(separator: "\n").map
        {
          line in
          Int(line.firstMatch(of: /"name":"Ann","score":(-?\d+)/)!.output.1)!
        }
      }, until: done)
  }

  /// The watch's stderr once `done` holds for it (or `seconds` passed).
  func errors(of name: String = "watch", within seconds: Double = 30, until done: (String) -> Bool) throws
    -> String
  {
    try Polling.value(
      within: seconds, { try String(contentsOfFile: directory.file(name + ".err"), encoding: .utf8) },
      until: done)
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

  @Test("through a pooler, which loses notifications, the watch says once that it polls, and shows a score")
  func pooledPolls() throws {
    let server = try TestCloud(.pooled)
    let cloud = try server.connectionString(for: "alice")
    let (laptop, phone) = (device(1, cloud: cloud), device(2, cloud: cloud))
    try setUp(laptop, phone)
    let watch = try startWatch(on: laptop)
    #expect(try scores { $0.count == 1 } == [0])
    #expect(try phone.run(["score", "Poker", "Ann", "+5"]).status == 0)
    #expect(try scores { $0.count == 2 } == [0, 5])
    watch.process.terminate()
    let result = try watch.result()
    #expect(
      result.stderr
        == "watch: the cloud is reached through a pooler, which does not pass its notifications on: changes "
        + "from other devices show within 5 s. To see them at once, set SCOREKEEPER_LISTEN_CLOUD to a "
        + "connection string that reaches the server directly.\n", "\(result)")
  }

  @Test("through a pooler, with SCOREKEEPER_LISTEN_CLOUD direct, the watch follows on that one connection")
  func pooledListensDirectly() throws {
    let server = try TestCloud(.pooled)
    let cloud = try server.connectionString(for: "alice")
    let direct = try server.directConnectionString(for: "alice") + " application_name=watcher"
    let laptop = device(1, cloud: cloud, overrides: ["SCOREKEEPER_LISTEN_CLOUD": direct])
    let phone = device(2, cloud: cloud)
    try setUp(laptop, phone)
    let watch = try startWatch(on: laptop)
    #expect(try scores { $0.count == 1 } == [0])
    #expect(try phone.run(["score", "Poker", "Ann", "+5"]).status == 0)
    #expect(try scores { $0.count == 2 } == [0, 5])
    let admin = try PGConnection(server.adminLocation)
    #expect(
      try admin.query(
        "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'watcher' AND datname = current_database()"
      ).scalar == "1")
    watch.process.terminate()
    let result = try watch.result()
    #expect(result.status == SIGTERM && result.stderr == "", "\(result)")
  }

  @Test(
    "more followers than the server has slots: each holds one, the one left out says so and comes in later")
  func moreFollowersThanSlots() throws {
    let server = try TestCloud(.postgres)
    let cloud = try server.connectionString(for: "alice")
    let admin = try PGConnection(server.adminLocation)
    let database = try #require(PGConnectionString(server.adminLocation)["dbname"])
    // Real time: the one left out retries in earnest.
    let devices = (1...6).map { device($0, cloud: cloud, overrides: ["SCOREKEEPER_NOW": ""]) }
    let phone = devices[5]
    try setUp(devices[0], phone)
    for device in devices[1...4] { #expect(try device.run(["sync"]).status == 0) }
    func sessions(_ whose: String = "usename = 'alice'") throws -> Int {
      Int(
        try admin.query(
          "SELECT count(*) FROM pg_stat_activity WHERE \(whose) AND datname = current_database()"
        ).scalar ?? "") ?? -1
    }
    // Four slots for alice: the limit counts the administrator's sessions
    // too. Counted once the devices' syncs have left the server (a backend
    // outlives its client by a moment) and without autovacuum's workers,
    // which come and go: counting a session that then leaves would give a
    // fifth slot.
    #expect(try Polling.value({ try sessions() }, until: { $0 == 0 }) == 0)
    let others = try sessions("backend_type = 'client backend'")
    try admin.query("ALTER DATABASE \(database) CONNECTION LIMIT \(others + 4)")
    var watches = try (0..<4).map { try startWatch(on: devices[$0], name: "watch\($0)") }
    for index in 0..<4 { #expect(try scores(of: "watch\(index)") { $0.count == 1 } == [0]) }
    #expect(try sessions() == 4)
    // A fifth finds no slot: it says so in words, and keeps trying.
    watches.append(try startWatch(on: devices[4], name: "watch4"))
    let refused = "warning: watch: not following the cloud: The cloud service is unavailable"
    #expect(try errors(of: "watch4") { $0.contains(refused) }.hasPrefix(refused))
    #expect(try sessions() == 4)
    // One leaves: the fifth comes in (within its retry, at most 30 s).
    watches[0].process.terminate()
    #expect(try scores(of: "watch4", within: 60) { $0.count == 1 } == [0])
    #expect(
      try errors(of: "watch4") { $0.hasSuffix("watch: following the cloud again.\n") }.hasSuffix("again.\n"))
    // Another leaves, so the phone has a slot to score in; the rest see it.
    watches[1].process.terminate()
    _ = try watches[1].result()
    #expect(try phone.run(["score", "Poker", "Ann", "+5"]).status == 0)
    for index in 2...4 { #expect(try scores(of: "watch\(index)") { $0.count == 2 } == [0, 5]) }
    #expect(try sessions() <= 4)
    for watch in watches[2...] { watch.process.terminate() }
    for watch in watches { _ = try watch.result() }
  }
}
