import Foundation
import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// A new database is made from the schema's baseline, not by replaying the
/// migrations it stands for; the two must make the same file.
@Suite struct SchemaBaselineTests {
  static let recordedFile = packageRoot + "/Sources/ScorekeeperCore/Schema/Schema+Baseline.swift"

  /// A new file at `path`, made the way `history` makes one.
  static func made(at path: String, by history: SchemaHistory) throws -> Database {
    let db = try Database(path: path)
    try db.install(.fixtures)
    _ = try db.switchToWAL()
    try Migrator(history).migrate(db)
    return db
  }

  /// Every table's rows, the ledger's included (each step is recorded, and
  /// when: the clock is fixed).
  static func rows(of db: Database) throws -> [String: [[SQLValue]]] {
    var tables: [String: [[SQLValue]]] = [:]
    for table in try db.tableNames() {
      tables[table] = try db.rows(of: table, columns: try db.columnNames(of: table))
    }
    return tables
  }

  @Test("a new database made from the baseline is the one every migration replayed makes, row for row")
  func baselineMakesWhatReplayingMakes() throws {
    let scratch = try TemporaryDirectory()
    let history = Schema.history
    let baseline = try #require(history.baseline)
    #expect(baseline.version >= 1 && baseline.version <= Schema.currentVersion)
    let fromBaseline = try Self.made(at: scratch.file("baseline.sqlite"), by: history)
    let replayed = try Self.made(at: scratch.file("replayed.sqlite"), by: history.replayingEveryStep)

    #expect(try fromBaseline.schemaDump() == replayed.schemaDump())
    expectNoDifference(try Self.rows(of: replayed), try Self.rows(of: fromBaseline))
    #expect(try fromBaseline.fetchAll("PRAGMA integrity_check") { try $0.text(0) } == ["ok"])
  }

  @Test("the ledger of a database made from the baseline records every step it stands for")
  func ledgerRecordsEveryStep() throws {
    let scratch = try TemporaryDirectory()
    let db = try Self.made(at: scratch.file("db.sqlite"), by: Schema.history)
    #expect(
      try db.rows(of: Schema.ledgerTable, columns: ["version", "identifier", "appliedAt"])
        == Schema.migrations.map {
          [.integer(Int64($0.version)), .text($0.identifier), .text("2026-01-01T00:00:00.000Z")]
        })
    #expect(try db.userVersion() == Schema.currentVersion)
  }

  /// `make fixtures` records the baseline again from the migrations (when
  /// a migration was added, or one should be folded in); otherwise the
  /// recorded file must be exactly what recording would write for its
  /// version.
  @Test("the recorded baseline is what the migrations up to its version make")
  func recordedBaselineIsCurrent() throws {
    let recording = ProcessInfo.processInfo.environment["SCOREKEEPER_RECORD_FIXTURE"] == "1"
    let version = recording ? Schema.currentVersion : try #require(Schema.history.baseline).version
    let scratch = try TemporaryDirectory()
    let history = SchemaHistory(
      applicationID: Schema.applicationID, migrations: Array(Schema.migrations.prefix(version)),
      functions: Schema.history.functions)
    let db = try Self.made(at: scratch.file("db.sqlite"), by: history)
    // The tables first, then the indexes, then the triggers and views,
    // each kind in the order made: each statement finds what it names.
    let statements = try db.fetchAll(
      """
      SELECT sql FROM sqlite_schema
      WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' AND tbl_name NOT IN (?1, 'deterministicIDs')
      ORDER BY CASE type WHEN 'table' THEN 0 WHEN 'index' THEN 1 ELSE 2 END, rowid
      """, [.text(Schema.ledgerTable)]
    ) { try $0.text(0) }
    let source = Self.source(version: version, statements: statements)
    if recording {
      try source.write(toFile: Self.recordedFile, atomically: true, encoding: .utf8)
      Issue.record("Recorded \(Self.recordedFile) at version \(version); commit it.")
      return
    }
    expectNoDifference(source, try String(contentsOfFile: Self.recordedFile, encoding: .utf8))
  }

  /// The Swift source holding the baseline: each statement a raw string
  /// literal with more `#` than any run of them in it, indented as
  /// `swift format` wants (a literal's closing delimiter sets the margin).
  static func source(version: Int, statements: [String]) -> String {
    var source = """
      // Recorded by `make fixtures` (SchemaBaselineTests) from a database made by
      // replaying every migration up to \(version); not edited by hand.

      extension Schema {
        static let baseline = SchemaBaseline(
          version: \(version),
          schema: [

      """
    for statement in statements {
      var hashes = "#"
      while statement.contains("\"" + hashes) || statement.contains("\\" + hashes) { hashes += "#" }
      let indented = statement.split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.isEmpty ? "" : "      " + $0 }.joined(separator: "\n")
      source += "      \(hashes)\"\"\"\n\(indented)\n      \"\"\"\(hashes),\n"
    }
    return source + "    ],\n    seed: seed)\n}\n"
  }
}
