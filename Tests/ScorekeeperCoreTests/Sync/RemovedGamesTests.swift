import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// A sync that removes a game from this device because of what happened
/// elsewhere reports it (the CLI warns), so nothing goes without a word:
/// deleted on another device, deleted by its owner, no longer shared,
/// and a game a restored backup holds, deleted since (kept as a copy).
@Suite struct RemovedGamesTests {
  @Test(
    "a game deleted on another device is reported by the sync that removes it",
    arguments: CloudBacking.backends)
  func deletedOnAnotherDevice(backing: CloudBacking) throws {
    let world = try SyncScenario(devices: 2, backing: backing)
    _ = try world[0].store.addGame(title: "Poker")
    _ = try world.converge()
    _ = try world[1].store.deleteGame("Poker")
    #expect(try world[1].sync().removedGames == [], "its own deletion is no news to the device that made it")
    #expect(try world[0].sync().removedGames == [RemovedGame(title: "Poker", owner: "", reason: .deleted)])
    #expect(try world[0].sync().removedGames == [], "told once")
  }

  @Test(
    "a participant is told when the owner stops sharing, or deletes the game",
    arguments: CloudBacking.backends)
  func sharedGameGone(backing: CloudBacking) throws {
    let world = try SyncScenario(devices: 1, backing: backing)
    let alice = world[0]
    let bob = try TestDevice(2, user: "bob", cloud: world.cloud, clock: world.clock)
    for title in ["Poker", "Chess"] {
      let game = try alice.store.addGame(title: title)
      _ = try alice.store.addPlayer(to: title, name: "Ann", score: 2)
      let share = try alice.engine().share(gameID: game.id, permission: nil)
      _ = try bob.engine().accept(link: share.link)
    }
    _ = try bob.store.score(in: "Poker", "Ann", .add(3))
    try bob.sync()
    let poker = try alice.store.game("Poker").game
    try alice.engine().stopSharing(gameID: poker.id)
    _ = try alice.store.deleteGame("Chess")
    try alice.sync()
    let removed = try bob.sync().removedGames
    #expect(
      Set(removed) == [
        RemovedGame(title: "Poker", owner: "alice", reason: .noLongerShared),
        // (Deleting a shared game ends the sharing: the participant cannot
        // tell the two apart.)
        RemovedGame(title: "Chess", owner: "alice", reason: .noLongerShared),
      ], "\(removed)")
    #expect(try bob.store.games() == [])
    // A read-only copy of each stays, as it was, no longer synced, and
    // beyond undo's reach.
    #expect(
      try bob.store.archivedGames().map { "\($0.summary.game.title) \($0.summary.playerCount) \($0.owner)" }
        .sorted()
        == ["Chess 1 alice", "Poker 1 alice"])
    #expect(try bob.unsynced() == [])
    #expect(throws: StoreError.self) { try bob.store.game("Poker") }
    #expect(throws: StoreError.self) { try bob.store.history.undo() }
    #expect(try bob.store.players(of: "Poker", archived: true).map(\.score) == [5])
    // Shared again and joined again, the game is in play once more.
    let again = try alice.engine().share(gameID: poker.id, permission: nil)
    _ = try bob.engine().accept(link: again.link)
    #expect(try bob.store.games().map(\.game.title) == ["Poker"])
    #expect(try bob.store.archivedGames().map(\.summary.game.title) == ["Chess"])
    _ = try world.converge()
  }

  /// world[0]'s database copied (as `backup` writes it) before Hearts is
  /// deleted on world[1], then opened at `path` as device 3: restored
  /// there (`restore`), or as a plain copy.
  func copyBeforeDeleting(_ world: SyncScenario, restoring: Bool, in directory: TemporaryDirectory) throws
    -> SyncEngine
  {
    let hearts = try world[0].store.addGame(title: "Hearts")
    _ = try world[0].store.addPlayer(to: hearts.title, name: "Ann", score: 4)
    _ = try world[0].store.addGame(title: "Keep")
    _ = try world.converge()
    try world[0].store.database.execute("VACUUM INTO '\(directory.file("backup.sqlite"))'")
    _ = try world[1].store.deleteGame("Hearts")
    try world[1].sync()
    // The copy is another file: in deterministic mode it needs a device
    // number of its own (with real ids it takes a random one).
    let dependencies = Dependencies(
      uuid: .incrementing(startingAt: 3 << 32 + 1), clock: world.clock.clock, device: .device(3))
    let path = directory.file(restoring ? "restored.sqlite" : "backup.sqlite")
    if restoring {
      _ = try DatabaseRestore.restore(directory.file("backup.sqlite"), over: path, dependencies: dependencies)
    }
    return SyncEngine(
      store: try Store(path: path, dependencies: dependencies), container: world.cloud.container("alice"),
      cloudLocation: world.cloud.location, timing: .virtual(budget: 30))
  }

  @Test(
    "a backup restored after a game was deleted keeps it as a read-only copy, which can be revived",
    arguments: CloudBacking.backends)
  func restoredBackup(backing: CloudBacking) throws {
    let world = try SyncScenario(devices: 2, backing: backing)
    let directory = try TemporaryDirectory()
    let engine = try copyBeforeDeleting(world, restoring: true, in: directory)
    let restored = engine.store
    #expect(
      try engine.sync().removedGames == [RemovedGame(title: "Hearts", owner: "", reason: .deletedSinceBackup)]
    )
    #expect(try restored.games().map(\.game.title) == ["Keep"])
    #expect(
      try restored.archivedGames().map { "\($0.summary.game.title) \($0.summary.playerCount) \($0.owner)" }
        == ["Hearts 1 "])
    // Asked once: a deletion after the restore's first sync wins, here too.
    #expect(try engine.sync().removedGames == [])
    _ = try world[1].store.deleteGame("Keep")
    try world[1].sync()
    #expect(try engine.sync().removedGames == [RemovedGame(title: "Keep", owner: "", reason: .deleted)])
    // Revived, Hearts is a game again, on every device.
    _ = try restored.reviveArchivedGame("Hearts")
    try engine.sync()
    try world[1].sync()
    #expect(try world[1].store.players(of: "Hearts").map { "\($0.name) \($0.score)" } == ["Ann 4"])
  }

  @Test(
    "a plain copy of a database is another device: a game deleted since is deleted on it too",
    arguments: CloudBacking.backends)
  func copiedDatabase(backing: CloudBacking) throws {
    let world = try SyncScenario(devices: 2, backing: backing)
    let directory = try TemporaryDirectory()
    let engine = try copyBeforeDeleting(world, restoring: false, in: directory)
    #expect(try engine.sync().removedGames == [RemovedGame(title: "Hearts", owner: "", reason: .deleted)])
    #expect(try engine.store.games().map(\.game.title) == ["Keep"])
    #expect(try engine.store.archivedGames() == [])
  }
}

