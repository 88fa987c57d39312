import Foundation
import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// A database belongs to one user on one cloud, known by the identity the
/// cloud keeps inside itself, not by the path typed to reach it.
@Suite struct SyncBindingTests {
  let world: SyncScenario
  var device: TestDevice { world[0] }

  init() throws {
    world = try SyncScenario(devices: 1, backing: .file)
    _ = try world[0].store.addGame(title: "Poker")
    try world[0].sync()
  }

  func engine(_ cloud: TestCloud, at location: String, user: String = "alice") -> SyncEngine {
    SyncEngine(
      store: device.store, container: cloud.container(user), cloudLocation: location,
      timing: .virtual(budget: 1))
  }

  func binding() throws -> SyncBinding { try device.store.syncBinding() }

  /// Every row of every table, sync metadata included.
  func contents() throws -> [String: [[SQLValue]]] {
    let db = device.store.database
    var tables: [String: [[SQLValue]]] = [:]
    for table in try db.tableNames() {
      tables[table] = try db.rows(of: table, columns: try db.columnNames(of: table))
    }
    return tables
  }

  @Test("the first sync binds the user, the cloud's identity and where it was")
  func firstSyncBinds() throws {
    #expect(
      try binding()
        == SyncBinding(user: "alice", cloud: world.cloud.path, cloudIdentity: world.cloud.cloud.identity))
  }

  @Test("the same cloud by another path syncs, and the new path is shown from then on")
  func sameCloudAnotherPath() throws {
    let other = (world.cloud.path as NSString).deletingLastPathComponent + "/./mock-cloud.sqlite"
    _ = try device.store.addGame(title: "Chess")
    #expect(try engine(world.cloud, at: other).sync().sent == 1)
    #expect(try binding().cloud == other)
  }

  @Test("another cloud is refused before anything is written, on either side")
  func anotherCloudRefused() throws {
    let stranger = try TestCloud(.file)
    _ = try device.store.addGame(title: "Chess")
    let before = try contents()
    let error = try #require(throws: SyncError.self) { try engine(stranger, at: stranger.path).sync() }
    #expect(
      error
        == .boundElsewhere(
          database: device.store.database.path, boundUser: "alice", boundCloud: world.cloud.path,
          user: "alice", cloud: .other(stranger.path)))
    #expect(try contents() == before)
    #expect(try stranger.dump() == "change sequence at 0\n")
  }

  @Test("a binding from schema v5 (a path, no identity) is completed by the same file, refused by another")
  func bindingFromV5() throws {
    try device.store.database.execute("UPDATE syncState SET cloudIdentity = NULL")
    let stranger = try TestCloud(.file)
    #expect(throws: SyncError.self) { try engine(stranger, at: stranger.path).sync() }
    #expect(try binding().cloudIdentity == nil)
    _ = try engine(world.cloud, at: world.cloud.path).sync()
    #expect(try binding().cloudIdentity == world.cloud.cloud.identity)
  }

  @Test("rebinding to a new cloud sends this device's games afresh; games others shared go")
  func rebindToNewCloud() throws {
    let bob = try TestDevice(2, user: "bob", cloud: world.cloud, clock: world.clock)
    let bobsGame = try bob.store.addGame(title: "Bob's chess")
    let share = try bob.engine().share(gameID: bobsGame.id, permission: nil)
    _ = try device.engine().accept(link: share.link)
    _ = try device.store.addPlayer(to: "Poker", name: "Ann", score: 2)
    let fresh = try TestCloud(.file)
    let report = try engine(fresh, at: fresh.path).rebind()
    #expect(report.sent == 3)
    #expect(try device.store.games().map(\.game.title) == ["Poker"])
    #expect(try device.unsynced() == [])
    #expect(
      try binding() == SyncBinding(user: "alice", cloud: fresh.path, cloudIdentity: fresh.cloud.identity))
    // A second device of alice's on the new cloud gets everything.
    let second = try TestDevice(3, cloud: fresh, clock: world.clock)
    try second.sync()
    expectNoDifference(try device.contents(), try second.contents())
  }

  @Test("rebinding never changes the user")
  func rebindKeepsTheUser() throws {
    let before = try binding()
    #expect(throws: SyncError.self) { try engine(world.cloud, at: world.cloud.path, user: "bob").rebind() }
    #expect(try binding() == before)
  }
}

/// A copy of a database file (or a backup restored over it) is a device
/// of its own: it never makes changes under the original's device id.
@Suite struct CopiedDatabaseTests {
  let directory: TemporaryDirectory
  var original: String { directory.file("a.sqlite") }
  var copy: String { directory.file("c.sqlite") }

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// A new device id for each file that claims one.
  static let devices = UUIDGenerator.incrementing(startingAt: 1 << 40)

  func open(_ path: String, ids: UInt64) throws -> Store {
    try Store(
      path: path,
      dependencies: Dependencies(
        uuid: .incrementing(startingAt: ids), clock: .constant(testNow), device: Self.devices))
  }

  func deviceID(_ store: Store) throws -> String {
    try store.database.fetchOne("SELECT id FROM localDevice") { try $0.text(0) }!
  }

  @Test(
    "the copy takes a new device id; the original keeps its own, and undo on the copy leaves its changes alone"
  )
  func copyBecomesADevice() throws {
    let a = try open(original, ids: 1)
    _ = try a.addGame(title: "Poker")
    _ = try a.addPlayer(to: "Poker", name: "Ann")
    _ = try a.score(in: "Poker", "Ann", .add(5))
    let aDevice = try deviceID(a)
    a.close()
    try copyDatabase(from: original, to: copy)
    let c = try open(copy, ids: 100)
    #expect(throws: StoreError.nothingToUndo) { try c.history.undo() }
    #expect(try c.players(of: "Poker").map(\.score) == [5])
    // Its first change makes it a device of its own (a refused undo did not).
    #expect(try deviceID(c) == aDevice)
    _ = try c.score(in: "Poker", "Ann", .add(1))
    #expect(try deviceID(c) != aDevice)
    let again = try open(original, ids: 200)
    #expect(try deviceID(again) == aDevice)
    #expect(try again.history.undo().score?.reverted.delta == 5)
  }

  @Test("opening the same file again writes nothing")
  func reopeningWritesNothing() throws {
    try open(original, ids: 1).close()
    let before = try Data(contentsOf: URL(fileURLWithPath: original))
    try open(original, ids: 2).close()
    #expect(try Data(contentsOf: URL(fileURLWithPath: original)) == before)
  }
}
