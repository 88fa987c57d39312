import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// Rules, rounds, corrections, results and teams sync to every device and
/// to everyone a game is shared with, on both backends, and every device
/// agrees on who won.
@Suite struct RoundSyncTests {
  /// A device's view of a game: its sheet (rounds by number, players by
  /// name), its rules, whether it is finished, and who won.
  static func view(_ device: TestDevice, _ game: String) throws -> [String] {
    let sheet = try device.store.sheet(of: game)
    let names = Dictionary(uniqueKeysWithValues: sheet.players.map { ($0.player.id, $0.player.name) })
    let state = sheet.state
    return [
      "rules \(state.rules.winner.rawValue) target \(state.rules.target.map(String.init) ?? "-")"
        + (state.rules.winBy.map { " win by \($0)" } ?? "")
        + (state.rules.start.map { " start \($0)" } ?? "") + (state.rules.bust ? " bust" : "")
        + " rounds \(state.rules.rounds.map(String.init) ?? "-")",
      "teams " + sheet.players.map { "\($0.player.name):\($0.team ?? "-")" }.joined(separator: " "),
    ]
      + sheet.rounds.map { round in
        "round \(round.number)\(round.name.map { " " + $0 } ?? "")\(round.corrected ? "*" : "") "
          + sheet.players.map {
            "\($0.player.name)=\(round.points[$0.player.id] ?? 0)"
              + (round.busts.contains($0.player.id) ? "!" : "")
          }.joined(separator: " ")
      }
      + [
        "totals "
          + sheet.players.map { "\($0.player.name)=\(sheet.totals[$0.player.id] ?? 0)" }
          .joined(separator: " "),
        state.isFinished
          ? "finished, won by " + state.winners.compactMap { names[$0] }.sorted().joined(separator: " ")
          : "in progress",
      ]
  }

  /// A game of `rules` with Ann and Bob on every device of `world`.
  static func setUp(_ world: SyncScenario, rules: GameRules) throws {
    _ = try world[0].store.addGame(title: "Catan", rules: rules)
    for name in ["Ann", "Bob"] { _ = try world[0].store.addPlayer(to: "Catan", name: name) }
    try world.converge()
  }

  @Test(
    "rounds entered on two devices at once are both kept, numbered alike everywhere; names, corrections and teams travel",
    arguments: CloudBacking.backends)
  func concurrentRounds(backing: CloudBacking) throws {
    let world = try SyncScenario(devices: 2, backing: backing)
    try Self.setUp(world, rules: GameRules(winner: .lowest, target: 100))
    world.clock.advance()
    _ = try world[0].store.addRound(in: "Catan", [("Ann", 5), ("Bob", 1)], name: "Opening")
    world.clock.advance()
    _ = try world[1].store.addRound(in: "Catan", [("Ann", 7)])
    _ = try world[1].store.setTeam(in: "Catan", "Bob", to: "Larks")
    try world.converge()
    world.clock.advance()
    _ = try world[1].store.fixRound(in: "Catan", .name("opening"), [("Bob", 2)])
    try world.converge()
    let expected = [
      "rules lowest target 100 rounds -", "teams Ann:- Bob:Larks", "round 1 Opening* Ann=5 Bob=2",
      "round 2 Ann=7 Bob=0",
      "totals Ann=12 Bob=2", "in progress",
    ]
    expectNoDifference(expected, try Self.view(world[0], "Catan"))
    expectNoDifference(expected, try Self.view(world[1], "Catan"))
  }

