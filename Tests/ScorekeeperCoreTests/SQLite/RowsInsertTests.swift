import ScorekeeperTestSupport
import Testing

@testable import ScorekeeperSQLite

@Suite struct RowsInsertTests {
  let insert = RowsInsert("INSERT INTO t (owner, key, value) VALUES ", shared: 1, own: 2, cachedRows: 2)

  @Test("each row repeats the shared parameters and numbers its own after the last row's")
  func text() {
    #expect(insert.sql(rows: 1) == "INSERT INTO t (owner, key, value) VALUES (?1, ?2, ?3)")
    #expect(insert.sql(rows: 2) == "INSERT INTO t (owner, key, value) VALUES (?1, ?2, ?3), (?1, ?4, ?5)")
    // Past the rows built ahead: built on demand, the same way.
    #expect(
      insert.sql(rows: 3)
        == "INSERT INTO t (owner, key, value) VALUES (?1, ?2, ?3), (?1, ?4, ?5), (?1, ?6, ?7)")
  }

  @Test("the statement inserts every row, the shared value bound once")
  func inserts() throws {
    let directory = try TemporaryDirectory()
    let db = try Database(path: directory.file("rows.sqlite"))
    defer { db.close() }
    try db.execute("CREATE TABLE t (owner TEXT, key TEXT, value ANY) STRICT")
    try db.execute(
      insert.sql(rows: 3), [.text("a"), .text("x"), .integer(1), .text("y"), .null, .text("z"), .real(2.5)])
    let rows = try db.fetchAll("SELECT owner, key, value FROM t ORDER BY rowid") {
      [$0.value(0), $0.value(1), $0.value(2)]
    }
    #expect(
      rows == [
        [.text("a"), .text("x"), .integer(1)], [.text("a"), .text("y"), .null],
        [.text("a"), .text("z"), .real(2.5)],
      ])
  }
}
