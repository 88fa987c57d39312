import Foundation
import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// Two databases under one device id (deterministic mode without distinct
/// SCOREKEEPER_DEVICE numbers, or a copy made in it) would make the same
/// record ids for unrelated rows. The cloud keeps which database each
/// device id syncs from, and the second is refused before it sends.
@Suite final class DeviceClaimTests {
  private(set) var world: SyncScenario!
  var a: TestDevice { world[0] }

  /// One device, on a fresh cloud of the test's backing.
  func start(_ backing: CloudBacking) throws {
    world = try SyncScenario(devices: 1, backing: backing)
  }

  /// Another database that is device 1 too, as a second machine started
  /// without SCOREKEEPER_DEVICE would be.
  func twin(user: String = "alice") throws -> TestDevice {
    try TestDevice(1, user: user, cloud: world.cloud, clock: world.clock)
  }

  @Test(
    "a second database with the same device id is refused, for any user, and sends nothing",
    arguments: CloudBacking.backends)
  func twinIsRefused(backing: CloudBacking) throws {
    try start(backing)
    _ = try a.store.addGame(title: "Poker")
    try a.sync()
    for user in ["alice", "bob"] {
      let twin = try twin(user: user)
      _ = try twin.store.addGame(title: "Chess")  // id …0001, as a's Poker
      let before = try world.cloud.dump()
      #expect(throws: SyncError.deviceTaken(database: twin.store.database.path, device: Self.device1)) {
        try twin.sync()
      }
      #expect(try world.cloud.dump() == before)
      #expect(try twin.unsynced().count == 1)
    }
    #expect(try a.sync().counts == SyncReport.counts())
  }

  @Test(
    "a copy of a synced database, made in deterministic mode (same device id), is refused",
    arguments: CloudBacking.backends)
  func deterministicCopyIsRefused(backing: CloudBacking) throws {
    try start(backing)
    _ = try a.store.addGame(title: "Poker")
    try a.sync()
    let directory = try TemporaryDirectory()
    try copyDatabase(from: a.store.database.path, to: directory.file("c.sqlite"))
    let copy = try Store(
      path: directory.file("c.sqlite"),
      dependencies: Dependencies(
        uuid: .incrementing(startingAt: 1 << 32 + 2), clock: world.clock.clock, device: .device(1)))
    _ = try copy.addGame(title: "Chess")
    let engine = SyncEngine(
      store: copy, container: world.cloud.container("alice"), cloudLocation: world.cloud.location,
      timing: .virtual(budget: 30))
    #expect(throws: SyncError.deviceTaken(database: copy.database.path, device: Self.device1)) {
      try engine.sync()
    }
    #expect(try a.sync().counts == SyncReport.counts())
  }

  @Test(
    "the claim is made once: later syncs, and a second process on the same file, do not ask again",
    arguments: CloudBacking.backends)
  func claimIsRemembered(backing: CloudBacking) throws {
    try start(backing)
    try a.sync()
    world.cloud.inject(CloudFault(.notAuthenticated(.noAccount), on: .claimDevice))
    try a.sync()
    _ = try a.secondProcess().addGame(title: "Poker")
    #expect(try a.sync().sent == 1)
    #expect(world.cloud.pendingFaults.count == 1)
  }

  static let device1 = UUIDGenerator.format(high: 0xd000_0000_0000_0000, low: 1)
}