  @Test(
    "a lead to win by travels with the rules: deuce on one device, the winning point on the other; all agree",
    arguments: CloudBacking.backends)
  func winByTravels(backing: CloudBacking) throws {
    let world = try SyncScenario(devices: 2, backing: backing)
    try Self.setUp(world, rules: GameRules(target: 11))
    world.clock.advance()
    _ = try world[1].store.setRules(in: "Catan", winner: nil, target: nil, winBy: .set(2), rounds: nil)
    try world.converge()
    world.clock.advance()
    _ = try world[0].store.addRound(in: "Catan", [("Ann", 10), ("Bob", 10)])
    world.clock.advance()
    _ = try world[0].store.addRound(in: "Catan", [("Ann", 1)])
    try world.converge()
    world.clock.advance()
    _ = try world[1].store.addRound(in: "Catan", [("Ann", 1)])
    try world.converge()
    let expected = [
      "rules highest target 11 win by 2 rounds -", "teams Ann:- Bob:-", "round 1 Ann=10 Bob=10",
      "round 2 Ann=1 Bob=0", "round 3 Ann=1 Bob=0", "totals Ann=12 Bob=10", "finished, won by Ann",
    ]
    expectNoDifference(expected, try Self.view(world[0], "Catan"))
    expectNoDifference(expected, try Self.view(world[1], "Catan"))
  }

  @Test(
    "a countdown with busts travels: two devices' throws meet in time order, and the one past 0 busts on both",
    arguments: CloudBacking.backends)
  func countdownTravels(backing: CloudBacking) throws {
    let world = try SyncScenario(devices: 2, backing: backing)
    try Self.setUp(world, rules: GameRules(winner: .lowest, target: 0, start: 501, bust: true))
    world.clock.advance()
    _ = try world[1].store.addRound(in: "Catan", [("Ann", -180), ("Bob", -100)])
    try world.converge()
    // Offline at once: device 1's throw first takes Ann to 21, so device
    // 2's later -30, fine where it was made, busts once both are known.
    world.clock.advance()
    _ = try world[0].store.addRound(in: "Catan", [("Ann", -300)])
    world.clock.advance()
    _ = try world[1].store.addRound(in: "Catan", [("Ann", -30)])
    #expect(try world[1].store.sheet(of: "Catan").totals.values.sorted() == [291, 401])
    try world.converge()
    world.clock.advance()
    _ = try world[0].store.addRound(in: "Catan", [("Ann", -21)])
    try world.converge()
    let expected = [
      "rules lowest target 0 start 501 bust rounds -", "teams Ann:- Bob:-", "round 1 Ann=-180 Bob=-100",
      "round 2 Ann=-300 Bob=0", "round 3 Ann=-30! Bob=0", "round 4 Ann=-21 Bob=0", "totals Ann=0 Bob=401",
      "finished, won by Ann",
    ]
    expectNoDifference(expected, try Self.view(world[0], "Catan"))
    expectNoDifference(expected, try Self.view(world[1], "Catan"))
  }

