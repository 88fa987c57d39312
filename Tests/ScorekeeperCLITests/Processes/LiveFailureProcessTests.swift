import Foundation
@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

/// The real binary against a live server that fails the way servers do,
/// through a stand-in port in front of the real one: silent, frozen,
/// stopped and started again, reached through a service file. No command
/// waits longer than its sync allows; each says what went wrong in
/// libpq's words, keeps its own change, and `status` shows the failure.
///
/// A regression would hang, so each test has a hard time limit.
@Suite(.tags(.process, .postgres), .runAsTagged(hardTimeLimit: 120)) struct LiveFailureProcessTests {
  let server: TestCloud
  let directory: TemporaryDirectory

  init() throws {
    server = try TestCloud(.postgres)
    directory = try TemporaryDirectory()
  }

  func device(cloud: String, overrides: [String: String] = [:], unset: Set<String> = []) -> BinaryProcess {
    BinaryProcess(
      directory: directory, overrides: ["SCOREKEEPER_CLOUD": cloud].merging(overrides) { $1 }, unset: unset)
  }

  func expectRun(
    _ process: BinaryProcess, _ arguments: [String], status: Int32 = 0, stdout: String = "",
    stderr: String = "", sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    expectNoDifference(
      ProcessResult(status: status, stdout: stdout, stderr: stderr), try process.run(arguments),
      sourceLocation: sourceLocation)
  }

  /// `status --offline`'s lines for device 1 of alice with one game
  /// pending after `error`, not synced yet.
  func offlineStatus(cloud: String, user: String = "alice", error: String) -> String {
    """
    Mode:        live (PostgreSQL) (offline)
    Cloud:       \(cloud)
    Server:      not contacted (offline)
    User:        \(user) (not synced yet)
    Device:      d0000000-0000-0000-0000-000000000001
    Pending:     1 save, 0 deletes
    Parked:      0 (received before their game or player)
    Last sync:   never
    Last error:  \(error)
    Outage:      no answer since 2026-01-01 00:00:00 UTC; automatic syncs wait until 2026-01-01 00:00:00 UTC ("scorekeeper sync" tries now)

    """
  }

  @Test(
    "a server that never answers: a command waits 2 s and keeps its change; sync gives up within its budget")
  func silentServer() throws {
    let silent = try ServerStandIn(.silent)
    let cloud = "host=127.0.0.1 port=\(silent.port) dbname=club connect_timeout=600"
    let laptop = device(cloud: cloud)
    let silence =
      "The cloud could not be reached: no answer from the server at 127.0.0.1, port \(silent.port)"
    try expectRun(
      laptop, ["add-game", "Go"], stdout: "Added game \"Go\" (0000…0001)\n",
      stderr: "warning: not synced: \(silence) within 2 s (connecting). 1 change kept for the next sync.\n")
    try expectRun(laptop, ["--offline", "list"], stdout: "0000…0001  0 players  Go\n")
    try expectRun(
      laptop, ["--offline", "status"],
      stdout: offlineStatus(cloud: cloud, error: "\(silence) within 2 s (connecting)."))
    var impatient = laptop
    impatient.overrides["SCOREKEEPER_SYNC_BUDGET"] = "1"
    try expectRun(
      impatient, ["sync"], status: 1,
      stderr: "\(silence) within 1 s (connecting). 1 change kept for the next sync.\n")
  }

  @Test("a server frozen after the last sync: a score is kept here, with a warning, and sent once it thaws")
  func frozenServer() throws {
    let standIn = try ServerStandIn(.forwarding, forwardingTo: server.serverSocket)
    let laptop = device(cloud: try server.connectionString(for: "alice", through: standIn))
    try expectRun(laptop, ["add-game", "Go"], stdout: "Added game \"Go\" (0000…0001)\n")
    try expectRun(
      laptop, ["add-player", "Go", "Ann"],
      stdout: "Added player \"Ann\" (0000…0002) to \"Go\" with 0 points\n")
    standIn.set(.frozen)
    try expectRun(
      laptop, ["score", "Go", "Ann", "+3"], stdout: "\"Ann\": 0 → 3 (+3)\nGo (1 player)\n  1  3  Ann\n",
      stderr:
        "warning: not synced: The cloud could not be reached: no answer from the server at 127.0.0.1, port "
        + "\(standIn.port) within 2 s (connecting). 1 change kept for the next sync.\n")
    standIn.set(.forwarding)
    try expectRun(laptop, ["sync"], stdout: "1 sent, 0 received.\n")
    let phone = BinaryProcess(
      directory: directory,
      overrides: [
        "SCOREKEEPER_CLOUD": server.location, "SCOREKEEPER_DB": directory.file("phone.sqlite"),
        "SCOREKEEPER_DEVICE": "2",
      ])
    try expectRun(phone, ["sync"], stdout: "0 sent, 3 received.\n")
    try expectRun(phone, ["list", "Go"], stdout: "Go (1 player)\n  1  3  Ann\n")
  }

  @Test("a server stopped and started again within the budget: sync retries its first contact and succeeds")
  func restartedServer() throws {
    let standIn = try ServerStandIn(.refusing, forwardingTo: server.serverSocket)
    // Real time, so the retry really waits for the server to come back.
    let laptop = device(
      cloud: try server.connectionString(for: "alice", through: standIn), overrides: ["SCOREKEEPER_NOW": ""])
    _ = try laptop.run(["--offline", "add-game", "Go"])
    let sync = try laptop.start(["sync"])
    usleep(200_000)
    standIn.set(.forwarding)
    expectNoDifference(ProcessResult(status: 0, stdout: "1 sent, 0 received.\n", stderr: ""), try sync())
  }

  @Test("through a service file naming no user, a stopped server is recorded, and status shows it")
  func serviceFile() throws {
    let services = directory.file("pg_service.conf")
    try "[club]\nhost=127.0.0.1\nport=1\ndbname=club\n".write(
      toFile: services, atomically: true, encoding: .utf8)
    let laptop = device(
      cloud: "service=club", overrides: ["PGSERVICEFILE": services], unset: ["SCOREKEEPER_USER"])
    let refused =
      "The cloud could not be reached: connection to server at \"127.0.0.1\", port 1 failed: Connection refused; "
      + "Is the server running on that host and accepting TCP/IP connections?"
    try expectRun(
      laptop, ["add-game", "Go"], stdout: "Added game \"Go\" (0000…0001)\n",
      stderr: "warning: not synced: \(refused) 1 change kept for the next sync.\n")
    try expectRun(
      laptop, ["status"],
      stdout: offlineStatus(cloud: "service=club", user: "as the connection logs in", error: refused)
        .replacing(" (offline)\n", with: "\n", maxReplacements: 1)
        .replacing("not contacted (offline)", with: "not reached: \(refused)"))
  }
}
