import Foundation
import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

/// The real binary against a live PostgreSQL server (the test's own
/// database on the throwaway cluster): devices and users syncing through
/// it, what `status` says about it, and the settings it refuses.
@Suite struct LiveProcessTests {
  let server: TestCloud
  let directory: TemporaryDirectory

  init() throws {
    server = try TestCloud(.postgres)
    directory = try TemporaryDirectory()
    for user in ["alice", "bob"] { _ = try server.connectionString(for: user) }
  }

  /// Device `number` of `user`, with a database of its own.
  func device(_ number: Int, user: String = "alice", cloud: String? = nil) -> BinaryProcess {
    BinaryProcess(
      directory: directory,
      overrides: [
        "SCOREKEEPER_DB": directory.file("\(user)-\(number).sqlite"), "SCOREKEEPER_USER": user,
        "SCOREKEEPER_DEVICE": String(number), "SCOREKEEPER_CLOUD": cloud ?? server.location,
      ])
  }

  func expectRun(
    _ process: BinaryProcess, _ arguments: [String], status: Int32 = 0, stdout: String = "", stderr: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let result = try process.run(arguments)
    expectNoDifference(
      ProcessResult(status: status, stdout: stdout, stderr: stderr), result, sourceLocation: sourceLocation)
  }

  @Test("alice's two devices and bob keep score together through the server; status shows where it is")
  func twoDevicesAndTwoUsers() throws {
    let (laptop, phone, bob) = (device(1), device(2), device(3, user: "bob"))
    try expectRun(laptop, ["add-game", "Poker"], stdout: "Added game \"Poker\" (0000…0001)\n")
    try expectRun(
      laptop, ["add-player", "Poker", "Ann", "--score", "3"],
      stdout: "Added player \"Ann\" (0000…0002) to \"Poker\" with 3 points\n")
    try expectRun(phone, ["list", "Poker"], stdout: "Poker (1 player)\n  1  3  Ann\n")
    try expectRun(
      laptop, ["share", "Poker"],
      stdout: """
        Shared "Poker". Whoever has this link can join and change it too (read-write):
        https://share.scorekeeper.invalid/00000000000000000000000000000007

        """)
    try expectRun(
      bob, ["accept-share", "https://share.scorekeeper.invalid/00000000000000000000000000000007"],
      stdout: "Joined \"Poker\", alice's game (read-write), with its 1 player.\n")
    try expectRun(bob, ["score", "Poker", "Ann", "+2"], stdout: "\"Ann\": 3 → 5 (+2)\nPoker (1 player)\n  1  5  Ann\n")
    try expectRun(phone, ["list", "Poker"], stdout: "Poker (1 player)\n  1  5  Ann\n")
    let socket = try #require(server.location.split(separator: " ").first?.dropFirst("host=".count))
    let database = try #require(server.location.split(separator: " ").last?.dropFirst("dbname=".count))
    try expectRun(
      laptop, ["status"],
      stdout: """
        Mode:        live (PostgreSQL)
        Cloud:       \(server.location)
        Server:      database "\(database)" on \(socket), port 5432, schema version 2
        User:        alice
        Device:      d0000000-0000-0000-0000-000000000001
        Pending:     0 saves, 0 deletes
        Parked:      0 (received before their game or player)
        Last sync:   2026-01-01T00:00:00.000Z
        Last error:  none

        """)
  }
}
