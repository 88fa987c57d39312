import Foundation
@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

/// The file-backed mock cloud used by separate processes.
@Suite struct MockCloudProcessTests {
  let binary: BinaryProcess

  init() throws {
    binary = BinaryProcess(directory: try TemporaryDirectory())
  }

  var cloudPath: String { binary.directory.file("cloud.sqlite") }

  @Test("two processes writing the file-backed mock at once lose nothing")
  func concurrentWriters() throws {
    let writer = SharedCopies.builtExecutable("scorekeeper-bench")
    let waits = try ["a", "b"].map { prefix in
      try binary.start(
        ["cloud-writer", cloudPath, "alice", "games", prefix, "30", "10"], executable: writer, name: prefix)
    }
    let results = try waits.map { try $0() }
    #expect(
      results == Array(repeating: ProcessResult(status: 0, stdout: "saved 300\n", stderr: ""), count: 2))
    let database = try MockCloud(path: cloudPath, clock: .constant(testNow)).container(for: "alice")
      .privateDatabase
    var names: [String] = []
    var tags: [String] = []
    var token: ChangeToken?
    repeat {
      let page = try database.zoneChanges(in: ZoneID(name: "games", ownerName: "alice"), since: token)
      names += page.changed.map(\.id.name)
      tags += page.changed.map { $0.changeTag! }
      token = page.moreComing ? page.token : nil
    } while token != nil
    let expected = ["a", "b"].flatMap { prefix in
      (0..<30).flatMap { batch in (0..<10).map { "\(prefix)-\(batch)-\($0)" } }
    }
    #expect(names.sorted() == expected.sorted())
    #expect(Set(tags).count == 600)
  }

  @Test("cloud dump prints the server, in order, and leaves the file as it was")
  func dump() throws {
    try CloudScenario.populate(
      try MockCloud(path: cloudPath, clock: .constant(testNow), shareLinks: .sequential))
    let before = try sha256Hex(fileAt: cloudPath)
    #expect(
      try binary.run(["--cloud", cloudPath, "cloud", "dump"])
        == ProcessResult(status: 0, stdout: CloudScenario.dump, stderr: ""))
    #expect(try sha256Hex(fileAt: cloudPath) == before)
  }
}
