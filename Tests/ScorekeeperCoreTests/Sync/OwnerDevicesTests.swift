import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// The owner's two devices (a and b) act on one game against each other:
/// sharing from one while the other renames, stops or deletes, and a
/// second process on one device deleting what the first is sending. Each
/// ends with every device agreeing with the server.
@Suite final class OwnerDevicesTests {
  private(set) var world: SyncScenario!
  private(set) var a: TestDevice!
  private(set) var b: TestDevice!
  private(set) var bob: TestDevice!

  /// Alice's devices a and b and bob's, on a fresh cloud of the test's backing.
  func start(_ backing: CloudBacking) throws {
    world = try SyncScenario(devices: 2, backing: backing)
    a = world[0]
    b = world[1]
    bob = try TestDevice(3, user: "bob", cloud: world.cloud, clock: world.clock)
  }

  /// "Poker" with Ann, made on a and synced to b.
  func poker() throws -> String {
    let game = try a.store.addGame(title: "Poker")
    _ = try a.store.addPlayer(to: "Poker", name: "Ann")
    try a.sync()
    try b.sync()
    return game.id
  }

  /// The game's root record as the server holds it.
  func serverRoot(_ game: String) throws -> CloudRecord {
    let zone = ZoneID(name: "game-" + game, ownerName: "alice")
    return try world.cloud.container("alice").privateDatabase.record(
      for: RecordID(name: SyncedTable.games.recordName(of: game), zoneID: zone))
  }

  /// Everyone syncs until quiet; then a, b and bob hold the same game.
  func converge(_ game: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    try world.converge(sourceLocation: sourceLocation)
    try bob.sync()
    expectNoDifference(
      try a.contents(ofGame: game), try bob.contents(ofGame: game), sourceLocation: sourceLocation)
    #expect(try bob.unsynced() == [], sourceLocation: sourceLocation)
  }

  @Test(
    "a rename merged on a device that never saw the share keeps the game shared",
    arguments: CloudBacking.backends)
  func staleRenameKeepsTheShare(backing: CloudBacking) throws {
    try start(backing)
    let game = try poker()
    _ = try b.store.renameGame("Poker", to: "Poker night")
    let share = try a.engine().share(gameID: game, permission: nil)
    _ = try bob.engine().accept(link: share.link)
    #expect(try b.sync().merged == 1)
    #expect(try serverRoot(game).shareID?.name == "share-" + game)
    #expect(try bob.sync().counts == SyncReport.counts(received: 1))
    _ = try bob.store.score(in: "Poker night", "Ann", .add(5))
    #expect(try bob.sync().counts == SyncReport.counts(sent: 1))
    try converge(game)
    #expect(try a.store.players(of: "Poker night").map(\.score) == [5])
    #expect(
      try a.engine().participants(gameID: game).participants.map(\.description) == [
        "bob: read-write, accepted"
      ])
    #expect(try b.store.gamesWithAccess().map(\.access) == [.sharedByMe(link: share.link)])
  }

  @Test(
    "sharing from a device that has not fetched takes the server's title, not only its tag",
    arguments: CloudBacking.backends)
  func shareFromStaleDevice(backing: CloudBacking) throws {
    try start(backing)
    let game = try poker()
    _ = try a.store.renameGame("Poker", to: "Poker club")
    try a.sync()
    let share = try b.engine().share(gameID: game, permission: nil)
    #expect(try b.store.games().map(\.game.title) == ["Poker club"])
    _ = try bob.engine().accept(link: share.link)
    try converge(game)
    #expect(try bob.store.games().map(\.game.title) == ["Poker club"])
  }

  @Test(
    "after the other device stops sharing, a rename sent with the old share reference still syncs",
    arguments: CloudBacking.backends)
  func renameAfterOtherDeviceStopsSharing(backing: CloudBacking) throws {
    try start(backing)
    let game = try poker()
    let share = try a.engine().share(gameID: game, permission: nil)
    _ = try bob.engine().accept(link: share.link)
    try b.sync()
    try a.engine().stopSharing(gameID: game)
    _ = try b.store.renameGame("Poker", to: "Poker night")
    #expect(try b.sync().sent == 1)
    try world.converge()
    #expect(try serverRoot(game).shareID == nil)
    try bob.sync()
    #expect(try bob.store.games() == [] && bob.unsynced() == [])
    #expect(try bob.store.archivedGames().map(\.summary.game.id) == [game])
    #expect(try b.store.gamesWithAccess().map(\.access) == [.mine])
    #expect(try a.store.games().map(\.game.title) == ["Poker night"])
  }

  @Test(
    "a player removed by another process while its first save is out is removed on the server too",
    arguments: CloudBacking.backends)
  func deletionRacingTheFirstSave(backing: CloudBacking) throws {
    try start(backing)
    _ = try poker()
    _ = try a.store.addPlayer(to: "Poker", name: "Zed", score: 7)
    let other = try a.secondProcess()
    let report = try a.engine(whileSending: { _ = try other.removePlayer(from: "Poker", "Zed") }).sync()
    // Zed and his event saved, then deleted again: four records sent.
    #expect(report.counts == SyncReport.counts(sent: 4))
    let contents = try world.converge()
    #expect(contents.filter { $0.contains("'Zed'") } == [])
    #expect(try world.cloud.dump().contains("Zed") == false)
  }

  @Test(
    "a player removed offline after the database was copied stays removed once the copy sent it",
    arguments: CloudBacking.backends)
  func removalAfterACopySent(backing: CloudBacking) throws {
    try start(backing)
    // a adds a game and a player while it cannot reach the cloud, and the
    // file is copied: the copy is a device of its own, holding both.
    _ = try a.store.addGame(title: "Darts")
    _ = try a.store.addPlayer(to: "Darts", name: "Ann")
    _ = try a.store.score(in: "Darts", "Ann", .add(5))
    let copy = try TestDevice(copying: a, as: 4)
    // Still offline, a reverts the score, scores -12 and removes Ann.
    _ = try a.store.history.undo()
    _ = try a.store.score(in: "Darts", "Ann", .add(-12))
    _ = try a.store.removePlayer(from: "Darts", "Ann")
    // The copy, online, sends what it inherited; then a syncs.
    try copy.sync()
    try a.sync()
    try copy.sync()
    try b.sync()
    for device in [a!, b!, copy] {
      expectNoDifference(
        try device.contents().filter { !$0.hasPrefix("game ") }, [], "\(device.name)")
      #expect(try device.store.games().map(\.game.title) == ["Darts"], "\(device.name)")
      #expect(try device.unsynced() == [], "\(device.name)")
    }
    #expect(try world.cloud.dump().contains("Ann") == false)
  }
}
