import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// Who is who belongs to the user: merges, splits and their undos reach
/// every device of the user, in their private zone `people`, and never
/// the people they share a game with.
@Suite struct PeopleSyncTests {
  /// Two finished games: Bob beats Ann in Hearts, Robert beats Ann in Catan.
  private func play(_ store: Store) throws {
    for (title, winner) in [("Hearts", "Bob"), ("Catan", "Robert")] {
      _ = try store.addGame(title: title)
      _ = try store.addPlayer(to: title, name: winner, score: 10)
      _ = try store.addPlayer(to: title, name: "Ann", score: 5)
      _ = try store.finish(title)
    }
  }

  /// Each person as (shown name, names played under, games), in order.
  private func people(_ device: TestDevice) throws -> [String] {
    try device.store.people.all().map { "\($0.name) as \($0.names) in \($0.games)" }
  }

  @Test("a merge, a split and their undos reach the user's other device", arguments: CloudBacking.backends)
  func linksSync(backing: CloudBacking) throws {
    let world = try SyncScenario(devices: 2, backing: backing)
    try play(world[0].store)
    try world.converge()
    world.clock.advance()
    _ = try world[0].store.people.merge("Bob", "robert")
    try world.converge()
    for device in [world[0], world[1]] {
      #expect(
        try people(device) == ["Ann as [\"Ann\"] in 2", "Bob as [\"Bob\", \"Robert\"] in 2"], "\(device.name)"
      )
      #expect(
        try Leaderboard(folding: device.store.finishedResults(), system: .elo).entries.map {
          "\($0.rank) \($0.name) \($0.games)"
        } == ["1 Bob 2", "2 Ann 2"], "\(device.name)")
    }
    world.clock.advance()
    _ = try world[1].store.people.split("Robert", games: ["Catan"])
    try world.converge()
    #expect(
      try people(world[0])
        == ["Ann as [\"Ann\"] in 2", "Bob as [\"Bob\"] in 1", "Robert as [\"Robert\"] in 1"])
    world.clock.advance()
    _ = try world[1].store.history.undo()
    try world.converge()
    #expect(try people(world[0]) == ["Ann as [\"Ann\"] in 2", "Bob as [\"Bob\", \"Robert\"] in 2"])
    world.clock.advance()
    _ = try world[0].store.history.undo()
    try world.converge()
    for device in [world[0], world[1]] {
      #expect(
        try people(device) == [
          "Ann as [\"Ann\"] in 2", "Bob as [\"Bob\"] in 1", "Robert as [\"Robert\"] in 1",
        ],
        "\(device.name)")
      #expect(try device.unsynced() == [], "\(device.name)")
    }
    #expect(try world[0].contents() == world[1].contents())
  }

  @Test(
    "a rename reaches the user's other device and shows there everywhere, rosters as they were; its undo too",
    arguments: CloudBacking.backends)
  func renameSyncs(backing: CloudBacking) throws {
    let world = try SyncScenario(devices: 2, backing: backing)
    try play(world[0].store)
    try world.converge()
    world.clock.advance()
    _ = try world[0].store.people.merge("Bob", "robert")
    world.clock.advance()
    _ = try world[0].store.people.rename("robert", to: "Rob")
    try world.converge()
    for device in [world[0], world[1]] {
      #expect(
        try people(device) == ["Ann as [\"Ann\"] in 2", "Rob as [\"Bob\", \"Robert\"] in 2"], "\(device.name)"
      )
      #expect(
        try Leaderboard(folding: device.store.finishedResults(), system: .elo).entries.map(\.name) == [
          "Rob", "Ann",
        ])
      #expect(try device.store.players(of: "Hearts").map(\.name).sorted() == ["Ann", "Bob"])
    }
    world.clock.advance()
    _ = try world[0].store.history.undo()
    try world.converge()
    #expect(try people(world[1]) == ["Ann as [\"Ann\"] in 2", "Bob as [\"Bob\", \"Robert\"] in 2"])
    #expect(try world[0].contents() == world[1].contents())
  }

  @Test(
    "two devices merging one pair both ways at once end with one person, not a cycle",
    arguments: CloudBacking.backends)
  func crossedMerges(backing: CloudBacking) throws {
    let world = try SyncScenario(devices: 2, backing: backing)
    try play(world[0].store)
    try world.converge()
    world.clock.advance()
    _ = try world[0].store.people.merge("Bob", "Robert")
    world.clock.advance()
    _ = try world[1].store.people.merge("Robert", "Bob")
    try world.converge()
    // Device 1's merge comes later and finds them one person already: Bob kept.
    for device in [world[0], world[1]] {
      #expect(
        try people(device) == ["Ann as [\"Ann\"] in 2", "Bob as [\"Bob\", \"Robert\"] in 2"], "\(device.name)"
      )
    }
  }

  @Test(
    "a merge stays the user's: the people they share a game with never see it",
    arguments: CloudBacking.backends)
  func mergesArePrivate(backing: CloudBacking) throws {
    let world = try SyncScenario(devices: 1, backing: backing)
    let alice = world[0]
    let bob = try TestDevice(2, user: "bob", cloud: world.cloud, clock: world.clock)
    try play(alice.store)
    for title in ["Hearts", "Catan"] {
      let share = try alice.engine().share(
        gameID: try alice.store.game(title).game.id, permission: .readWrite)
      _ = try bob.engine().accept(link: share.link)
    }
    _ = try alice.store.people.merge("Bob", "Robert")
    _ = try alice.engine().sync()
    _ = try bob.engine().sync()
    #expect(
      try people(bob) == ["Ann as [\"Ann\"] in 2", "Bob as [\"Bob\"] in 1", "Robert as [\"Robert\"] in 1"])
    #expect(try bob.store.database.fetchOne("SELECT count(*) FROM personLinks") { try $0.int(0) } == 0)
    // Bob's own merge, of the same shared games, stays his.
    _ = try bob.store.people.merge("Ann", "Robert")
    _ = try bob.engine().sync()
    _ = try alice.engine().sync()
    #expect(try people(alice) == ["Ann as [\"Ann\"] in 2", "Bob as [\"Bob\", \"Robert\"] in 2"])
    #expect(try bob.unsynced() == [])
  }
}
