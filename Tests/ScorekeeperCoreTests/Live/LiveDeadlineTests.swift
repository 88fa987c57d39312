import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// Nothing on the live cloud waits without a bound: a server that accepts
/// and never answers, one frozen mid-session (as `kill -STOP` leaves it),
/// one stopped and started again, each through a stand-in port in front
/// of the real server. Each failure ends at the deadline, in words naming
/// the server, and a sync records it as on the mock.
///
/// A regression here would hang, so each test has a hard time limit: it
/// fails instead.
@Suite(.tags(.postgres), .runAsTagged(hardTimeLimit: 60)) struct LiveDeadlineTests {
  @Test("a server that accepts and never answers costs the deadline, whatever connect_timeout says")
  func silentServer() throws {
    let silent = try ServerStandIn(.silent)
    let cloud = LiveCloud(
      connectionString: "host=127.0.0.1 port=\(silent.port) dbname=club user=alice connect_timeout=600")
    cloud.answer(by: .after(0.3))
    #expect(
      throws: CloudError.unreachable(
        "no answer from the server at 127.0.0.1, port \(silent.port) within 0.3 s (connecting)")
    ) { try cloud.container().serverIdentity() }
  }

  @Test("frozen mid-session, a call gives up at the deadline; thawed, the next call connects again")
  func frozenServer() throws {
    let server = try TestCloud(.postgres)
    let standIn = try ServerStandIn(.forwarding, forwardingTo: server.serverSocket)
    let live = LiveCloud(connectionString: try server.connectionString(for: "alice", through: standIn))
    let database = live.container().privateDatabase
    #expect(try database.databaseChanges(since: nil).changedZones == [])
    standIn.set(.frozen)
    live.answer(by: .after(0.3))
    #expect(
      throws: CloudError.unreachable(
        "no answer from the server at 127.0.0.1, port \(standIn.port) within 0.3 s (waiting for the answer to "
          + "a statement)")
    ) { try database.databaseChanges(since: nil) }
    standIn.set(.forwarding)
    live.answer(by: .after(30))
    #expect(try database.databaseChanges(since: nil).changedZones == [])
  }

  @Test("a statement larger than the socket takes is sent within the deadline too")
  func frozenWhileSending() throws {
    let server = try TestCloud(.postgres)
    let standIn = try ServerStandIn(.forwarding, forwardingTo: server.serverSocket)
    let connection = try PGConnection(try server.connectionString(for: "alice", through: standIn))
    #expect(try connection.query("SELECT length($1)", ["abc"]).scalar == "3")
    standIn.set(.frozen)
    connection.deadline = .after(0.3)
    #expect(
      throws: PGError(
        message: "no answer from the server at 127.0.0.1, port \(standIn.port) within 0.3 s (sending a "
          + "statement)", timedOut: true)
    ) { try connection.query("SELECT length($1)", [String(repeating: "x", count: 32 << 20)]) }
    #expect(connection.isBroken)
  }

  @Test(
    "a sync against a frozen server stops at its deadline: the error and outage are recorded, changes kept")
  func frozenSync() throws {
    let world = try SyncScenario(backing: .postgres)
    let standIn = try ServerStandIn(.forwarding, forwardingTo: world.cloud.serverSocket)
    let device = world[0]
    let live = LiveCloud(connectionString: try world.cloud.connectionString(for: "alice", through: standIn))
    let engine = SyncEngine(
      store: device.store, container: live.container(), cloudLocation: world.cloud.location,
      timing: .live(budget: 0))
    _ = try device.store.addGame(title: "Poker")
    _ = try engine.sync()
    _ = try device.store.addPlayer(to: "Poker", name: "Ann", score: 2)
    standIn.set(.frozen)
    live.answer(by: .after(0.3))
    let stopped = CloudError.unreachable(
      "no answer from the server at 127.0.0.1, port \(standIn.port) within 0.3 s (waiting for the answer to a "
        + "statement)")
    // The player and its first score event.
    #expect(throws: SyncError.stopped(stopped, pending: 2)) { try engine.sync() }
    let status = try device.store.syncStatus()
    #expect(status.lastError == "\(stopped)")
    #expect(status.outage?.since == world.clock.now)
    #expect(status.pendingSaves == 2)
    standIn.set(.forwarding)
    live.answer(by: nil)
    _ = try engine.sync()
    _ = try world.converge()
  }

  @Test(
    "a server stopped and started again within the budget: the first contact is retried, and the sync works")
  func restartedServer() throws {
    let world = try SyncScenario(backing: .postgres)
    let standIn = try ServerStandIn(.refusing, forwardingTo: world.cloud.serverSocket)
    let device = world[0]
    _ = try device.store.addGame(title: "Poker")
    let live = LiveCloud(connectionString: try world.cloud.connectionString(for: "alice", through: standIn))
    // The first wait is 0.5 s; the server is back before it ends.
    let engine = SyncEngine(
      store: device.store, container: live.container(), cloudLocation: world.cloud.location,
      timing: SyncTiming(
        budget: 10, sleep: { _ in standIn.set(.forwarding) }, elapsed: { 0 }))
    let report = try engine.sync()
    #expect(report.counts == SyncReport.counts(sent: 1, retries: 1))
    #expect(try device.store.syncStatus().lastError == nil)
  }

  @Test("a connection string without a user (a service file's) fails as a sync, recorded, not before it")
  func unnamedUserUnreachable() throws {
    let world = try SyncScenario(backing: .postgres)
    let device = world[0]
    _ = try device.store.addGame(title: "Poker")
    let live = LiveCloud(connectionString: "host=127.0.0.1 port=1 dbname=club")
    let engine = SyncEngine(
      store: device.store, container: live.container(), cloudLocation: "service=club",
      timing: .virtual(budget: 0))
    let refused = CloudError.unreachable(
      "connection to server at \"127.0.0.1\", port 1 failed: Connection refused; Is the server running on that "
        + "host and accepting TCP/IP connections?")
    #expect(throws: SyncError.stopped(refused, pending: 1)) { try engine.sync() }
    let status = try device.store.syncStatus()
    #expect(status.lastError == "\(refused)")
    #expect(status.outage?.since == world.clock.now)
  }
}

