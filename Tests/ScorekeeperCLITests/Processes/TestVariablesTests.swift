import Foundation
import ScorekeeperTestSupport
import Testing

/// The variables for tests (a fixed clock, deterministic ids, cloud
/// faults) are ignored without SCOREKEEPER_TESTING=1, whatever their
/// values, and `status` names them.
@Suite(.tags(.process), .runAsTagged) struct TestVariablesTests {
  let directory: TemporaryDirectory
  let process: BinaryProcess

  init() throws {
    directory = try TemporaryDirectory()
    process = BinaryProcess(
      directory: directory,
      overrides: [
        "SCOREKEEPER_CLOUD_FAULTS": "network-unavailable*20", "SCOREKEEPER_DEVICE": "7",
        "SCOREKEEPER_PROGRESS_AFTER": "x",
      ],
      unset: ["SCOREKEEPER_TESTING"])
  }

  @Test("without SCOREKEEPER_TESTING=1 the clock is real, ids random, and the cloud fails nothing")
  func ignored() throws {
    let added = try process.run(["--json", "add-game", "Poker"])
    #expect(added.status == 0, "\(added)")
    let json = try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any]
    let id = try #require((json?["game"] as? [String: Any])?["id"] as? String)
    #expect(id != "00000000-0000-0000-0000-000000000001")
    // Its automatic sync sent it: no fault was injected.
    #expect(
      try process.run(["sync"]) == ProcessResult(status: 0, stdout: "0 sent, 0 received.\n", stderr: ""))
    let status = try process.run(["status"])
    #expect(status.stdout.contains("Pending:     0 saves, 0 deletes\n"), "\(status)")
    #expect(
      status.stdout.hasSuffix(
        "Ignored:     SCOREKEEPER_IDS, SCOREKEEPER_NOW, SCOREKEEPER_DEVICE, SCOREKEEPER_CLOUD_FAULTS, "
          + "SCOREKEEPER_PROGRESS_AFTER (for tests only: SCOREKEEPER_TESTING=1 honours them)\n"), "\(status)")
    #expect(!status.stdout.contains("2026-01-01"), "the last sync's time is the real one: \(status)")
    let statusJSON = try process.run(["--json", "status"])
    let object = try JSONSerialization.jsonObject(with: Data(statusJSON.stdout.utf8)) as? [String: Any]
    #expect(
      object?["ignoredVariables"] as? [String] == [
        "SCOREKEEPER_IDS", "SCOREKEEPER_NOW", "SCOREKEEPER_DEVICE", "SCOREKEEPER_CLOUD_FAULTS",
        "SCOREKEEPER_PROGRESS_AFTER",
      ])
  }

  @Test("with SCOREKEEPER_TESTING=1 they are honoured: the faults fail the sync")
  func honoured() throws {
    var testing = process
    testing.overrides["SCOREKEEPER_TESTING"] = "1"
    testing.overrides["SCOREKEEPER_PROGRESS_AFTER"] = "0"
    testing.unset = []
    #expect(try testing.run(["--offline", "add-game", "Poker"]).status == 0)
    let sync = try testing.run(["sync"])
    #expect(sync.status == 1, "\(sync)")
    let status = try testing.run(["--json", "status"])
    let object = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
    #expect(object?["ignoredVariables"] as? [String] == [])
    #expect(object?["device"] as? String == "d0000000-0000-0000-0000-000000000007")
  }
}
