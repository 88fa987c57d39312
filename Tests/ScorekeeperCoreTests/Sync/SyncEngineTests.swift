import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// Two or three devices of one user converge through the cloud, on each backend.
@Suite struct SyncEngineTests {
  func id(_ device: UInt64, _ n: UInt64) -> String { UUIDGenerator.format(device << 32 + n) }
  let device1 = UUIDGenerator.format(high: 0xd000_0000_0000_0000, low: 1)

  @Test(
    "a game made on one device is on the other after one sync each, scores included",
    arguments: CloudBacking.backends)
  func firstSync(backing: CloudBacking) throws {
    let world = try SyncScenario(backing: backing)
    _ = try world[0].store.addGame(title: "Poker")
    _ = try world[0].store.addPlayer(to: "Poker", name: "Ann", score: 3)
    #expect(try world[0].sync().counts == SyncReport.counts(sent: 3))
    #expect(try world[1].sync().counts == SyncReport.counts(received: 3))
    let game = id(1, 1)
    let ann = id(1, 2)
    expectNoDifference(
      [
        "event \(id(1, 3)) of \(ann) 3 by \(device1) at 2026-01-02T03:04:05.678Z",
        "game \(game) 'Poker'",
        "player \(ann) in \(game) 'Ann' score 3",
      ], try world.converge())
  }

  @Test(
    "a batch the server takes only in part while the next one is on its way: both are recorded, nothing is sent twice, and the conflict is merged",
    arguments: CloudBacking.backends)
  func partlyTakenBatch(backing: CloudBacking) throws {
    let world = try SyncScenario(backing: backing)
    _ = try world[0].store.addGame(title: "Poker")
    _ = try world[0].store.addPlayer(to: "Poker", name: "Ann")
    try world[0].sync()
    try world[1].sync()
    _ = try world[1].store.renamePlayer(in: "Poker", "Ann", to: "Anne")
    try world[1].sync()
    // The first batch: Ann, whose change the server refuses as stale, and
    // 399 new players; the second, the other 51.
    _ = try world[0].store.renamePlayer(in: "Poker", "Ann", to: "Annie")
    let store = world[0].store
    try store.database.write {
      try store.database.execute(
        """
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 450)
        INSERT INTO players (id, gameID, name)
        SELECT uuid(), (SELECT id FROM games), printf('Player %03d', i) FROM n
        """)
    }
    #expect(try world[0].send().counts == SyncReport.counts(sent: 451, merged: 1))
    let contents = try world.converge()
    #expect(contents.filter { $0.hasPrefix("player ") }.count == 451)
    #expect(contents.contains("player \(id(1, 2)) in \(id(1, 1)) 'Annie' score 0"))
  }

  @Test("both devices add +1 to one player offline: both end with +2", arguments: CloudBacking.backends)
  func concurrentScores(backing: CloudBacking) throws {
    let world = try SyncScenario(backing: backing)
    _ = try world[0].store.addGame(title: "Poker")
    _ = try world[0].store.addPlayer(to: "Poker", name: "Ann")
    try world[0].sync()
    try world[1].sync()
    _ = try world[0].store.score(in: "Poker", "Ann", .add(1))
    _ = try world[1].store.score(in: "Poker", "Ann", .add(1))
    try world.converge()
    let scores = try world.devices.map { try $0.store.players(of: "Poker").map(\.score) }
    #expect(scores == [[2], [2]])
  }

