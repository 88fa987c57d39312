import Foundation
@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

/// The real binary against a live PostgreSQL server (the test's own
/// database on the throwaway cluster): devices and users syncing through
/// it, what `status` says about it, and the settings it refuses.
@Suite(.tags(.process, .postgres), .runAsTagged) struct LiveProcessTests {
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
    _ process: BinaryProcess, _ arguments: [String], status: Int32 = 0, stdout: String = "",
    stderr: String = "",
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
    // A new device starts with sync; then its commands sync as they run.
    try expectRun(phone, ["sync"], stdout: "0 sent, 3 received.\n")
    try expectRun(phone, ["list", "Poker"], stdout: "Poker (1 player)\n  1  3  Ann\n")
    try expectRun(
      laptop, ["share", "Poker"],
      stdout: """
        Shared "Poker". Whoever has this link can join and change it too (read-write):
        https://share.scorekeeper.invalid/00000000000000000000000000000001

        """)
    try expectRun(
      bob, ["accept-share", "https://share.scorekeeper.invalid/00000000000000000000000000000001"],
      stdout: "Joined \"Poker\", alice's game (read-write), with its 1 player.\n")
    try expectRun(
      bob, ["score", "Poker", "Ann", "+2"], stdout: "\"Ann\": 3 → 5 (+2)\nPoker (1 player)\n  1  5  Ann\n")
    try expectRun(phone, ["list", "Poker"], stdout: "Poker (1 player)\n  1  5  Ann\n")
    let location = try PGConnectionString(server.location)
    let (socket, port, database) = (location["host"]!, location["port"]!, location["dbname"]!)
    try expectRun(
      laptop, ["status"],
      stdout: """
        Mode:        live (PostgreSQL)
        Cloud:       \(server.location)
        Server:      database "\(database)" on \(socket), port \(port), schema version 8
        User:        alice
        Device:      d0000000-0000-0000-0000-000000000001
        Pending:     0 saves, 0 deletes
        Parked:      0 (received before their game or player)
        Last sync:   2026-01-01 00:00:00 UTC
        Last error:  none

        """)
  }

  /// The device's database file and the server's rows, to show nothing changed.
  func snapshot(_ process: BinaryProcess) throws -> [String] {
    [try sha256Hex(ofDatabaseAt: process.environment["SCOREKEEPER_DB"]!), try server.dump()]
  }

  @Test(
    "a connection string with a password is refused before anything is written, and the password is never printed",
    arguments: ["postgresql://alice:s3cret@localhost/scores", "host=/tmp dbname=scores password=s3cret"])
  func passwordRefused(typed: String) throws {
    let laptop = device(1)
    try expectRun(laptop, ["add-game", "Poker"], stdout: "Added game \"Poker\" (0000…0001)\n")
    let before = try snapshot(laptop)
    for arguments in [["--cloud", typed, "sync"], ["--cloud", typed, "add-game", "Chess"]] {
      try expectRun(
        laptop, arguments, status: 2,
        stderr: "The connection string in --cloud holds a password; scorekeeper never stores or prints one. "
          + "Put it in ~/.pgpass (mode 0600) or a service file and use service=NAME, or leave it out "
          + "to be asked for it at a terminal.\n")
    }
    #expect(try snapshot(laptop) == before)
  }

  @Test("a database bound to one server refuses another server's database, and changes neither")
  func boundToItsServer() throws {
    let laptop = device(1)
    try expectRun(laptop, ["add-game", "Poker"], stdout: "Added game \"Poker\" (0000…0001)\n")
    let other = try TestCloud(.postgres)
    _ = try other.connectionString(for: "alice")
    let (before, otherBefore) = (try snapshot(laptop), try other.dump())
    try expectRun(
      laptop, ["--cloud", other.location, "sync"], status: 1,
      stderr: "\"\(laptop.environment["SCOREKEEPER_DB"]!)\" syncs with the cloud \"\(server.location)\"; "
        + "\"\(other.location)\" is another cloud: use --cloud \(server.location); if that cloud moved or was "
        + "replaced, \"scorekeeper sync --rebind\" binds the database to the one you name. Nothing was changed.\n"
    )
    #expect(try snapshot(laptop) == before)
    #expect(try other.dump() == otherBefore)
  }

  @Test("a server without scorekeeper's schema, and a role outside its users, are named in words")
  func notAScorekeeperServer() throws {
    let laptop = device(1)
    let bare = server.location.replacing(/dbname=\S+/, with: "dbname=postgres")
    let database = try #require(PGConnectionString(server.location)["dbname"])
    try expectRun(
      laptop, ["--cloud", bare, "sync"], status: 1,
      stderr: "The database \"postgres\" has no scorekeeper schema; an administrator installs it with "
        + "`scorekeeper server install URL`.\n")
    // NB: Roles are the cluster's: a name no test lets in.
    _ = try server.connectionString(for: "outsider", joining: false)
    try expectRun(
      device(2, user: "outsider"), ["sync"], status: 1,
      stderr: "The server knows you as \"outsider\", who is not a user of the database \"\(database)\"; an "
        + "administrator adds you with `scorekeeper server add-user \"outsider\"`.\n")
  }
}

extension LiveProcessTests {
  /// A server sends notices while a connection starts too (one shutting
  /// down says it terminates the connection, a role's settings can ask for
  /// debug messages): they are for a SQL prompt, never the user's stderr.
  @Test("a server's notices while a connection starts stay off stderr")
  func noticesWhileConnecting() throws {
    let database = try #require(PGConnectionString(server.location)["dbname"])
    // (Roles are the cluster's: the setting is this test's database's alone.)
    try PGConnection(server.adminLocation).query(
      "ALTER ROLE alice IN DATABASE \(quotedIdentifier(database)) SET client_min_messages = debug5")
    try expectRun(device(1), ["add-game", "Poker"], stdout: "Added game \"Poker\" (0000…0001)\n")
    try expectRun(device(1), ["sync"], stdout: "0 sent, 0 received.\n")
  }

  @Test(
    "a server that cannot be reached is an outage, remembered as on the mock: the command works, status says so"
  )
  func unreachableServer() throws {
    let laptop = device(1, cloud: "host=127.0.0.1 port=1 dbname=club")
    try expectRun(
      laptop, ["add-game", "Go"], stdout: "Added game \"Go\" (0000…0001)\n",
      stderr: "warning: not synced: \(Self.refused) 1 change kept for the next sync.\n")
    try expectRun(
      laptop, ["--offline", "status"],
      stdout: """
        Mode:        live (PostgreSQL) (offline)
        Cloud:       host=127.0.0.1 port=1 dbname=club
        Server:      not contacted (offline)
        User:        alice (not synced yet)
        Device:      d0000000-0000-0000-0000-000000000001
        Pending:     1 save, 0 deletes
        Parked:      0 (received before their game or player)
        Last sync:   never
        Last error:  \(Self.refused)
        Outage:      no answer since 2026-01-01 00:00:00 UTC; automatic syncs wait until 2026-01-01 00:00:00 UTC ("scorekeeper sync" tries now)

        """)
  }

  /// What a connection to port 1 of this machine fails with, in libpq's words.
  static let refused =
    "The cloud could not be reached: connection to server at \"127.0.0.1\", port 1 failed: Connection "
    + "refused; Is the server running on that host and accepting TCP/IP connections?"
}
