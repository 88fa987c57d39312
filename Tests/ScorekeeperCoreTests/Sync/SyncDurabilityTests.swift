import Foundation
import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// The sync engine's commits do not wait for the disk (what they record
/// can be done again); a command's do (what it records exists nowhere
/// else yet).
@Suite struct SyncDurabilityTests {
  /// SQLite's `synchronous` at each commit of `device`'s database, from
  /// the moment this is called.
  final class CommitLog {
    var settings: [Int64] = []

    init(_ device: TestDevice) {
      let database = device.store.database
      let storeHook = database.beforeCommit
      database.beforeCommit = { [unowned self] db in
        try storeHook?(db)
        settings.append(try db.fetchOne("PRAGMA synchronous") { try $0.int64(0) } ?? -1)
      }
    }

    /// The settings logged since the last call.
    func take() -> [Int64] {
      defer { settings = [] }
      return settings
    }
  }

  static let full: Int64 = 2
  static let normal: Int64 = 1

  @Test(
    "every commit of a sync, sending or fetching, is made without waiting for the disk; every command's waits",
    arguments: CloudBacking.backends)
  func engineCommitsDoNotWait(backing: CloudBacking) throws {
    let world = try SyncScenario(devices: 2, backing: backing)
    let (first, second) = (CommitLog(world[0]), CommitLog(world[1]))

    _ = try world[0].store.addGame(title: "Poker")
    _ = try world[0].store.addPlayer(to: "Poker", name: "Ann", score: 5)
    #expect(first.take() == [Self.full, Self.full])
    #expect(try world[0].sync().counts == SyncReport.counts(sent: 3))
    let sending = first.take()
    #expect(!sending.isEmpty && sending.allSatisfy { $0 == Self.normal }, "\(sending)")

    #expect(try world[1].sync().counts == SyncReport.counts(received: 3))
    let fetching = second.take()
    #expect(!fetching.isEmpty && fetching.allSatisfy { $0 == Self.normal }, "\(fetching)")
    _ = try world[1].store.score(in: "Poker", "Ann", .add(2))
    #expect(second.take() == [Self.full])
  }

  @Test("a sync's commits checkpoint the log once, at its end, not every 256 pages along the way")
  func oneCheckpointASync() throws {
    let world = try SyncScenario(devices: 2)
    try world[0].store.fillMarathon()
    try world[0].sync()
    let log = world[1].store.database.path + "-wal"
    func logSize() -> Int {
      ((try? FileManager.default.attributesOfItem(atPath: log))?[.size] as? Int) ?? -1
    }
    var sizes: [Int] = []
    let engine = world[1].engine(
      fetchPageSize: 50, observer: SyncObserver(pageApplied: { sizes.append(logSize()) }))
    #expect(try engine.fetch().counts == SyncReport.counts(received: 1_011))
    // Each page's commit adds to the log, none empties it, though it
    // grew past the 256 pages a command's commit checkpoints at.
    #expect(sizes.count == 21 && sizes == sizes.sorted(), "\(sizes)")
    #expect(sizes.last! > 256 * 4_096, "\(sizes)")
    #expect(logSize() == 0)
  }
}
