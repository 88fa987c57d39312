import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// A game's kind syncs like its title: to every device and participant,
/// the later of two changes made apart winning, and a read-only
/// participant cannot change it.
@Suite struct KindSyncTests {
  @Test(
    "a kind set on one device reaches the other; of two made apart, the later wins",
    arguments: CloudBacking.backends)
  func kindSyncs(backing: CloudBacking) throws {
    let world = try SyncScenario(devices: 2, backing: backing)
    _ = try world[0].store.addGame(title: "Hearts, Tuesday", kind: "Hearts")
    _ = try world[0].store.addGame(title: "Hearts, Friday")
    try world.converge()
    #expect(try world[1].store.kind(of: "Hearts, Tuesday") == "Hearts")
    #expect(try world[1].store.kind(of: "Hearts, Friday") == nil)
    // Offline, each device names Friday's kind; device 2's is the later.
    world.clock.advance()
    _ = try world[0].store.setKind(in: "Hearts, Friday", to: "hearts")
    world.clock.advance()
    _ = try world[1].store.setKind(in: "Hearts, Friday", to: "Hearts ")
    try world.converge()
    for device in [world[0], world[1]] {
      #expect(try device.store.kind(of: "Hearts, Friday") == "Hearts", "\(device.name)")
      #expect(
        try device.store.kinds() == [KindSummary(name: "Hearts", games: 2, finished: 0)], "\(device.name)")
    }
    // Removed on one device, gone on both.
    world.clock.advance()
    _ = try world[0].store.setKind(in: "Hearts, Tuesday", to: nil)
    try world.converge()
    #expect(try world[1].store.kind(of: "Hearts, Tuesday") == nil)
  }

  @Test(
    "a read-only participant reads the kind and cannot change it; nothing is written",
    arguments: CloudBacking.backends)
  func readOnlyParticipant(backing: CloudBacking) throws {
    let world = try SyncScenario(devices: 1, backing: backing)
    let alice = world[0]
    let bob = try TestDevice(2, user: "bob", cloud: world.cloud, clock: world.clock)
    let game = try alice.store.addGame(title: "Chess", kind: "Chess")
    let share = try alice.engine().share(gameID: game.id, permission: .readOnly)
    _ = try bob.engine().accept(link: share.link)
    #expect(try bob.store.kind(of: "Chess") == "Chess")
    let before = try bob.contents()
    #expect(throws: StoreError.readOnlyGame(game: game, owner: "alice")) {
      try bob.store.setKind(in: "Chess", to: "Go")
    }
    #expect(try bob.contents() == before)
    #expect(try bob.unsynced() == [])
  }
}
