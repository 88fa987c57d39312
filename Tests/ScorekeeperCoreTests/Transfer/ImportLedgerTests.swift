import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// What an import remembers of its file: its first keys in memory, the
/// rest in SQLite's temporary database, and every one found again.
@Suite struct ImportLedgerTests {
  @Test("keys beyond those kept in memory are remembered in the temporary table, and all are found again")
  func spills() throws {
    let test = try TestStore()
    let ledger = try ImportLedger(database: test.database, keysInMemory: 2)
    let ids = ["a", "b", "c", "d"]
    for id in ids { try ledger.note("players", id) }
    try ledger.note("players", "c")  // again: once is remembered
    #expect(try ids.map { try ledger.gave("players", $0) } == [true, true, true, true])
    #expect(try ledger.gave("players", "e") == false)
    #expect(try ledger.gave("games", "a") == false)
    // Two in memory, the other two in the table.
    #expect(
      try test.database.fetchAll("SELECT key FROM temp.importKeys ORDER BY key") { try $0.text(0) }
        == ["players:c", "players:d"])
  }

  @Test("a file's first keys stay in memory")
  func keepsInMemory() throws {
    let test = try TestStore()
    let ledger = try ImportLedger(database: test.database)
    for id in ["a", "b"] { try ledger.note("games", id) }
    #expect(try ledger.gave("games", "b"))
    #expect(try test.database.fetchAll("SELECT key FROM temp.importKeys") { try $0.text(0) } == [])
  }
}
