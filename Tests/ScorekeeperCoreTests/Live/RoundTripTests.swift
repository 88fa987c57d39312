import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// How many round trips the sync engine makes to a live server: the
/// sync around a command, when nothing changed, is one statement after
/// connecting (the handshake and both database feeds together).
@Suite(.tags(.postgres), .runAsTagged) struct RoundTripTests {
  let world: SyncScenario

  init() throws {
    world = try SyncScenario(devices: 2, backing: .postgres)
    _ = try world[0].store.addGame(title: "Poker")
    try world.converge()
  }

  /// `device`'s engine on a cloud of its own: a new connection, as a new
  /// process makes.
  func freshEngine(_ device: TestDevice) throws -> (SyncEngine, LiveCloud) {
    let cloud = LiveCloud(connectionString: try world.cloud.connectionString(for: device.user))
    let engine = SyncEngine(
      store: device.store, container: try cloud.container(), cloudLocation: world.cloud.location,
      timing: .virtual(budget: 30))
    return (engine, cloud)
  }

  @Test("a sync or fetch that finds nothing new is one statement: the handshake and both feeds [postgres]")
  func nothingNew() throws {
    for run in [{ (engine: SyncEngine) in try engine.sync() }, { try $0.fetch() }] {
      let (engine, cloud) = try freshEngine(world[1])
      #expect(cloud.statementsSent == 0, "making the container connected")
      #expect(try run(engine).counts == SyncReport.counts())
      #expect(cloud.statementsSent == 1)
    }
  }

  @Test("what changed still arrives: the feeds asked ahead are the feeds' answers [postgres]")
  func somethingNew() throws {
    _ = try world[0].store.addPlayer(to: "Poker", name: "Ann")
    try world[0].send()
    let (engine, cloud) = try freshEngine(world[1])
    #expect(try engine.sync().counts == SyncReport.counts(received: 1))
    #expect(try world[1].contents() == world[0].contents())
    // The handshake with both feeds, then the zone's changes.
    #expect(cloud.statementsSent == 2)
  }

  @Test("a connection already open asks both feeds in one statement [postgres]")
  func connectionOpen() throws {
    let (engine, cloud) = try freshEngine(world[1])
    _ = try cloud.container().serverIdentity()
    #expect(cloud.statementsSent == 1)
    #expect(try engine.fetch().counts == SyncReport.counts())
    #expect(cloud.statementsSent == 2)
  }
}
