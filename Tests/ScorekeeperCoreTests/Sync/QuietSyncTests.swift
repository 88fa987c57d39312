import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// A sync that finds nothing to send and nothing new writes nothing, so
/// the sync around a reading command costs about what a read costs.
@Suite struct QuietSyncTests {
  /// The recorded sync state: when the cloud last answered, and any error or outage.
  func recorded(_ device: TestDevice) throws -> [String] {
    let status = try device.store.syncStatus()
    return [
      "lastSyncAt \(status.lastSyncAt.map(\.iso8601) ?? "nil")", "lastError \(status.lastError ?? "nil")",
      "outage \(status.outage.map { "\($0.since.iso8601) to \($0.retryAt.iso8601)" } ?? "nil")",
    ]
  }

  func at(_ seconds: Int64) -> String {
    Timestamp(millisecondsSince1970: testNow.millisecondsSince1970 + seconds * 1000).iso8601
  }

  @Test(
    "within a minute of the last recorded sync, a sync with nothing to do writes nothing; after it, the time",
    arguments: CloudBacking.backends)
  func nothingToDoWritesNothing(backing: CloudBacking) throws {
    let world = try SyncScenario(devices: 1, backing: backing)
    let device = world[0]
    _ = try device.store.addGame(title: "Poker")
    #expect(try device.sync().counts == SyncReport.counts(sent: 1))
    #expect(try recorded(device) == ["lastSyncAt \(at(0))", "lastError nil", "outage nil"])

    world.clock.advance(milliseconds: 59_999)
    let changes = device.store.database.totalChanges
    #expect(try device.sync().counts == SyncReport.counts())
    #expect(try device.send().counts == SyncReport.counts())
    #expect(try device.fetch().counts == SyncReport.counts())
    #expect(device.store.database.totalChanges == changes)
    #expect(try recorded(device) == ["lastSyncAt \(at(0))", "lastError nil", "outage nil"])

    world.clock.advance(milliseconds: 1)
    #expect(try device.sync().counts == SyncReport.counts())
    #expect(try recorded(device) == ["lastSyncAt \(at(60))", "lastError nil", "outage nil"])
  }

  @Test(
    "a sync that succeeds clears an error and an outage however recent the last sync",
    arguments: CloudBacking.backends)
  func successClearsAnOutageAtOnce(backing: CloudBacking) throws {
    let world = try SyncScenario(devices: 1, backing: backing)
    let device = world[0]
    try device.sync()
    world.clock.advance(milliseconds: 10_000)
    world.cloud.inject(Array(repeating: CloudFault(.networkUnavailable), count: 100))
    _ = try? device.engine(budget: 0).sync()
    // The first retry waits under a second (a share of one: SyncOutageTests).
    let outage = try #require(try device.store.syncOutage())
    #expect(
      try recorded(device) == [
        "lastSyncAt \(at(0))", "lastError The network is unavailable.",
        "outage \(at(10)) to \(outage.retryAt.iso8601)",
      ])
    #expect(outage.retryAt.millisecondsSince1970 - outage.since.millisecondsSince1970 < 1_000)

    world.cloud.clearFaults()
    world.clock.advance(milliseconds: 10_000)
    #expect(try device.sync().counts == SyncReport.counts())
    #expect(try recorded(device) == ["lastSyncAt \(at(20))", "lastError nil", "outage nil"])
  }

  @Test(
    "a clock set back (before the recorded sync) records the time again", arguments: CloudBacking.backends)
  func clockSetBack(backing: CloudBacking) throws {
    let world = try SyncScenario(devices: 1, backing: backing)
    let device = world[0]
    try device.store.database.execute("UPDATE syncState SET lastSyncAt = ?1", [.text(at(30))])
    #expect(try device.sync().counts == SyncReport.counts())
    #expect(try recorded(device) == ["lastSyncAt \(at(0))", "lastError nil", "outage nil"])
  }
}
