import Foundation
@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

/// Every schema version ever shipped has a fixture database made by that
/// version's code; each must upgrade to the current schema with its data
/// intact. The list of versions comes from `Schema.migrations`, so the next
/// version gets these tests by adding its fixture (`make fixtures`).
@Suite struct SchemaFixtureTests {
  static let fixtures = FixtureFolder(packageRoot + "/Fixtures/databases")
  static let versions = Array(1...Schema.currentVersion)

  @Test(
    "the fixture of each shipped version upgrades to the current schema, data intact",
    arguments: versions)
  func upgrades(version: Int) throws {
    let scratch = try TemporaryDirectory()
    let copy = scratch.file("v\(version).sqlite")
    try Self.fixtures.copy(version, to: copy)
    let upgraded = try DatabaseFile.open(at: copy, dependencies: .fixtures)
    let fresh = try DatabaseFile.open(at: scratch.file("fresh.sqlite"), dependencies: .fixtures)
    // The first write makes the claim an opened file is due (`DeviceClaim`).
    try upgraded.write {}

    #expect(try upgraded.schemaDump() == fresh.schemaDump())
    let carried = try Self.tables(of: upgraded, at: copy)
    var expected = FixtureDataSet.expectedAfterUpgrade(fromVersion: version)
    if version >= 6 {
      // From v6 on a fixture knows the file it was made in, and the copy
      // opened here is another file: a device of its own, which has made
      // no changes yet (`DatabaseFile.claimDevice`).
      expected["localChanges"] = []
    }
    expectNoDifference(expected, carried)
    #expect(
      try upgraded.rows(of: "schemaMigrations", columns: ["version", "identifier"])
        == Schema.migrations.map { [.integer(Int64($0.version)), .text($0.identifier)] })
    #expect(try upgraded.fetchAll("PRAGMA foreign_key_check") { $0.value(0) } == [])
    #expect(try upgraded.fetchAll("PRAGMA integrity_check") { try $0.text(0) } == ["ok"])
  }

  @Test("SHA256SUMS lists every fixture, and no fixture was edited")
  func manifest() throws {
    try Self.fixtures.expectManifest(versions: Self.versions)
  }

  @Test("the fixture data set of each version is what the current store reads back")
  func dataSetMatchesStore() throws {
    // Guards the data set itself: filled through the store today, the
    // current version's data reads back exactly as expected.
    let scratch = try TemporaryDirectory()
    let store = try Store(path: scratch.file("db.sqlite"), dependencies: .fixtures)
    try FixtureDataSet.fill(store, version: Schema.currentVersion)
    let tables = try Self.tables(of: store.database, at: scratch.file("db.sqlite"))
    expectNoDifference(FixtureDataSet.expectedAfterUpgrade(fromVersion: Schema.currentVersion), tables)
  }

  /// Every table's rows but the migration ledger's, with the device's file
  /// (if it is the file at `path`, as it must be) as `FixtureDataSet.thisFile`.
  static func tables(of db: Database, at path: String) throws -> FixtureDataSet.Tables {
    var tables: FixtureDataSet.Tables = [:]
    for table in try db.tableNames() where table != "schemaMigrations" {
      tables[table] = try db.rows(of: table, columns: try db.columnNames(of: table))
    }
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    let file = SQLValue.text("\(attributes[.systemNumber]!):\(attributes[.systemFileNumber]!)")
    tables["localDevice"] = tables["localDevice"]?.map { row in
      row.map { $0 == file ? FixtureDataSet.thisFile : $0 }
    }
    return tables
  }

  /// `make fixtures` records the current version's fixture when it is
  /// missing; without it, a missing fixture fails. An existing one is never
  /// rewritten.
  @Test("the current schema version has its fixture")
  func currentFixtureExists() throws {
    let version = Schema.currentVersion
    let path = Self.fixtures.file(version)
    guard !FileManager.default.fileExists(atPath: path) else { return }
    guard ProcessInfo.processInfo.environment["SCOREKEEPER_RECORD_FIXTURE"] == "1" else {
      Issue.record("No fixture for schema version \(version) at \(path): run `make fixtures`.")
      return
    }
    let scratch = try TemporaryDirectory()
    let store = try Store(path: scratch.file("source.sqlite"), dependencies: .fixtures)
    try FixtureDataSet.fill(store, version: version)
    // One self-contained file, without a WAL beside it. VACUUM INTO writes
    // a rollback-journal file; switch it back to WAL, as every database
    // this version creates is.
    try store.database.execute("VACUUM INTO ?1", [.text(path)])
    try Database(path: path, create: false).execute("PRAGMA journal_mode = WAL")
    let line = "\(try sha256Hex(fileAt: path))  v\(version).sqlite\n"
    let manifest = Self.fixtures.path + "/SHA256SUMS"
    let existing = (try? String(contentsOfFile: manifest, encoding: .utf8)) ?? ""
    try (existing + line).write(toFile: manifest, atomically: true, encoding: .utf8)
    Issue.record("Recorded \(path); commit it with Fixtures/databases/SHA256SUMS.")
  }
}

extension Dependencies {
  /// Ids counting down from ffffffff-…, as in the fixtures; a fixed clock.
  static var fixtures: Dependencies {
    Dependencies(
      uuid: .negative(), clock: .constant(Timestamp(iso8601: "2026-01-01T00:00:00Z")!), device: .device(1))
  }
}
