import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// What a real server does to a sync when it will not take a change: a
/// statement cancelled by the administrator's timeout, a database made
/// read-only, a user removed. Each is a cloud error in words (never the
/// SQL), recorded for `status`, with the change kept; the transient ones
/// start an outage, as on the mock.
@Suite(.tags(.postgres), .runAsTagged(hardTimeLimit: 60)) struct LiveOutcomeTests {
  let world: SyncScenario
  let admin: PGConnection
  let database: String

  init() throws {
    world = try SyncScenario(backing: .postgres)
    admin = try PGConnection(world.cloud.adminLocation)
    database = try #require(PGConnectionString(world.cloud.location)["dbname"])
  }

  /// Syncs `device` (default: device 1) on a connection of its own (so
  /// the database's settings apply), expecting it to stop with `error`,
  /// `pending` kept; returns its status after.
  func expectStop(
    _ error: CloudError, pending: Int, device: TestDevice? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> SyncStatus {
    let device = device ?? world[0]
    let live = LiveCloud(connectionString: try world.cloud.connectionString(for: device.user))
    let engine = SyncEngine(
      store: device.store, container: live.container(), cloudLocation: world.cloud.location,
      timing: .virtual(budget: 5))
    #expect(throws: SyncError.stopped(error, pending: pending), sourceLocation: sourceLocation) {
      try engine.sync()
    }
    let status = try device.store.syncStatus()
    #expect(status.lastError == "\(error)", sourceLocation: sourceLocation)
    #expect(status.pendingSaves == pending, sourceLocation: sourceLocation)
    return status
  }

  @Test("a statement past the administrator's statement_timeout is the cloud busy: retried, then an outage")
  func statementTimeout() throws {
    _ = try world[0].store.addGame(title: "Poker")
    try world[0].sync()
    try admin.query("ALTER DATABASE \(database) SET statement_timeout = '200ms'")
    _ = try world[0].store.addPlayer(to: "Poker", name: "Ann")
    // The zone's lock, held, keeps the save waiting past the timeout.
    try admin.query("BEGIN")
    try admin.query("SELECT FROM scorekeeper.zones WHERE owner = 'alice' FOR UPDATE")
    let status = try expectStop(.serverBusy, pending: 1)
    #expect(status.outage?.since == world.clock.now)
    try admin.query("ROLLBACK")
  }

  @Test("a database made read-only is the service unavailable: retried, then an outage, the change kept")
  func readOnlyDatabase() throws {
    try admin.query("ALTER DATABASE \(database) SET default_transaction_read_only = on")
    _ = try world[0].store.addGame(title: "Poker")
    let status = try expectStop(.serviceUnavailable(retryAfter: 5), pending: 1)
    #expect(status.outage?.since == world.clock.now)
    try admin.query("ALTER DATABASE \(database) RESET default_transaction_read_only")
    _ = try world.converge()
  }

  @Test("a removed user's login is refused: recorded in words, no outage, the changes kept")
  func removedUser() throws {
    let name = "rm_dana"
    let device = try TestDevice(1, user: name, cloud: world.cloud, clock: world.clock)
    _ = try world.cloud.connectionString(for: name)
    _ = try device.store.addGame(title: "Poker")
    try device.sync()
    _ = try ServerUsers(connection: admin).remove(name)
    _ = try device.store.addPlayer(to: "Poker", name: "Ann")
    let status = try expectStop(
      .loginRefused("role \"\(name)\" is not permitted to log in"), pending: 1, device: device)
    #expect(status.outage == nil)
  }
}