  @Test(
    "two devices' changes that sum past 64 bits: both show the clamped total, sync keeps working, and a change back lands exactly",
    arguments: CloudBacking.backends)
  func totalsPast64Bits(backing: CloudBacking) throws {
    let world = try SyncScenario(backing: backing)
    _ = try world[0].store.addGame(title: "Poker")
    _ = try world[0].store.addPlayer(to: "Poker", name: "Ann")
    try world[0].sync()
    try world[1].sync()
    // Each fits on its own device; together they pass Int64.max by 9.
    _ = try world[0].store.score(in: "Poker", "Ann", .add(.max))
    _ = try world[1].store.score(in: "Poker", "Ann", .add(10))
    try world.converge()
    #expect(try world.devices.map { try $0.store.players(of: "Poker").map(\.score) } == [[.max], [.max]])
    _ = try world[1].store.score(in: "Poker", "Ann", .add(-20))
    try world.converge()
    #expect(
      try world.devices.map { try $0.store.players(of: "Poker").map(\.score) } == [[.max - 10], [.max - 10]])
  }

  @Test(
    "both rename one game: the later rename wins on both, whichever device syncs first",
    arguments: CloudBacking.backends, [false, true])
  func concurrentRenames(backing: CloudBacking, laterSyncsFirst: Bool) throws {
    let world = try SyncScenario(backing: backing)
    _ = try world[0].store.addGame(title: "Poker")
    try world[0].sync()
    try world[1].sync()
    _ = try world[0].store.renameGame("Poker", to: "Poker night")
    world.clock.advance()
    _ = try world[1].store.renameGame("Poker", to: "Poker club")
    let order = laterSyncsFirst ? [world[1], world[0]] : [world[0], world[1]]
    try order[0].sync()
    let report = try order[1].sync()
    #expect(report.merged == 1)
    try world.converge()
    for device in world.devices {
      #expect(try device.store.games().map(\.game.title) == ["Poker club"])
    }
  }

  @Test("different fields changed on two devices are both kept", arguments: CloudBacking.backends)
  func disjointChanges(backing: CloudBacking) throws {
    let world = try SyncScenario(backing: backing)
    _ = try world[0].store.addGame(title: "Poker")
    _ = try world[0].store.addPlayer(to: "Poker", name: "Ann")
    try world[0].sync()
    try world[1].sync()
    _ = try world[0].store.renameGame("Poker", to: "Poker night")
    _ = try world[1].store.renamePlayer(in: "Poker", "Ann", to: "Annie")
    try world.converge()
    #expect(try world[0].store.players(of: "Poker night").map(\.name) == ["Annie"])
  }

  @Test(
    "a player deleted on one device while scored on the other is deleted on both (deletion wins)",
    arguments: CloudBacking.backends, [false, true])
  func deleteWinsOverScore(backing: CloudBacking, deleterSyncsFirst: Bool) throws {
    let world = try SyncScenario(backing: backing)
    _ = try world[0].store.addGame(title: "Poker")
    _ = try world[0].store.addPlayer(to: "Poker", name: "Ann", score: 5)
    _ = try world[0].store.addPlayer(to: "Poker", name: "Bob")
    try world[0].sync()
    try world[1].sync()
    _ = try world[0].store.removePlayer(from: "Poker", "Ann")
    _ = try world[1].store.score(in: "Poker", "Ann", .add(1))
    var discarded = 0
    if deleterSyncsFirst {
      try world[0].sync()
      discarded = try world[1].sync().discarded
    } else {
      // The scorer's event reaches the server first; the deletion then
      // finds a child it never saw, fetches it, and deletes it too.
      try world[1].sync()
      try world[0].sync()
      discarded = try world[1].sync().discarded
    }
    #expect(discarded == (deleterSyncsFirst ? 1 : 0))
    let contents = try world.converge()
    #expect(contents.filter { $0.hasPrefix("player") } == ["player \(id(1, 4)) in \(id(1, 1)) 'Bob' score 0"])
    #expect(contents.filter { $0.hasPrefix("event") } == [])
  }

  @Test(
    "a renamed player deleted elsewhere first: the rename is dropped, the player gone",
    arguments: CloudBacking.backends)
  func deleteWinsOverRename(backing: CloudBacking) throws {
    let world = try SyncScenario(backing: backing)
    _ = try world[0].store.addGame(title: "Poker")
    _ = try world[0].store.addPlayer(to: "Poker", name: "Ann")
    try world[0].sync()
    try world[1].sync()
    _ = try world[0].store.removePlayer(from: "Poker", "Ann")
    try world[0].sync()
    _ = try world[1].store.renamePlayer(in: "Poker", "Ann", to: "Annie")
    // Sent with the old tag: the server has no such record any more. Its
    // deletion is received (as a fetch would have), the rename dropped.
    let report = try world[1].send()
    #expect(report.counts == SyncReport.counts(received: 1, discarded: 1))
    #expect(try world.converge() == ["game \(id(1, 1)) 'Poker'"])
  }

  @Test(
    "a deletion the server refuses as moot (its zone is gone) is not counted as sent",
    arguments: CloudBacking.backends)
  func deletingWhatIsGoneIsNotSent(backing: CloudBacking) throws {
    let world = try SyncScenario(backing: backing)
    _ = try world[0].store.addGame(title: "Poker")
    _ = try world[0].store.addPlayer(to: "Poker", name: "Ann")
    try world[0].sync()
    try world[1].sync()
    // The game's zone deleted (as a reset of the cloud, or a zone-level
    // deletion from another client, does): deleting within it is moot.
    let zone = ZoneID(name: "game-" + id(1, 1), ownerName: "alice")
    _ = try world.cloud.container("alice").privateDatabase.modifyRecordZones(saving: [], deleting: [zone])
    _ = try world[1].store.removePlayer(from: "Poker", "Ann")
    #expect(try world[1].send().counts == SyncReport.counts())
    #expect(try world[1].unsynced() == [])
  }

  @Test(
    "a row deleted and inserted again with the same id before a sync is not lost",
    arguments: CloudBacking.backends)
  func deleteThenReinsert(backing: CloudBacking) throws {
    let world = try SyncScenario(backing: backing)
    _ = try world[0].store.addGame(title: "Poker")
    try world[0].sync()
    try world[0].store.database.write {
      try world[0].store.database.execute("DELETE FROM games")
      try world[0].store.database.execute(
        "INSERT INTO games (id, title) VALUES (?1, 'Poker again')", [.text(id(1, 1))])
    }
    #expect(try world.converge() == ["game \(id(1, 1)) 'Poker again'"])
  }

  @Test(
    "a game deleted on one device goes from the other with its players and events",
    arguments: CloudBacking.backends)
  func deleteGame(backing: CloudBacking) throws {
    let world = try SyncScenario(backing: backing)
    _ = try world[0].store.addGame(title: "Poker")
    _ = try world[0].store.addPlayer(to: "Poker", name: "Ann", score: 2)
    _ = try world[0].store.addGame(title: "Chess")
    try world[0].sync()
    try world[1].sync()
    _ = try world[1].store.deleteGame("Poker")
    #expect(try world[1].sync().counts == SyncReport.counts(sent: 3))
    #expect(try world[0].sync().counts == SyncReport.counts(received: 3))
    #expect(try world.converge() == ["game \(id(1, 4)) 'Chess'"])
  }

  @Test("an undo syncs as an event like any other", arguments: CloudBacking.backends)
  func undo(backing: CloudBacking) throws {
    let world = try SyncScenario(backing: backing)
    _ = try world[0].store.addGame(title: "Poker")
    _ = try world[0].store.addPlayer(to: "Poker", name: "Ann")
    _ = try world[0].store.score(in: "Poker", "Ann", .add(7))
    _ = try world[0].store.history.undo()
    let (game, ann) = (id(1, 1), id(1, 2))
    expectNoDifference(
      [
        "event \(id(1, 3)) of \(ann) 7 by \(device1) at 2026-01-02T03:04:05.678Z",
        "event \(id(1, 4)) of \(ann) -7 by \(device1) at 2026-01-02T03:04:05.678Z undoes \(id(1, 3))",
        "game \(game) 'Poker'",
        "player \(ann) in \(game) 'Ann' score 0",
      ], try world.converge())
  }

  @Test(
    "a database that synced as one user refuses to sync as another, nothing sent",
    arguments: CloudBacking.backends)
  func boundToItsUser(backing: CloudBacking) throws {
    let world = try SyncScenario(devices: 1, backing: backing)
    _ = try world[0].store.addGame(title: "Poker")
    try world[0].sync()
    _ = try world[0].store.addGame(title: "Chess")
    let bob = SyncEngine(
      store: world[0].store, container: world.cloud.container("bob"), cloudLocation: world.cloud.location,
      timing: .virtual(budget: 1))
    let error = try #require(throws: SyncError.self) { try bob.sync() }
    guard case .boundElsewhere(_, "alice", _, "bob", _) = error else {
      Issue.record("unexpected \(error)")
      return
    }
    #expect(try world[0].unsynced() == ["\(id(1, 2)):games pendingSave"])
    #expect(try world.cloud.container("bob").privateDatabase.databaseChanges(since: nil).changedZones == [])
  }
}