/// Certificates and TLS: a failure is its own error, in libpq's words,
/// never retried or recorded as an outage (waiting does not fix it).
@Suite(.tags(.postgres), .runAsTagged(hardTimeLimit: 60)) struct LiveTLSTests {
  let server: TestCloud
  let directory: TemporaryDirectory
  let port: String

  init() throws {
    server = try TestCloud(.postgres)
    directory = try TemporaryDirectory()
    port = try #require(PGConnectionString(server.tcpLocation)["port"])
  }

  /// A CA of its own that vouches for nothing the server has.
  func otherCA() throws -> String {
    let file = directory.file("other-ca.crt")
    try ShellCommand.output([
      "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
      "-days",
      "2", "-subj", "/CN=Other CA", "-keyout", directory.file("other-ca.key"), "-out", file,
    ])
    return file
  }

  func sync(_ connection: String) throws -> (error: SyncError?, status: SyncStatus) {
    let world = try SyncScenario(backing: .postgres)
    _ = try world[0].store.addGame(title: "Poker")
    let engine = SyncEngine(
      store: world[0].store, container: LiveCloud(connectionString: connection).container(),
      cloudLocation: connection, timing: .virtual(budget: 30))
    let error = #expect(throws: SyncError.self) { try engine.sync() }
    return (error, try world[0].store.syncStatus())
  }

  @Test(
    "a certificate no trusted CA signed is insecure, stops the sync at once, and is recorded without an outage"
  )
  func untrustedCertificate() throws {
    let (error, status) = try sync(
      "host=localhost port=\(port) dbname=club user=alice sslmode=verify-full sslrootcert=\(try otherCA())")
    let insecure = CloudError.insecureConnection(
      "connection to server at \"localhost\" (127.0.0.1), port \(port) failed: SSL error: certificate verify "
        + "failed")
    #expect(error == .stopped(insecure, pending: 1))
    #expect(status.lastError == "\(insecure)")
    #expect(status.outage == nil)
  }

  @Test("a trusted certificate for another host name is insecure too")
  func otherHostName() throws {
    let (error, status) = try sync(
      "host=127.0.0.1 port=\(port) dbname=club user=alice sslmode=verify-full sslrootcert=\(server.certificate)"
    )
    let insecure = CloudError.insecureConnection(
      "connection to server at \"127.0.0.1\", port \(port) failed: server certificate for \"localhost\" does not "
        + "match host name \"127.0.0.1\"")
    #expect(error == .stopped(insecure, pending: 1))
    #expect(status.outage == nil)
  }
}
