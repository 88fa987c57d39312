import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// A kind's rules belong to the user: set, forgotten and undone on one
/// device, they reach every device of the user, and never the people the
/// user shares a game with.
@Suite struct KindRulesSyncTests {
  /// Each of the user's kinds as "name: rules, teams, round names".
  private func kinds(_ device: TestDevice) throws -> [String] {
    try device.store.kindRules.own().map {
      "\($0.name): \($0.rules.json.compactText) teams \($0.teamSize.map(String.init) ?? "-") \($0.roundNames)"
    }
  }

  @Test(
    "a kind's rules, set, forgotten and undone, reach the user's other device",
    arguments: CloudBacking.backends)
  func rulesSync(backing: CloudBacking) throws {
    let world = try SyncScenario(devices: 2, backing: backing)
    _ = try world[0].store.kindRules.set(
      "Quiz", KindRulesEdit(rounds: .set(3), teamSize: .set(2), roundNames: .set(["Film", "Music", "Sport"])))
    world.clock.advance()
    _ = try world[0].store.kindRules.set("hearts", KindRulesEdit(target: .set(50)))
    try world.converge()
    let quiz =
      "Quiz: {\"winner\":\"highest\",\"target\":null,\"winBy\":null,\"start\":null,\"bust\":false,\"rounds\":3,"
      + "\"counted\":true,\"cooperative\":false} teams 2 [\"Film\", \"Music\", \"Sport\"]"
    let hearts =
      "Hearts: {\"winner\":\"lowest\",\"target\":50,\"winBy\":null,\"start\":null,\"bust\":false,\"rounds\":null,"
      + "\"counted\":true,\"cooperative\":false} teams - []"
    for device in [world[0], world[1]] {
      #expect(try kinds(device) == [hearts, quiz], "\(device.name)")
    }
    // The other device's game of the kind starts with the rules set here,
    // and its rounds take the kind's names.
    _ = try world[1].store.addGame(
      title: "Friday", rules: try world[1].store.kindRules.forNewGame(kind: "quiz", KindRulesEdit()).rules,
      kind: "Quiz")
    _ = try world[1].store.addPlayer(to: "Friday", name: "Ann")
    _ = try world[1].store.addRound(in: "Friday", [(player: "Ann", points: 2)])
    try world.converge()
    #expect(
      try world[0].store.sheet(of: "Friday").rounds.map { "\($0.number) \($0.name ?? "-")" } == ["1 Film"])
    world.clock.advance()
    _ = try world[1].store.kindRules.forget("Hearts")
    try world.converge()
    #expect(try kinds(world[0]) == [quiz])
    #expect(try world[0].store.kindRules.rules(of: "Hearts") == BuiltInKinds.named("Hearts"))
    world.clock.advance()
    _ = try world[1].store.history.undo()  // the forget
    try world.converge()
    for device in [world[0], world[1]] {
      #expect(try kinds(device) == [hearts, quiz], "\(device.name)")
      #expect(try device.unsynced() == [], "\(device.name)")
    }
    #expect(try world[0].contents() == world[1].contents())
  }

  @Test(
    "a kind's rules stay the user's: the people they share a game with never see them",
    arguments: CloudBacking.backends)
  func rulesArePrivate(backing: CloudBacking) throws {
    let world = try SyncScenario(devices: 1, backing: backing)
    let alice = world[0]
    let bob = try TestDevice(2, user: "bob", cloud: world.cloud, clock: world.clock)
    _ = try alice.store.addGame(title: "Hearts", kind: "Hearts")
    let share = try alice.engine().share(
      gameID: try alice.store.game("Hearts").game.id, permission: .readWrite)
    _ = try bob.engine().accept(link: share.link)
    _ = try alice.store.kindRules.set("Hearts", KindRulesEdit(target: .set(50)))
    _ = try alice.engine().sync()
    _ = try bob.engine().sync()
    #expect(try bob.store.database.fetchOne("SELECT count(*) FROM kindRules") { try $0.int(0) } == 0)
    #expect(try bob.store.kindRules.rules(of: "Hearts") == BuiltInKinds.named("Hearts"))
    #expect(try alice.unsynced() == [])
  }
}
