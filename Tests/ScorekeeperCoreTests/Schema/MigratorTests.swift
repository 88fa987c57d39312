import ScorekeeperTestSupport
import Testing

@testable import ScorekeeperCore

@Suite struct MigratorTests {
  let directory: TemporaryDirectory
  let db: Database

  init() throws {
    directory = try TemporaryDirectory()
    db = try Database(path: directory.file("test.sqlite"))
    try db.install(Dependencies(uuid: .incrementing(), clock: .constant(testNow), device: .device(1)))
  }

  static let first = Migration(
    version: 1, identifier: "first", sql: "CREATE TABLE a (id INTEGER PRIMARY KEY);")
  static let second = Migration(
    version: 2, identifier: "second",
    sql: "CREATE TABLE b (aID INTEGER REFERENCES a (id)); INSERT INTO a (id) VALUES (1);")

  func ledger() throws -> [[SQLValue]] {
    try db.fetchAll("SELECT version, identifier, appliedAt FROM schemaMigrations ORDER BY version") {
      row in [row.value(0), row.value(1), row.value(2)]
    }
  }

  @Test("a fresh database gets every migration, the ledger, the version and the application id")
  func fresh() throws {
    let applied = try Migrator(migrations: [Self.first, Self.second]).migrate(db)
    #expect(applied == [Self.first, Self.second])
    #expect(
      try ledger() == [
        [1, "first", "2026-01-02T03:04:05.678Z"], [2, "second", "2026-01-02T03:04:05.678Z"],
      ])
    #expect(try db.userVersion() == 2)
    #expect(try db.fetchOne("PRAGMA application_id") { try $0.int64(0) } == Int64(Schema.applicationID))
  }

  @Test("migrating twice applies nothing the second time")
  func idempotent() throws {
    try Migrator(migrations: [Self.first]).migrate(db)
    #expect(try Migrator(migrations: [Self.first]).migrate(db) == [])
    #expect(try ledger().count == 1)
  }

  @Test("an older database gets only the steps it lacks")
  func upgrade() throws {
    try Migrator(migrations: [Self.first]).migrate(db)
    #expect(try Migrator(migrations: [Self.first, Self.second]).migrate(db) == [Self.second])
    #expect(try db.userVersion() == 2)
    #expect(try db.fetchAll("SELECT id FROM a") { try $0.int64(0) } == [1])
  }

  @Test("a failing step is rolled back alone; the steps before it stay")
  func failingStep() throws {
    let broken = Migration(
      version: 2, identifier: "broken", sql: "CREATE TABLE c (x); INSERT INTO nowhere VALUES (1);")
    let error = try #require(throws: MigrationError.self) {
      try Migrator(migrations: [Self.first, broken]).migrate(db)
    }
    #expect(
      error
        == MigrationError(
          migration: broken,
          reason: .sqlFailed(
            DatabaseError(
              extendedCode: 1, message: "no such table: nowhere",
              sql: "INSERT INTO nowhere VALUES (1);"))))
    #expect(try db.userVersion() == 1)
    #expect(try db.fetchOne("SELECT count(*) FROM sqlite_schema WHERE name = 'c'") { try $0.int(0) } == 0)
    #expect(try ledger().count == 1)
  }

  @Test("a step that leaves broken references is rolled back")
  func foreignKeyCheck() throws {
    let dangling = Migration(
      version: 2, identifier: "dangling",
      sql: """
        PRAGMA defer_foreign_keys = ON;
        CREATE TABLE b (aID INTEGER REFERENCES a (id));
        INSERT INTO b (aID) VALUES (7);
        """)
    // Deferred checks would only fail at COMMIT; the migrator's own check
    // catches the broken row first and names it.
    try db.execute("PRAGMA foreign_keys = OFF")
    let error = try #require(throws: MigrationError.self) {
      try Migrator(migrations: [Self.first, dangling]).migrate(db)
    }
    #expect(error == MigrationError(migration: dangling, reason: .foreignKeyViolations(["b row 1 → a"])))
    #expect(try db.userVersion() == 1)
  }

  @Test("a ledger that disagrees with the known migrations is refused")
  func ledgerMismatch() throws {
    try Migrator(migrations: [Migration(version: 1, identifier: "other", sql: "CREATE TABLE z (x);")])
      .migrate(db)
    let error = try #require(throws: MigrationError.self) {
      try Migrator(migrations: [Self.first, Self.second]).migrate(db)
    }
    #expect(
      error
        == MigrationError(
          migration: Self.second, reason: .ledgerMismatch(recorded: ["1 other"], known: ["1 first"])))
    #expect(try db.userVersion() == 1)
  }

  @Test("the shipped migrations are numbered 1, 2, 3, … with unique names")
  func shippedList() {
    #expect(Schema.migrations.map(\.version) == Array(1...Schema.migrations.count))
    #expect(Set(Schema.migrations.map(\.identifier)).count == Schema.migrations.count)
  }
}
