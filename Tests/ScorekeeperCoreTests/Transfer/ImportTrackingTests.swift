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
    try source.store.exportJSON(games: []) { bytes.append(contentsOf: $0) }
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

  @Test(
    "rows an import adds, and rows it brings back after a deletion, are tracked as the triggers track them")
  func trackedAsByTriggers() throws {
    let file = try Self.export()
    // (Ids of their own, apart from the file's.)
    let deferred = try TestStore(uuid: .incrementing(startingAt: 1 << 40))
    // A row with the largest rowid there is makes SQLite choose new
    // rowids at random: the import cannot tell its rows by rowid, and
    // the triggers track them.
    let triggered = try TestStore(uuid: .incrementing(startingAt: 1 << 40))
    let marker = negativeID(0)
    try triggered.database.execute(
      "INSERT INTO games (rowid, id, title) VALUES (9223372036854775807, ?1, 'Rowid at its largest')",
      [.text(marker)])
    #expect(try ImportTracking(database: deferred.database) != nil)
    #expect(try ImportTracking(database: triggered.database) == nil)
    for test in [deferred, triggered] {
      // Rows here before the import stay as they were.
      _ = try test.store.addGame(title: "Here before")
      _ = try test.store.addPlayer(to: "Here before", name: "Cy", score: 3)
      _ = try test.store.importExport(from: ImportSource(bytes: file), dryRun: false)
    }
    let first = try Self.tracked(deferred, without: marker)
    #expect(first["syncRecords"]!.count > 40)
    expectNoDifference(first, try Self.tracked(triggered, without: marker))

    // Deleted here, then imported again: its records wait to be saved again.
    for test in [deferred, triggered] {
      _ = try test.store.deleteGame("Hearts")
      _ = try test.store.importExport(from: ImportSource(bytes: file), dryRun: false)
    }
    let again = try Self.tracked(deferred, without: marker)
    #expect(again != first)
    expectNoDifference(again, try Self.tracked(triggered, without: marker))
  }
}
