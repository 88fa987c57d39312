import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore
@testable import ScorekeeperSQLite

@Suite struct DatabaseTests {
  let directory: TemporaryDirectory
  let db: Database

  init() throws {
    directory = try TemporaryDirectory()
    db = try Database(path: directory.file("test.sqlite"))
    try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, value ANY) STRICT")
  }

  @Test("room for large blobs is the body's alone: SQLite's default page cache after, even when it throws")
  func roomForLargeBlobs() throws {
    func cacheSize() throws -> Int { try db.fetchOne("PRAGMA cache_size") { try $0.int(0) }! }
    #expect(try db.withRoomForLargeBlobs { try cacheSize() } == -32768)
    #expect(try cacheSize() == -2000)
    #expect(throws: SetUpFailure.self) { try db.withRoomForLargeBlobs { throw SetUpFailure("body") } }
    #expect(try cacheSize() == -2000)
  }

  @Test("set-up turns foreign keys on")
  func foreignKeys() throws {
    #expect(try db.fetchOne("PRAGMA foreign_keys") { try $0.int(0) } == 1)
  }

  @Test("set-up refuses double-quoted string literals, so a mistyped column is an error")
  func doubleQuotedStrings() throws {
    let error = try #require(throws: DatabaseError.self) {
      try db.execute(#"SELECT "nosuchcolumn""#)
    }
    #expect(
      error
        == DatabaseError(
          extendedCode: 1, message: "no such column: nosuchcolumn", sql: #"SELECT "nosuchcolumn""#))
  }

  @Test(
    "every storage class binds and decodes exactly",
    arguments: [
      SQLValue.null, .integer(0), .integer(.max), .integer(.min), .real(-2.5), .real(1e300),
      .text(""), .text("Zoë 🃏 \"quoted\" 'single' ; % _ \\ شطرنج"), .blob([]), .blob([0, 255, 1]),
    ])
  func roundTrip(value: SQLValue) throws {
    try db.execute("INSERT INTO t (id, value) VALUES (1, ?1)", [value])
    #expect(try db.fetchOne("SELECT value FROM t") { $0.value(0) } == value)
    #expect(try db.fetchOne("SELECT typeof(value) FROM t") { try $0.text(0) } == value.storageClass)
  }

  @Test("typed accessors decode their storage class and NULL only when asked")
  func typedAccessors() throws {
    try db.execute("INSERT INTO t (id, value) VALUES (1, 'x'), (2, NULL), (3, 7), (4, 2.5), (5, x'01')")
    let rows = try db.fetchAll("SELECT id, value FROM t ORDER BY id") { row in
      (try row.int64(0), row.value(1))
    }
    #expect(rows.map(\.0) == [1, 2, 3, 4, 5])
    #expect(try db.fetchOne("SELECT value FROM t WHERE id = 1") { try $0.text(0) } == "x")
    #expect(try db.fetchOne("SELECT value FROM t WHERE id = 2") { try $0.optionalText(0) } == .some(nil))
    #expect(try db.fetchOne("SELECT value FROM t WHERE id = 2") { try $0.optionalInt64(0) } == .some(nil))
    #expect(try db.fetchOne("SELECT value FROM t WHERE id = 3") { try $0.int64(0) } == 7)
    #expect(try db.fetchOne("SELECT value FROM t WHERE id = 3") { try $0.double(0) } == 7.0)
    #expect(try db.fetchOne("SELECT value FROM t WHERE id = 4") { try $0.double(0) } == 2.5)
    #expect(try db.fetchOne("SELECT value FROM t WHERE id = 5") { try $0.blob(0) } == [1])
  }

  @Test("decoding the wrong storage class names the column and the SQL")
  func decodingMismatch() throws {
    try db.execute("INSERT INTO t (id, value) VALUES (1, 'seven')")
    let error = try #require(throws: RowDecodingError.self) {
      try db.fetchOne("SELECT value AS score FROM t") { try $0.int64(0) }
    }
    #expect(
      error
        == RowDecodingError(
          column: "score", index: 0, expected: "integer", found: .text("seven"),
          sql: "SELECT value AS score FROM t"))
    #expect(
      error.description
        == "Column 0 (\"score\") holds text 'seven', not integer — in `SELECT value AS score FROM t`")
  }

  @Test("columns read by name find the alias wherever the select list puts it, and decode as by index")
  func namedColumns() throws {
    try db.execute("INSERT INTO t (id, value) VALUES (7, NULL)")
    for sql in ["SELECT id AS number, value AS note FROM t", "SELECT value AS note, id AS number FROM t"] {
      let row = try db.fetchOne(sql) {
        (try $0.int("number"), try $0.optionalText("note"), $0.value("number"))
      }
      #expect(row?.0 == 7 && row?.1 == nil && row?.2 == .integer(7), "\(sql)")
    }
    let error = try #require(throws: RowDecodingError.self) {
      try db.fetchOne("SELECT id, value AS note FROM t") { try $0.text("note") }
    }
    #expect(
      error
        == RowDecodingError(
          column: "note", index: 1, expected: "text", found: .null, sql: "SELECT id, value AS note FROM t"))
  }

  @Test("a NULL is not silently decoded as a value")
  func nullIsAnError() throws {
    try db.execute("INSERT INTO t (id, value) VALUES (1, NULL)")
    #expect(throws: RowDecodingError.self) { try db.fetchOne("SELECT value FROM t") { try $0.text(0) } }
  }

  @Test("errors carry the extended result code, SQLite's message and the SQL")
  func errorContext() throws {
    try db.execute("CREATE TABLE parent (id INTEGER PRIMARY KEY)")
    try db.execute("CREATE TABLE child (parentID INTEGER REFERENCES parent (id))")
    let sql = "INSERT INTO child (parentID) VALUES (?1)"
    let error = try #require(throws: DatabaseError.self) { try db.execute(sql, [42]) }
    #expect(error == DatabaseError(extendedCode: 787, message: "FOREIGN KEY constraint failed", sql: sql))
    #expect(error.codeName == "SQLITE_CONSTRAINT_FOREIGNKEY")
    #expect(error.primaryCode == 19)
    #expect(
      error.description
        == "SQLite error 787 (SQLITE_CONSTRAINT_FOREIGNKEY): FOREIGN KEY constraint failed"
        + " — while executing `INSERT INTO child (parentID) VALUES (?1)`")
  }

  @Test("statements are cached by SQL text, and one whose step failed is evicted")
  func statementCache() throws {
    let insert = "INSERT INTO t (id, value) VALUES (?1, 'x')"
    try db.execute(insert, [1])
    try db.execute(insert, [2])
    #expect(db.cachedSQL.contains(insert))
    #expect(throws: DatabaseError.self) { try db.execute(insert, [1]) }  // duplicate id
    #expect(!db.cachedSQL.contains(insert))
    try db.execute(insert, [3])
    #expect(try db.fetchAll("SELECT id FROM t ORDER BY id") { try $0.int64(0) } == [1, 2, 3])
  }

  @Test("a cached statement never keeps the previous caller's bindings")
  func bindingsCleared() throws {
    try db.execute("INSERT INTO t (id, value) VALUES (?1, ?2)", [1, "first"])
    try db.execute("INSERT INTO t (id, value) VALUES (?1, ?2)", [2, nil])
    #expect(try db.fetchAll("SELECT value FROM t ORDER BY id") { $0.value(0) } == ["first", nil])
  }

  @Test("rows stream in order, and fetchOne takes the first")
  func fetching() throws {
    try db.execute("INSERT INTO t (id, value) VALUES (1, 'a'), (2, 'b'), (3, 'c')")
    var seen: [String] = []
    try db.forEachRow("SELECT value FROM t ORDER BY id DESC") { seen.append(try $0.text(0)) }
    #expect(seen == ["c", "b", "a"])
    #expect(try db.fetchOne("SELECT value FROM t ORDER BY id") { try $0.text(0) } == "a")
    #expect(try db.fetchOne("SELECT value FROM t WHERE id = 99") { try $0.text(0) } == nil)
  }

  @Test("a script runs statement by statement, comments and all")
  func script() throws {
    try db.executeScript(
      """
      -- a comment first
      CREATE TABLE a (x INTEGER);
      INSERT INTO a VALUES (1); INSERT INTO a VALUES (2);
      /* and a trailing one */
      """)
    #expect(try db.fetchAll("SELECT x FROM a ORDER BY x") { try $0.int64(0) } == [1, 2])
  }

  @Test("a failing statement in a script reports that statement")
  func scriptFailure() throws {
    let error = try #require(throws: DatabaseError.self) {
      try db.executeScript(
        """
        CREATE TABLE b (x INTEGER NOT NULL);
        INSERT INTO b VALUES (NULL);
        CREATE TABLE never (x);
        """)
    }
    #expect(
      error
        == DatabaseError(
          extendedCode: 1299, message: "NOT NULL constraint failed: b.x",
          sql: "INSERT INTO b VALUES (NULL);"))
    #expect(try db.fetchOne("SELECT count(*) FROM sqlite_schema WHERE name = 'never'") { try $0.int(0) } == 0)
  }

  @Test("changes counts the rows the last statement changed")
  func changes() throws {
    try db.execute("INSERT INTO t (id, value) VALUES (1, 'a'), (2, 'b')")
    try db.execute("UPDATE t SET value = 'z'")
    #expect(db.changes == 2)
    try db.execute("UPDATE t SET value = 'y' WHERE id = 99")
    #expect(db.changes == 0)
  }

  @Test("opening without create refuses a missing file")
  func noCreate() throws {
    let error = try #require(throws: DatabaseError.self) {
      try Database(path: directory.file("missing.sqlite"), create: false)
    }
    #expect(error.codeName == "SQLITE_CANTOPEN")
    #expect(try directory.entries() == ["test.sqlite"])
  }
}
