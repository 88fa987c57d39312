import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// Who made each change (issue 49): the creator the server names on its
/// record, kept when the change arrives, so history tells this device,
/// the user's other devices and other users apart, on both clouds.
@Suite struct AuthorSyncTests {
  /// Each score change and game change of `game` on `device`: what, and who.
  static func history(_ device: TestDevice, _ game: String) throws -> [String] {
    var lines: [String] = []
    try device.store.history.log(
      of: game, player: nil,
      header: { _, _, _, log in lines += log.map { "\(Self.kind($0.kind)) \(Self.who($0.author))" } },
      row: { lines.append("\($0.playerName) \($0.event.delta) \(Self.who($0.author))") })
    return lines.sorted()
  }

  static func kind(_ kind: GameOutcome.Change.Kind) -> String {
    switch kind {
    case .rules: "rules"
    case .finish: "finish"
    case .reopen: "reopen"
    case .points: "points"
    }
  }

  static func who(_ author: ChangeAuthor) -> String {
    switch author {
    case .thisDevice: "this device"
    case .ownDevice(let device, _): "own device \(device.suffix(1))"
    case .user(let name): "user \(name)"
    case .unknown: "unknown"
    }
  }

  @Test(
    "history tells this device, the user's other device and another user apart, from the server's word",
    arguments: CloudBacking.backends)
  func whoDidWhat(backing: CloudBacking) throws {
    let world = try SyncScenario(devices: 2, backing: backing)
    let (alice, alice2) = (world[0], world[1])
    let bob = try TestDevice(3, user: "bob", cloud: world.cloud, clock: world.clock)
    let game = try alice.store.addGame(title: "Club", rules: GameRules(target: 100))
    for name in ["Ann", "Bob"] { _ = try alice.store.addPlayer(to: "Club", name: name) }
    let share = try alice.engine().share(gameID: game.id, permission: .readWrite)
    _ = try bob.engine().accept(link: share.link)
    _ = try alice2.sync()
    world.clock.advance()
    _ = try alice.store.score(in: "Club", "Ann", .add(1))
    world.clock.advance()
    _ = try alice2.store.score(in: "Club", "Ann", .add(2))
    world.clock.advance()
    _ = try bob.store.addRound(in: "Club", [("Bob", 3)])
    for device in [alice, alice2, bob, alice] { _ = try device.sync() }
    expectNoDifference(
      ["Ann 1 this device", "Ann 2 own device 2", "Bob 3 user bob", "rules this device"],
      try Self.history(alice, "Club"))
    expectNoDifference(
      ["Ann 1 user alice", "Ann 2 user alice", "Bob 3 this device", "rules user alice"],
      try Self.history(bob, "Club"))
    // The sheet says who made each round and each change outside them.
    let sheet = try alice.store.sheet(of: "Club")
    #expect(sheet.rounds.map { Self.who($0.author) } == ["user bob"])
    #expect(sheet.changes.map { Self.who($0.author) } == ["this device", "own device 2"])
    // The last change, as watch and the scoreboard page head their board
    // with it: bob's round, his on every device.
    for (device, expected) in [(alice, "user bob"), (bob, "this device")] {
      let last = try #require(try device.store.lastChange(ofGameID: game.id))
      #expect(
        [last.playerName, last.event.signedDelta, Self.who(last.author), last.json.compactText]
          == [
            "Bob", "+3", expected,
            #"{"player":"Bob","points":3,"time":"\#(last.event.time.iso8601)","author":"bob","authorKnown":true}"#,
          ])
    }
  }

  @Test("a change whose record names no creator (made before servers kept them) is from someone unknown")
  func unknownCreator() throws {
    let world = try SyncScenario(devices: 2, backing: .file)
    _ = try world[0].store.addGame(title: "Club")
    _ = try world[0].store.addPlayer(to: "Club", name: "Ann")
    _ = try world[0].store.score(in: "Club", "Ann", .add(4))
    _ = try world[0].sync()
    // As a server before version 6 left them: no creator on any record.
    let file = try Database(path: world.cloud.path, create: false)
    try file.execute("UPDATE records SET creatorName = NULL")
    file.close()
    _ = try world[1].sync()
    expectNoDifference(["Ann 4 unknown"], try Self.history(world[1], "Club"))
  }
}
