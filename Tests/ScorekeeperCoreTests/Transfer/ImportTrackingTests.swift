import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// An import records its rows for sync at its end, one statement a table
/// (`ImportTracking`), not by the sync triggers row by row: it must record
/// exactly what the triggers would have.
@Suite struct ImportTrackingTests {
  /// An export of the fixture data: every synced table, a removed photo
  /// (its fields cleared), teams, rounds, decimals, person links.
  static func export() throws -> [UInt8] {
    let source = try TestStore()
    try FixtureDataSet.fill(source.store, version: Schema.currentVersion)
    var bytes: [UInt8] = []
    try source.store.transfer.exportJSON(games: []) { bytes.append(contentsOf: $0) }
    return bytes
  }

  /// The sync metadata: what waits to be sent, and when each field changed.
  static func tracked(_ test: TestStore, without game: String) throws -> [String: [[SQLValue]]] {
    let records = try test.database.rows(
      of: "syncRecords",
      columns: [
        "recordName", "tableName", "rowID", "zoneName", "ownerName", "parentRecordName", "serverChangeTag",
        "state", "changeCount",
      ])
    let times = try test.database.rows(of: "syncFieldTimes", columns: ["recordName", "field", "modifiedAt"])
    let isOther = { (row: [SQLValue]) in row[0] != .text(game + ":games") }
    return ["syncRecords": records.filter(isOther), "syncFieldTimes": times.filter(isOther)]
  }

  /// A database of its own ids, and one whose games table holds the
  /// largest rowid there is: SQLite then chooses new rowids at random, the
  /// import cannot tell its rows by rowid, and the triggers track them.
  static func deferredAndTriggered() throws -> (deferred: TestStore, triggered: TestStore, marker: String) {
    let deferred = try TestStore(uuid: .incrementing(startingAt: 1 << 40))
    let triggered = try TestStore(uuid: .incrementing(startingAt: 1 << 40))
    let marker = negativeID(0)
    try triggered.database.execute(
      "INSERT INTO games (rowid, id, title) VALUES (9223372036854775807, ?1, 'Rowid at its largest')",
      [.text(marker)])
    #expect(try ImportTracking(database: deferred.database) != nil)
    #expect(try ImportTracking(database: triggered.database) == nil)
    return (deferred, triggered, marker)
  }

  @Test("more rows than one statement tracks: every one, across the statements' bounds")
  func manyRows() throws {
    let source = try TestStore()
    _ = try source.store.addGame(title: "Marathon")
    _ = try source.store.addPlayer(to: "Marathon", name: "Ann")
    let ann = try source.database.fetchOne("SELECT id FROM players") { try $0.text(0) }!
    try source.database.write {
      try source.database.execute(
        """
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10005)
        INSERT INTO scoreEvents (id, playerID, delta, time, device)
        SELECT printf('%08x-0000-4000-8000-000000000000', i), ?1, i % 7, '2026-01-01T00:00:00.000Z',
          (SELECT id FROM localDevice)
        FROM n
        """, [.text(ann)])
    }
    var file: [UInt8] = []
    try source.store.transfer.exportJSON(games: []) { file.append(contentsOf: $0) }
    let (deferred, triggered, marker) = try Self.deferredAndTriggered()
    for test in [deferred, triggered] {
      _ = try test.store.transfer.importExport(from: ImportSource(bytes: file), dryRun: false)
    }
    let tracked = try Self.tracked(deferred, without: marker)
    #expect(tracked["syncRecords"]!.count == 10007)  // the game, Ann, her 10,005 changes
    expectNoDifference(tracked, try Self.tracked(triggered, without: marker))
  }

  @Test(
    "rows an import adds, and rows it brings back after a deletion, are tracked as the triggers track them")
  func trackedAsByTriggers() throws {
    let file = try Self.export()
    let (deferred, triggered, marker) = try Self.deferredAndTriggered()
    for test in [deferred, triggered] {
      // Rows here before the import stay as they were.
      _ = try test.store.addGame(title: "Here before")
      _ = try test.store.addPlayer(to: "Here before", name: "Cy", score: 3)
      _ = try test.store.transfer.importExport(from: ImportSource(bytes: file), dryRun: false)
    }
    let first = try Self.tracked(deferred, without: marker)
    #expect(first["syncRecords"]!.count > 40)
    expectNoDifference(first, try Self.tracked(triggered, without: marker))

    // Deleted here, then imported again: its records wait to be saved again.
    for test in [deferred, triggered] {
      _ = try test.store.deleteGame("Hearts")
      _ = try test.store.transfer.importExport(from: ImportSource(bytes: file), dryRun: false)
    }
    let again = try Self.tracked(deferred, without: marker)
    #expect(again != first)
    expectNoDifference(again, try Self.tracked(triggered, without: marker))
  }
}
