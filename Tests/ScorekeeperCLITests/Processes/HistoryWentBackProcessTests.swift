import Foundation
import ScorekeeperTestSupport
import Testing

/// A cloud whose history went back (issue 50): the mock's file put back
/// from an older copy, as a restore from backup puts back a server. The
/// next sync of each device says so, sends again what it holds, and every
/// device ends with every change any of them held. (A live standby that
/// was behind, promoted: StandbyTakeoverTests.)
@Suite(.tags(.process), .runAsTagged(hardTimeLimit: 120)) struct HistoryWentBackProcessTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// What a device says, once, when it meets history that went back.
  static let warning =
    "warning: the cloud's history went back (a standby that was behind took over, or a backup was put "
    + "back), so changes it had acknowledged may be gone: this device sent again everything it "
    + "holds and may change, and fetched everything again."

  func device(_ number: Int) -> BinaryProcess {
    BinaryProcess(
      directory: directory,
      overrides: [
        "SCOREKEEPER_DB": directory.file("device-\(number).sqlite"), "SCOREKEEPER_DEVICE": String(number),
      ])
  }

  func run(_ device: BinaryProcess, _ arguments: String...) throws -> ProcessResult {
    try device.run(arguments)
  }

  /// The cloud's file and its log, copied or put back while no process
  /// has them open.
  func copyCloud(from source: String, to destination: String) throws {
    try copyDatabase(from: directory.file(source), to: directory.file(destination))
  }

  @Test("the cloud put back from an older copy: the device that finds it says so, sends again; all agree")
  func cloudPutBack() throws {
    let (laptop, phone) = (device(1), device(2))
    for (device, arguments) in [
      (laptop, ["add-game", "Poker"]), (laptop, ["add-player", "Poker", "Ann"]), (phone, ["sync"]),
    ] {
      let result = try device.run(arguments)
      guard result.status == 0, result.stderr.isEmpty else { throw SetUpFailure("\(arguments): \(result)") }
    }
    try copyCloud(from: "cloud.sqlite", to: "backup.sqlite")
    // Acknowledged by the cloud, and fetched by the phone: then lost there.
    #expect(try run(laptop, "score", "Poker", "Ann", "+5").status == 0)
    #expect(try run(laptop, "add-game", "Chess").status == 0)
    #expect(try run(phone, "sync") == ProcessResult(status: 0, stdout: "0 sent, 2 received.\n", stderr: ""))
    try copyCloud(from: "backup.sqlite", to: "cloud.sqlite")

    let warning = Self.warning + "\n"
    #expect(
      try run(phone, "sync") == ProcessResult(status: 0, stdout: "4 sent, 0 received.\n", stderr: warning))
    // The laptop's tokens are no longer from the cloud's future: the
    // phone's sends took the cloud past them. It holds everything already,
    // and fetches what comes after. (Had the file's administrator marked
    // it restored, the laptop's tokens would be of the history before
    // the mark, and it would repair too: ChangeConformanceTests and
    // SyncRandomTests mark the mock; the binary has no command for it.)
    #expect(try run(laptop, "sync") == ProcessResult(status: 0, stdout: "0 sent, 0 received.\n", stderr: ""))
    let boards = try [laptop, phone].map { try run($0, "list", "--json").stdout }
    let poker = try [laptop, phone].map { try run($0, "list", "Poker", "--json").stdout }
    #expect(boards[0] == boards[1] && boards[0].contains(#""title": "Chess""#), "\(boards[0])")
    #expect(poker[0] == poker[1] && poker[0].contains(#""name": "Ann", "score": 5"#), "\(poker[0])")
  }
}

extension HistoryWentBackProcessTests {
  @Test("a live server put back from a backup: server install --after-restore, and every device repairs")
  func serverMarkedRestored() throws {
    let server = try TestCloud(.postgres)
    let cloud = try server.connectionString(for: "alice")
    let (laptop, phone) = (device(1), device(2))
    for (device, game) in [(laptop, "Poker"), (phone, "Chess")] {
      #expect(try device.run(["--cloud", cloud, "add-game", game]).status == 0)
    }
    #expect(try laptop.run(["--cloud", cloud, "sync"]).status == 0)
    // (The administrator put a backup back: nothing on the server says so.)
    let admin = BinaryProcess(directory: directory, overrides: ["SCOREKEEPER_OFFLINE": "1"])
    #expect(
      try admin.run(["server", "install", "--after-restore", server.adminLocation])
        == ProcessResult(
          status: 0,
          stdout: "The server's scorekeeper schema is at version 8 already.\n"
            + "Marked its history as gone back: at its next sync every device sends again what it holds "
            + "and fetches everything.\n",
          stderr: ""))
    let warning = Self.warning + "\n"
    // Each holds both games: each sends both again (they merge on the server).
    #expect(
      try phone.run(["--cloud", cloud, "sync"])
        == ProcessResult(status: 0, stdout: "2 sent, 0 received.\n", stderr: warning))
    #expect(
      try laptop.run(["--cloud", cloud, "sync"])
        == ProcessResult(status: 0, stdout: "2 sent, 0 received.\n", stderr: warning))
    #expect(
      try phone.run(["--cloud", cloud, "list"]).stdout == laptop.run(["--cloud", cloud, "list"]).stdout)
  }
}
