import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// What syncing one change costs a device, counted in SQLite's
/// instructions (the same on every run) rather than timed: the work of
/// that change, whatever the database holds. `make bench` times the same
/// on 100,000 rows ("sync of 1 change").
@Suite struct OneChangeWorkTests {
  @Test("a sync of one change does the same work on a database of 3,000 synced rows as on one of 100")
  func oneChange() throws {
    let small = try work(rows: 100)
    let large = try work(rows: 3_000)
    // A statement reading every synced row (a query the partial index of
    // pending rows could not serve) made it 16 times the work.
    #expect(Double(large) / Double(small) < 1.2, "\(small) → \(large) thousand instructions")
  }

  /// The device's work to sync one new score change, after a game of
  /// `rows` rows in all (one player, the rest score events) synced.
  private func work(rows: Int) throws -> Int {
    let world = try SyncScenario(devices: 1)
    let device = world[0]
    _ = try device.store.addGame(title: "Marathon")
    _ = try device.store.addPlayer(to: "Marathon", name: "Ann")
    try device.store.database.write {
      try device.store.database.execute(
        """
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
        INSERT INTO scoreEvents (playerID, delta, device)
        SELECT (SELECT id FROM players), 1, (SELECT id FROM localDevice) FROM n
        """, [.integer(Int64(rows - 2))])
    }
    #expect(try device.sync().sent == rows)
    _ = try device.store.score(in: "Marathon", "Ann", .add(1))
    let (report, work) = try device.store.database.countingWork { try device.sync() }
    #expect(report.sent == 1)
    return work
  }
}

extension OneChangeWorkTests {
  @Test(
    "a fetch records what is new to the device with plain inserts: an upsert's update trigger costs a journal"
  )
  func newRecordsInserted() throws {
    let world = try SyncScenario(devices: 2)
    _ = try world[0].store.addGame(title: "Hearts")
    _ = try world[0].store.addPlayer(to: "Hearts", name: "Ann")
    _ = try world[0].store.score(in: "Hearts", "Ann", .add(5))
    _ = try world[0].sync()
    final class Texts { var value: [String] = [] }
    let texts = Texts()
    world[1].store.database.trace { texts.value.append($0) }
    let report = try world[1].sync()
    world[1].store.database.trace(nil)
    #expect(report.received == 3)
    // (The trace gives each statement's text with its values.) Each
    // record's first write is a plain insert: the game's, the player's,
    // then the event's; the game and the player, whose fields merge, are
    // written before their rows (their field times refer to them), and
    // take their state after.
    let writes = texts.value.filter { $0.contains("INTO syncRecords") }
    let described = writes.map { text in
      let table = ["games", "players", "scoreEvents"].first { text.contains(", '\($0)', ") } ?? "?"
      return table + (text.contains("ON CONFLICT") ? " upsert" : " insert")
    }
    #expect(
      described == [
        "games insert", "games upsert", "players insert", "players upsert", "scoreEvents insert",
      ])
  }
}
