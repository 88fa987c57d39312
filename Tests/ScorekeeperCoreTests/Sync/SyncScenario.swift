import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// Devices of one or more users on one fresh cloud of the test's backing
/// (the mock in memory unless named), with one clock that the test moves
/// by hand.
final class SyncScenario {
  let clock = ManualClock()
  let cloud: TestCloud
  private(set) var devices: [TestDevice] = []

  init(devices count: UInt64 = 2, backing: CloudBacking = .memory) throws {
    cloud = try TestCloud(backing, clock: clock.clock)
    for number in 1...count { devices.append(try TestDevice(number, cloud: cloud, clock: clock)) }
  }

  subscript(_ index: Int) -> TestDevice { devices[index] }

  /// Syncs every device in turn until a whole round changes nothing (at
  /// most five rounds), then checks they converged: equal contents,
  /// nothing pending or parked, every cached score the sum of its events.
  /// Returns the shared contents.
  @discardableResult
  func converge(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
    for _ in 0..<5 {
      var quiet = true
      for device in devices {
        let report = try device.sync()
        quiet = quiet && report.sent == 0 && report.received == 0 && report.merged == 0
      }
      if quiet { break }
    }
    let first = try devices[0].contents()
    let photos = try devices[0].photoBytes()
    for device in devices {
      expectNoDifference(first, try device.contents(), sourceLocation: sourceLocation)
      // Byte for byte, not only by the hashes `contents` shows.
      #expect(try device.photoBytes() == photos, "\(device.name)", sourceLocation: sourceLocation)
      #expect(try device.photosMatchHashes(), "\(device.name)", sourceLocation: sourceLocation)
      #expect(try device.unsynced() == [], "\(device.name)", sourceLocation: sourceLocation)
      #expect(try device.scoresMatchEvents(), "\(device.name)", sourceLocation: sourceLocation)
      // The same log replays to the same outcome: who won, what counts.
      // The same finished games, the same ratings.
      #expect(
        try device.store.people.all() == devices[0].store.people.all(), "\(device.name)",
        sourceLocation: sourceLocation)
      // Results kept from before the sync are those read from scratch.
      let kept = try device.store.finishedResults()
      try device.store.database.execute("DELETE FROM finishedResults")
      #expect(try device.store.finishedResults() == kept, "\(device.name)", sourceLocation: sourceLocation)
      for system in RatingSystem.allCases {
        #expect(
          Leaderboard(folding: try device.store.finishedResults(), system: system)
            == Leaderboard(folding: try devices[0].store.finishedResults(), system: system),
          "\(device.name): \(system)", sourceLocation: sourceLocation)
      }
      for game in try devices[0].store.games() {
        #expect(
          try device.store.state(of: game.game.id).1 == devices[0].store.state(of: game.game.id).1,
          "\(device.name): \(game.game.title)", sourceLocation: sourceLocation)
        // The state read without replaying is the replay's.
        #expect(
          try device.store.state(of: game.game.id).1
            == device.store.state(of: game.game.id, replayingAlways: true).1,
          "\(device.name): \(game.game.title)", sourceLocation: sourceLocation)
      }
    }
    return first
  }
}

/// `SyncReport` as a dictionary of its counts, for whole-value assertions.
extension SyncReport {
  var counts: [String: Int] {
    [
      "sent": sent, "received": received, "merged": merged, "discarded": discarded,
      "refused": refused, "retries": retries,
    ]
  }

  static func counts(
    sent: Int = 0, received: Int = 0, merged: Int = 0, discarded: Int = 0, refused: Int = 0,
    retries: Int = 0
  ) -> [String: Int] {
    [
      "sent": sent, "received": received, "merged": merged, "discarded": discarded,
      "refused": refused, "retries": retries,
    ]
  }
}
