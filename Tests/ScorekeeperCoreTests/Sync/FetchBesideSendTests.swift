import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// A full fetch (no token, or an expired one) decides what the cloud no
/// longer has by what it did not list: a record this device holds with a
/// tag, or a zone it knows, that the answer left out. Another process on
/// the same database (a command beside `serve` or `watch`) may send new
/// games while the fetch runs: they get their tags after the cloud made
/// its answer, and are not missing from it. (Found by the CLI random test,
/// seed 146: `serve` deleted a game's players that the command beside it
/// had just sent, and that command then deleted one on the server.)
@Suite struct FetchBesideSendTests {
  @Test(
    "a full fetch of a zone keeps the records another process sent after the cloud's answer",
    arguments: CloudBacking.backends)
  func recordsSentMeanwhile(backing: CloudBacking) throws {
    let world = try SyncScenario(backing: backing)
    let device = world[0]
    let game = try device.store.addGame(title: "Poker").id
    _ = try device.store.addPlayer(to: "Poker", name: "Ann", score: 5)
    // The other process's first call made the game's zone; it has not
    // saved its records yet. The fetch lists the empty zone.
    _ = try world.cloud.container(device.user).privateDatabase.modifyRecordZones(
      saving: [ZoneID(name: "game-\(game)", ownerName: device.user)], deleting: [])
    // The game, Ann and her event.
    try expectFetchKeeps(device, in: world, sentMeanwhile: 3)
  }

  @Test(
    "a full listing of the zones keeps a zone another process made after the cloud's answer",
    arguments: CloudBacking.backends)
  func zoneMadeMeanwhile(backing: CloudBacking) throws {
    let world = try SyncScenario(backing: backing)
    let device = world[0]
    _ = try device.store.addGame(title: "Poker")
    try device.sync()
    _ = try device.store.addGame(title: "Chess")
    _ = try device.store.addPlayer(to: "Chess", name: "Bo")
    // Tokens expired: the fetch lists every zone (only Poker's yet), then
    // fetches Poker's whole; Chess's zone and records come meanwhile.
    try world.cloud.expireChangeTokens()
    try expectFetchKeeps(device, in: world, sentMeanwhile: 2)
  }

  /// A fetch on `device` during which, once its first page is applied, a
  /// second process on its database sends what is pending there
  /// (`sentMeanwhile` records): it fetches nothing and undoes nothing,
  /// leaves nothing to send again (a zone taken for lost would be), and
  /// every device ends with what `device` held.
  private func expectFetchKeeps(
    _ device: TestDevice, in world: SyncScenario, sentMeanwhile: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let before = try device.contents()
    let other = SyncEngine(
      store: try device.secondProcess(), container: device.cloud.container(device.user),
      cloudLocation: device.cloud.location, timing: .virtual(budget: 30))
    var sent: Result<SyncReport, any Error>?
    let engine = device.engine(
      observer: SyncObserver(pageApplied: {
        if sent == nil { sent = Result { try other.send() } }
      }))
    let fetched = try engine.fetch()
    #expect(try sent?.get().counts == SyncReport.counts(sent: sentMeanwhile), sourceLocation: sourceLocation)
    #expect(fetched.counts == SyncReport.counts(), sourceLocation: sourceLocation)
    expectNoDifference(try device.contents(), before, sourceLocation: sourceLocation)
    #expect(try device.unsynced() == [], sourceLocation: sourceLocation)
    expectNoDifference(try world.converge(), before, sourceLocation: sourceLocation)
  }
}
