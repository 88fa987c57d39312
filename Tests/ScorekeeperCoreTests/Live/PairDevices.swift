import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// Three of alice's devices syncing through a `TestStandbyPair`'s
/// multi-host string, holding "Poker" (Ann, Bob), all synced; and the
/// story the takeover and restore tests tell: changes the server
/// acknowledges, then loses, while the devices keep them.
struct PairDevices {
  let pair: TestStandbyPair
  let devices: [TestDevice]
  /// (The devices' own cloud is never used: each syncs through the pair.)
  private let unused: TestCloud

  init(_ pair: TestStandbyPair) throws {
    self.pair = pair
    try pair.ensureUser("alice")
    let clock = ManualClock()
    unused = try TestCloud(.memory, clock: clock.clock)
    let cloud = unused
    devices = try (1...3).map { try TestDevice(UInt64($0), cloud: cloud, clock: clock) }
    _ = try devices[0].store.addGame(title: "Poker")
    for name in ["Ann", "Bob"] { _ = try devices[0].store.addPlayer(to: "Poker", name: name) }
    for device in devices { _ = try sync(device) }
  }

  func sync(_ device: TestDevice) throws -> SyncReport {
    try device.sync(
      through: LiveCloud(connectionString: pair.primaryConnectionString(user: "alice")).container())
  }

  /// Acknowledged by the server: device 1's score (Ann +5) and a new game
  /// (Chess), which device 2 fetches; device 3 scores (Bob +3) without
  /// syncing.
  func changeWhatWillBeLost(sourceLocation: SourceLocation = #_sourceLocation) throws {
    _ = try devices[0].store.score(in: "Poker", "Ann", .add(5))
    _ = try devices[0].store.addGame(title: "Chess")
    #expect(try sync(devices[0]).sent == 2, sourceLocation: sourceLocation)
    #expect(try sync(devices[1]).received == 2, sourceLocation: sourceLocation)
    _ = try devices[2].store.score(in: "Poker", "Bob", .add(3))
  }

  /// Each device in `order` (indices) syncs once and repairs; then each
  /// syncs twice more with nothing to repair, and all hold the same, with
  /// nothing waiting: both games, and both scores.
  func expectRepairs(in order: [Int], sourceLocation: SourceLocation = #_sourceLocation) throws {
    for index in order {
      let report = try sync(devices[index])
      #expect(
        report.historyWentBack && report.problem == nil, "\(devices[index].name)",
        sourceLocation: sourceLocation)
    }
    for _ in 0..<2 {
      for device in devices {
        #expect(try sync(device).historyWentBack == false, sourceLocation: sourceLocation)
      }
    }
    let contents = try devices[0].contents()
    for device in devices {
      expectNoDifference(contents, try device.contents(), sourceLocation: sourceLocation)
      #expect(try device.unsynced() == [], "\(device.name)", sourceLocation: sourceLocation)
    }
    #expect(
      try devices[2].store.games().map(\.game.title).sorted() == ["Chess", "Poker"],
      sourceLocation: sourceLocation)
    #expect(
      try devices[2].store.database.fetchAll("SELECT delta FROM scoreEvents ORDER BY delta") {
        try $0.int64(0)
      }
        == [3, 5], sourceLocation: sourceLocation)
  }
}