extension RemovedGamesTests {
  /// alice's Poker (Ann, Bo, Cy) shared with bob's two devices, then no
  /// longer: both keep a read-only copy. Meanwhile alice removes Bo.
  @Test(
    "a read-only copy taken back when bob re-joins is the game as alice has it, even after a fetch cut half way",
    arguments: CloudBacking.backends)
  func rejoinedCopy(backing: CloudBacking) throws {
    let world = try SyncScenario(devices: 1, backing: backing)
    let alice = world[0]
    let (bob, bobsOther) = (
      try TestDevice(2, user: "bob", cloud: world.cloud, clock: world.clock),
      try TestDevice(3, user: "bob", cloud: world.cloud, clock: world.clock)
    )
    let game = try alice.store.addGame(title: "Poker")
    for name in ["Ann", "Bo", "Cy"] { _ = try alice.store.addPlayer(to: "Poker", name: name, score: 1) }
    let link = try alice.engine().share(gameID: game.id, permission: nil).link
    _ = try bob.engine().accept(link: link)
    try bobsOther.sync()
    try alice.engine().stopSharing(gameID: game.id)
    for device in [bob, bobsOther] { try device.sync() }
    _ = try alice.store.removePlayer(from: "Poker", "Bo")
    try alice.sync()
    _ = try bob.engine().accept(link: try alice.engine().share(gameID: game.id, permission: nil).link)
    // bob's other device fetches the zone a record a page; the network
    // fails after the first page: it is still a copy, then all of it.
    var pages = 0
    let observer = SyncObserver(pageApplied: {
      pages += 1
      if pages == 1 { world.cloud.inject(CloudFault(.networkUnavailable, on: .zoneChanges)) }
    })
    #expect(throws: SyncError.self) {
      try bobsOther.engine(budget: 0, fetchPageSize: 1, observer: observer).sync()
    }
    #expect(try bobsOther.store.archivedGames().map(\.summary.game.title) == ["Poker"])
    for device in [bob, bobsOther] {
      try device.sync()
      #expect(try device.store.archivedGames() == [])
      #expect(try device.store.players(of: "Poker").map { "\($0.name) \($0.score)" } == ["Ann 1", "Cy 1"])
    }
  }
}
