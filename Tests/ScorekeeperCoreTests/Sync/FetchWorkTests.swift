import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// How a fetch's work grows with what it brings, counted in SQLite's
/// instructions (the same on every run) rather than timed.
@Suite struct FetchWorkTests {
  @Test(
    "a fetch whose parents come last does work in proportion to its pages, not to their square"
  )
  func parentsLast() throws {
    let fewer = try fetchWork(events: 120)
    let twice = try fetchWork(events: 240)
    // Parking each page's events and unparking them all at the end is
    // linear; looking at every parked record after each page was not
    // (2.6 times the work for twice the events; 2.1 now).
    #expect(Double(twice) / Double(fewer) < 2.3, "\(fewer) → \(twice) thousand instructions")
  }

  /// The work of fetching a game, a player and `events` of its score
  /// events, in pages of 2, on a second device. Saving the events (after
  /// the player) gave the player a new change, so it comes after every
  /// event: the first page fetches it (and the game) by name, and no
  /// event waits for it.
  private func fetchWork(events: Int) throws -> Int {
    let world = try SyncScenario()
    _ = try world[0].store.addGame(title: "Marathon")
    _ = try world[0].store.addPlayer(to: "Marathon", name: "Ann")
    try world[0].sync()
    try world[0].store.database.write {
      try world[0].store.database.execute(
        """
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
        INSERT INTO scoreEvents (playerID, delta, device)
        SELECT (SELECT id FROM players), 1, (SELECT id FROM localDevice) FROM n
        """, [.integer(Int64(events))])
    }
    try world[0].sync()
    // Counted on a connection of its own, whose work is not the fetch's.
    let observer = try world[1].secondProcess().database
    var parkedAfterPage: [Int] = []
    let engine = world[1].engine(
      fetchPageSize: 2,
      observer: SyncObserver(pageApplied: {
        parkedAfterPage.append(
          (try? observer.fetchOne("SELECT count(*) FROM syncRecords WHERE state = 'parked'") { try $0.int(0) })
            ?? -1)
      }))
    let (report, work) = try world[1].store.database.countingWork { try engine.fetch() }
    #expect(report.counts == SyncReport.counts(received: events + 2))
    #expect(parkedAfterPage == Array(repeating: 0, count: events / 2 + 1))
    try world.converge()
    return work
  }
}
