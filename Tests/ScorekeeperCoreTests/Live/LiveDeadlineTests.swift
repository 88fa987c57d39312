import ScorekeeperTestSupport
import Testing

@testable import ScorekeeperCore

/// Nothing on the live cloud waits without a bound: a server that accepts
/// and never answers, one frozen mid-session (as `kill -STOP` leaves it),
/// one stopped and started again, each through a stand-in port in front
/// of the real server. Each failure ends at the deadline, in words naming
/// the server, and a sync records it as on the mock.
///
/// A regression here would hang, so each test has a hard time limit: it
/// fails instead.
@Suite(.hardTimeLimit(seconds: 60)) struct LiveDeadlineTests {
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

  @Test("a sync against a frozen server stops at its deadline: the error and outage are recorded, changes kept")
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

  @Test("a server stopped and started again within the budget: the first contact is retried, and the sync works")
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
