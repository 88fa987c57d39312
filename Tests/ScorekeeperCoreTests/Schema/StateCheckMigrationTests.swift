import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// Schema v33 makes `syncRecords` again, its state's CHECK a comparison
/// with each value rather than `IN` a list: every row kept with its rowid,
/// `syncFieldTimes` (whose rows the old table's drop deletes) kept whole,
/// the same states allowed, and no temporary B-tree built per row.
@Suite struct StateCheckMigrationTests {
  let db: Database

  init() throws {
    db = try Database(path: ":memory:")
    try db.install(Dependencies(uuid: .incrementing(), clock: .constant(testNow), device: .device(1)))
    try Migrator(Schema.history).migrate(db, upTo: 32)
  }

  /// (`_rowid_`: in this table, `rowid` is the `rowID` column.)
  static let recordsSQL = "SELECT _rowid_, * FROM syncRecords ORDER BY _rowid_"
  static let timesSQL = "SELECT * FROM syncFieldTimes ORDER BY recordName, field"

  func rows(_ sql: String) throws -> [[SQLValue]] {
    try db.fetchAll(sql) { row in (0..<row.count).map { row.value($0) } }
  }

  @Test("every row and rowid of syncRecords, and every field time, is kept through v33")
  func rowsKept() throws {
    try db.write {
      // Rowids out of the names' order, with gaps, every column filled.
      for (rowid, name, state) in [(7, "b", "synced"), (3, "c", "pendingSave"), (12, "a", "parked")] {
        try db.execute(
          """
          INSERT INTO syncRecords (_rowid_, recordName, tableName, rowID, zoneName, ownerName,
            parentRecordName, serverChangeTag, state, changeCount, serverFields)
          VALUES (?1, ?2 || ':players', 'players', ?2, 'game-g', 'bob', 'g:games', 'tag-' || ?2, ?3, ?1, x'0102')
          """, [.integer(Int64(rowid)), .text(name), .text(state)])
        try db.execute(
          "INSERT INTO syncFieldTimes (recordName, field, modifiedAt) VALUES (?1 || ':players', 'name', ?2)",
          [.text(name), .text("2026-01-0\(rowid % 9)T00:00:00.000Z")])
      }
    }
    let (records, times) = (try rows(Self.recordsSQL), try rows(Self.timesSQL))
    #expect(records.count == 3 && times.count == 3)
    try Migrator(Schema.history).migrate(db)
    #expect(try db.userVersion() == 33)
    #expect(try rows(Self.recordsSQL) == records)
    #expect(try rows(Self.timesSQL) == times)
    // The cascade still holds: a record's times go with it.
    try db.write { try db.execute("DELETE FROM syncRecords WHERE recordName = 'b:players'") }
    #expect(try rows(Self.timesSQL).map { $0[0] } == [.text("a:players"), .text("c:players")])
    #expect(try rows("PRAGMA foreign_key_check") == [])
    #expect(
      try db.fetchAll(
        "SELECT name FROM sqlite_schema WHERE tbl_name = 'syncRecords' AND sql NOT NULL ORDER BY name"
      ) {
        try $0.text(0)
      } == ["syncRecords", "syncRecords_parent", "syncRecords_state"])
  }

  @Test("the same four states are allowed, any other refused")
  func sameStates() throws {
    try Migrator(Schema.history).migrate(db)
    func insert(_ state: String) throws {
      try db.write {
        try db.execute(
          "INSERT INTO syncRecords (recordName, tableName, rowID, zoneName, state) VALUES (?1, 't', ?1, 'z', ?2)",
          [.text("r" + state), .text(state)])
      }
    }
    for state in ["synced", "pendingSave", "pendingDelete", "parked"] { try insert(state) }
    for state in ["Synced", "pending", "synced ", ""] {
      let error = try #require(throws: DatabaseError.self, "\(state)") { try insert(state) }
      #expect(
        error.message
          == "CHECK constraint failed: state = 'synced' OR state = 'pendingSave' OR state = 'pendingDelete' OR state = 'parked'"
      )
    }
    #expect(
      try rows("SELECT state FROM syncRecords ORDER BY _rowid_").map { $0[0] } == [
        "synced", "pendingSave", "pendingDelete", "parked",
      ])
  }

  /// Writing a state builds a B-tree of the list at v32, none at v33.
  @Test("writing a record's state builds no temporary table of the states")
  func noTableOfStates() throws {
    let update = "EXPLAIN UPDATE syncRecords SET state = ?1 WHERE recordName = ?2"
    func opcodes() throws -> [String] { try db.fetchAll(update, [.null, .null]) { try $0.text(1) } }
    #expect(try opcodes().contains("OpenEphemeral"), "v32's list")
    try Migrator(Schema.history).migrate(db)
    #expect(try !opcodes().contains("OpenEphemeral"))
  }
}
