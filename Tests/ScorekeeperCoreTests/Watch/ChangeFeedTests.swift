import Foundation
@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

/// `ChangeFeed` and its `CloudFeed`, in process: what `watch` and `serve`
/// follow. Each fetch is a run of one engine made once; the cloud's
/// signal (part of the cloud protocol) wakes a wait; a failure is reported
/// once and retried; a database replaced under the feed is opened again.
@Suite struct ChangeFeedTests {
  /// The clouds with a change signal (one in memory has none).
  static let signalling: [CloudBacking] = FastRun.isOn ? [.file] : [.file, .postgres]

  /// alice's first device followed, the engines made for it counted;
  /// her second device changes the cloud.
  final class Followed {
    let world: SyncScenario
    var enginesMade = 0
    var budget = 30.0
    let feed: ChangeFeed

    init(_ backing: CloudBacking) throws {
      let world = try SyncScenario(backing: backing)
      self.world = world
      var made: () -> Void = {}
      var budget: () -> Double = { 30 }
      let cloud = CloudFeed(
        engine: {
          made()
          return world[0].engine(budget: budget())
        }, share: { 0.75 })
      feed = try ChangeFeed(
        store: world[0].store, reopen: { preconditionFailure("not replaced") }, cloud: cloud)
      made = { [unowned self] in enginesMade += 1 }
      budget = { [unowned self] in self.budget }
    }

    var cloud: CloudFeed { feed.cloud! }

    /// The second device adds a game and sends it; the feed's wait ends
    /// on the cloud's signal, before its deadline.
    func otherDeviceAdds(_ title: String) throws {
      _ = try world[1].store.addGame(title: title)
      try world[1].send()
      #expect(try feed.wait(until: .after(60)) == [])
      #expect(cloud.deadline.hasPassed)
    }
  }

  @Test(
    "one engine serves every fetch: the catch-up, then each change the cloud signals, fetched at once",
    arguments: signalling)
  func oneEngineEveryFetch(backing: CloudBacking) throws {
    let followed = try Followed(backing)
    let feed = followed.feed
    _ = try followed.world[1].store.addGame(title: "Poker")
    try followed.world[1].send()
    #expect(try feed.step() == true)
    #expect(followed.cloud.connection == .live)
    // Nothing due until the cloud signals (or the safety interval passes).
    #expect(try feed.step() == false)
    try followed.otherDeviceAdds("Chess")
    #expect(try feed.step() == true)
    try followed.otherDeviceAdds("Go")
    #expect(try feed.step() == true)
    #expect(try feed.store.gamesWithAccess().map(\.summary.game.title).sorted() == ["Chess", "Go", "Poker"])
    #expect(followed.enginesMade == 1)
  }

  @Test(
    "each fetch has the whole budget for its retries, however many came before it",
    arguments: signalling)
  func budgetPerFetch(backing: CloudBacking) throws {
    let followed = try Followed(backing)
    followed.budget = 0.5
    let cloud = followed.world.cloud
    for title in ["Poker", "Chess", "Go"] {
      try followed.otherDeviceAdds(title)
      cloud.inject(try CloudFault.parse("request-rate-limited:0.3"))
      // Three waits of 0.3 s: more than the budget, all together.
      #expect(try followed.feed.step() == true)
      #expect(followed.cloud.connection == .live)
    }
    #expect(try followed.feed.store.gamesWithAccess().count == 3)
  }

  @Test(
    "a failure is reported once, in its words, however many retries meet it; then that the cloud is back")
  func failureReportedOnce() async throws {
    let followed = try Followed(.memory)
    followed.budget = 0
    var events: [CloudFeed.Event] = []
    followed.cloud.report = { events.append($0) }
    followed.world.cloud.inject(try CloudFault.parse("network-unavailable*2"))
    let words = "\(SyncError.stopped(.networkUnavailable, pending: 0))"
    // The feed's share of each longest wait (1 s, then 2 s) is 0.75.
    for retryIn in [0.75, 1.5] {
      #expect(try followed.feed.step() == false)
      guard case .offline(let said, let retryAt) = followed.cloud.connection else {
        Issue.record("not offline: \(followed.cloud.connection)")
        return
      }
      #expect(said == words)
      #expect((retryIn - 0.5...retryIn).contains(retryAt.remaining), "\(retryAt.remaining)")
      #expect(events == [.lost(words)])
      // Not due again before the retry.
      #expect(try followed.feed.step() == false)
      try await Task.sleep(for: .seconds(retryAt.remaining))
    }
    #expect(try followed.feed.step() == true)
    #expect(events == [.lost(words), .regained])
    #expect(followed.cloud.connection == .live)
    #expect(followed.enginesMade == 1)
  }

  @Test(
    "a database another file replaced is opened again: the feed reads the new one, fetched by a new engine")
  func replacedDatabase() throws {
    let world = try SyncScenario(backing: .file)
    let alice = world[0]
    let path = alice.store.path
    let dependencies = Dependencies(
      uuid: .incrementing(startingAt: 3 << 32 + 1), clock: world.clock.clock, device: .device(3))
    var current = alice.store
    var enginesMade = 0
    let cloud = CloudFeed(
      engine: {
        enginesMade += 1
        return SyncEngine(
          store: current, container: world.cloud.container("alice"), cloudLocation: world.cloud.location,
          timing: .virtual(budget: 30))
      }, share: { 0.75 })
    let feed = try ChangeFeed(
      store: alice.store,
      reopen: {
        current.close()
        current = try Store(path: path, dependencies: dependencies)
        return current
      }, cloud: cloud)
    #expect(try feed.step() == true)
    // A backup of the database, changed, restored over it (another file
    // renamed into its place).
    let directory = try TemporaryDirectory()
    let backup = directory.file("backup.sqlite")
    try alice.store.database.execute("VACUUM INTO ?1", [.text(backup)])
    let other = try Store(path: backup, dependencies: dependencies)
    _ = try other.addGame(title: "Chess")
    other.close()
    _ = try DatabaseRestore.restore(backup, over: path, dependencies: dependencies)
    #expect(try feed.takeChanges() == true)
    #expect(feed.store === current)
    let titles = try feed.store.gamesWithAccess().map(\.summary.game.title)
    #expect(titles == ["Chess"])
    // The next fetch is on the new connection.
    _ = try world[1].store.addGame(title: "Poker")
    try world[1].send()
    #expect(try feed.wait(until: .after(60)) == [])
    #expect(try feed.step() == true)
    #expect(cloud.connection == .live)
    #expect(try feed.store.gamesWithAccess().map(\.summary.game.title).sorted() == ["Chess", "Poker"])
    #expect(enginesMade == 2)
  }
}
