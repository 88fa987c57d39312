import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// `revive-game` makes a read-only copy a game again with nothing lost:
/// every rule (a countdown's start and bust, a lead to win by), each
/// round's name, when backdated changes were entered, and who made them.
@Suite struct ReviveTests {
  @Test(
    "a revived copy has the copy's rules, round names, entry times and authors",
    arguments: CloudBacking.backends)
  func nothingLost(backing: CloudBacking) throws {
    let world = try SyncScenario(devices: 1, backing: backing)
    let alice = world[0]
    let bob = try TestDevice(2, user: "bob", cloud: world.cloud, clock: world.clock)
    let game = try alice.store.addGame(
      title: "Darts", rules: try GameRules(winner: .lowest, target: 0, start: 501, bust: true))
    for name in ["Ann", "Bob"] { _ = try alice.store.addPlayer(to: "Darts", name: name) }
    world.clock.advance()
    _ = try alice.store.addRound(in: "Darts", [("Ann", -180), ("Bob", -100)], name: "First")
    world.clock.advance()
    _ = try alice.store.recording(at: Timestamp(iso8601: "2026-01-02T03:04:06.000Z")!) {
      try alice.store.addRound(in: "Darts", [("Ann", -400)])  // a bust, entered late
    }
    let share = try alice.engine().share(gameID: game.id, permission: .readOnly)
    _ = try bob.engine().accept(link: share.link)
    let copy = try Self.view(bob)
    try alice.engine().stopSharing(gameID: game.id)
    _ = try bob.sync()
    _ = try bob.store.reviveArchivedGame("Darts")
    expectNoDifference(copy, try Self.view(bob))
  }

  /// What a device shows of Darts: rules, sheet rows, history lines.
  static func view(_ device: TestDevice) throws -> [String] {
    let sheet = try device.store.sheet(of: "Darts")
    let names = Dictionary(uniqueKeysWithValues: sheet.players.map { ($0.player.id, $0.player.name) })
    var lines = [
      "rules \(sheet.state.rules)",
      "totals "
        + sheet.players.map { "\($0.player.name)=\(sheet.totals[$0.player.id] ?? 0)" }.joined(separator: " "),
    ]
    lines += sheet.rounds.map { round in
      "round \(round.number) \(round.name ?? "-") "
        + round.points.map { "\(names[$0.key] ?? "?")=\($0.value)\(round.busts.contains($0.key) ? "!" : "")" }
        .sorted().joined(separator: " ")
    }
    try device.store.history.log(
      of: "Darts", player: nil,
      header: { _, _, _, log in
        lines += log.map { "log \($0.time.iso8601) \($0.author) entered \($0.enteredAt?.iso8601 ?? "-")" }
      },
      row: {
        lines.append(
          "\($0.playerName) \($0.event.delta) \($0.event.time.iso8601) \($0.author) round \($0.roundName ?? "-") "
            + "entered \($0.enteredAt?.iso8601 ?? "-")")
      })
    return lines
  }
}