  @Test(
    "a result entered late travels whole: when it happened and when it was entered, alike on every device",
    arguments: CloudBacking.backends)
  func backdatedResultTravels(backing: CloudBacking) throws {
    let world = try SyncScenario(devices: 2, backing: backing)
    let friday = Timestamp(iso8601: "2025-11-20T21:30:00.000Z")!
    _ = try world[0].store.recording(at: friday) {
      try world[0].store.addResult(title: "Catan", points: [("Ann", 10), ("Bob", 8)])
    }
    try world.converge()
    let expected = [
      "rules highest target - rounds -", "teams Ann:- Bob:-", "round 1 Ann=10 Bob=8", "totals Ann=10 Bob=8",
      "finished, won by Ann",
    ]
    func times(_ device: TestDevice) throws -> [String] {
      var times: [String] = []
      try device.store.history.log(
        of: "Catan",
        header: { _, _, _, own in times += own.map { "\($0.time.iso8601) \($0.enteredAt?.iso8601 ?? "-")" } }
      ) { times.append("\($0.playerName) \($0.event.time.iso8601) \($0.enteredAt?.iso8601 ?? "-")") }
      return times
    }
    for device in [world[0], world[1]] {
      expectNoDifference(expected, try Self.view(device, "Catan"))
      #expect(
        try device.store.finishedResults().map(\.finishedAt) == [
          Timestamp(iso8601: "2025-11-20T21:30:00.001Z")!
        ])
    }
    expectNoDifference(try times(world[0]), try times(world[1]))
    #expect(try times(world[1]).count == 3)
    #expect(try times(world[1]).allSatisfy { $0.contains("2025-11-20T21:30:00.00") && !$0.hasSuffix(" -") })
  }

  @Test(
    "a round made offline before the game ended counts where it belongs in time once it arrives, on every device",
    arguments: CloudBacking.backends)
  func lateRoundFromBeforeTheEnd(backing: CloudBacking) throws {
    let world = try SyncScenario(devices: 2, backing: backing)
    try Self.setUp(world, rules: GameRules(target: 10))
    // Device 2, offline, plays the round that reaches the target first…
    world.clock.advance()
    _ = try world[1].store.addRound(in: "Catan", [("Bob", 10)])
    // …and device 1, not knowing it, a later one that it sees end the game.
    world.clock.advance()
    let mine = try world[0].store.addRound(in: "Catan", [("Ann", 11)])
    let ann = try world[0].store.player(in: "Catan", "Ann").player.id
    #expect(mine.ended && mine.state.winners == [ann])
    try world.converge()
    // Points count by when they were made: the game ended at Bob's round,
    // and Ann's, made after it ended, stays in the history but not in the totals.
    let expected = [
      "rules highest target 10 rounds -", "teams Ann:- Bob:-", "round 1 Ann=0 Bob=10", "round 2 Ann=11 Bob=0",
      "totals Ann=0 Bob=10", "finished, won by Bob",
    ]
    expectNoDifference(expected, try Self.view(world[0], "Catan"))
    expectNoDifference(expected, try Self.view(world[1], "Catan"))
    #expect(try world[0].store.players(of: "Catan").map { "\($0.name) \($0.score)" } == ["Bob 10", "Ann 0"])
    // History keeps Ann's round, marked as not counted, on both devices.
    for device in [world[0], world[1]] {
      var marks: [String] = []
      try device.store.history.log(
        of: "Catan", header: { _, _, _, _ in },
        row: { marks.append("\($0.playerName) \($0.event.delta) round \($0.round ?? 0) \($0.counts)") })
      #expect(marks == ["Ann 11 round 2 false", "Bob 10 round 1 true"], "\(device.name)")
    }
    // Device 1 had seen Ann win: its history says the sync changed the
    // result. Device 2 never saw the game end another way: nothing to say.
    let bob = try world[0].store.player(in: "Catan", "Bob").player.id
    let changed = ResultChange(
      time: world.clock.now, winners: [bob], previousWinners: [ann], winnerNames: ["Bob"],
      previousWinnerNames: ["Ann"])
    #expect(try Self.resultChanges(world[0], "Catan") == [changed])
    #expect(try Self.resultChanges(world[1], "Catan") == [])
    // Noted once: the next sync changes nothing.
    world.clock.advance()
    try world.converge()
    #expect(try Self.resultChanges(world[0], "Catan") == [changed])
  }

  /// What syncs did to a game's result on a device, as its history says.
  static func resultChanges(_ device: TestDevice, _ game: String) throws -> [ResultChange] {
    var changes: [ResultChange] = []
    try device.store.history.log(
      of: game, header: { _, _, _, _ in }, resultChanges: { changes = $0 }, row: { _ in })
    return changes
  }

  @Test(
    "finish, reopen and rule changes sync; a read-only participant reads them all and changes none of it",
    arguments: CloudBacking.backends)
  func readOnlyParticipant(backing: CloudBacking) throws {
    let world = try SyncScenario(devices: 1, backing: backing)
    let alice = world[0]
    let bob = try TestDevice(2, user: "bob", cloud: world.cloud, clock: world.clock)
    let game = try alice.store.addGame(title: "Chess")
    for name in ["Ann", "Bob"] { _ = try alice.store.addPlayer(to: "Chess", name: name) }
    _ = try alice.store.addRound(in: "Chess", [("Ann", 1)])
    _ = try alice.store.setRules(in: "Chess", winner: nil, target: nil, rounds: .set(3))
    _ = try alice.store.finish("Chess", winners: ["Bob"])
    let share = try alice.engine().share(gameID: game.id, permission: .readOnly)
    _ = try bob.engine().accept(link: share.link)
    let expected = [
      "rules highest target - rounds 3", "teams Ann:- Bob:-", "round 1 Ann=1 Bob=0", "totals Ann=1 Bob=0",
      "finished, won by Bob",
    ]
    expectNoDifference(expected, try Self.view(bob, "Chess"))
    let before = try bob.contents()
    #expect(throws: StoreError.self) { try bob.store.reopen("Chess") }
    _ = try alice.store.reopen("Chess")
    try alice.sync()
    try bob.sync()
    for refused in [
      { _ = try bob.store.addRound(in: "Chess", [("Ann", 1)]) },
      { _ = try bob.store.fixRound(in: "Chess", number: 1, [("Ann", 2)]) },
      { _ = try bob.store.setRules(in: "Chess", winner: .lowest, target: nil, rounds: nil) },
      { _ = try bob.store.finish("Chess") },
      { _ = try bob.store.setTeam(in: "Chess", "Ann", to: "Owls") },
    ] as [() throws -> Void] {
      let game = try bob.store.game("Chess").game
      #expect(throws: StoreError.readOnlyGame(game: game, owner: "alice")) { try refused() }
    }
    #expect(try bob.unsynced() == [])
    expectNoDifference(
      Array(expected.dropLast()) + ["in progress"], try Self.view(bob, "Chess"))
    #expect(try bob.contents() != before, "the reopen arrived")
    #expect(try alice.sync().received == 0, "nothing came from the read-only participant")
  }

  @Test(
    "a team's own points travel: begun on two devices at once (two seats of the team), both count, in one column, on every device",
    arguments: CloudBacking.backends)
  func teamPointsTravel(backing: CloudBacking) throws {
    let world = try SyncScenario(devices: 2, backing: backing)
    try Self.setUp(world, rules: GameRules(target: 100))
    _ = try world[0].store.setTeam(in: "Catan", "Ann", to: "Owls")
    _ = try world[0].store.setTeam(in: "Catan", "Bob", to: "Larks")
    try world.converge()
    world.clock.advance()
    _ = try world[0].store.addRound(in: "Catan", [("Owls", 40), ("Bob", 5)])
    world.clock.advance()
    _ = try world[1].store.addRound(in: "Catan", [("owls", 30), ("Larks", 20)])
    try world.converge()
    world.clock.advance()
    _ = try world[1].store.addRound(in: "Catan", [("Owls", 35)])
    try world.converge()
    var views: [[String]] = []
    for device in [world[0], world[1]] {
      let sheet = try device.store.sheet(of: "Catan")
      let state = sheet.state
      views.append(
        [
          "columns " + sheet.teamColumns.map(\.team).joined(separator: " "),
          "totals "
            + sheet.teamColumns.map { "\($0.team)=\(sheet.totals[$0.id] ?? 0)" }.joined(separator: " "),
        ]
          + state.places.map { "\($0.rank) \($0.team ?? "-") \($0.total) own \($0.teamPoints)" }
          + [state.isFinished ? "finished" : "in progress"])
    }
    let expected = [
      "columns Larks Owls", "totals Larks=20 Owls=105", "1 Owls 105 own 105", "2 Larks 25 own 20", "finished",
    ]
    expectNoDifference(expected, views[0])
    expectNoDifference(expected, views[1])
    // Two seats of Owls (each device began the team's points), no player more.
    #expect(try world[0].store.players(of: "Catan").map(\.name) == ["Bob", "Ann"])
    #expect(
      try world[0].store.database.fetchAll(
        "SELECT name FROM players WHERE isTeam = 1 ORDER BY name", [], { try $0.text(0) }) == [
          "Larks", "Owls", "Owls",
        ])
  }
}
