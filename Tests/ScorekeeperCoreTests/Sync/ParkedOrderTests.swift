import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// Parked records come back, when their parent arrives, in the order they
/// were parked: the order their rows were inserted into `syncRecords`,
/// whose `rowid` is its `rowID` column (the row's id), not its rowid.
@Suite struct ParkedOrderTests {
  @Test("parked children come back in the order they were parked, not in their ids' order")
  func arrivalOrder() throws {
    let db = try Database(path: ":memory:")
    try db.install(.fixtures)
    try Migrator(Schema.history).migrate(db)
    try db.execute(
      """
      INSERT INTO syncRecords (recordName, tableName, rowID, zoneName, state, parentRecordName) VALUES
        ('g:games', 'games', 'g', 'game-g', 'synced', NULL),
        ('c:players', 'players', 'c', 'game-g', 'parked', 'g:games'),
        ('a:players', 'players', 'a', 'game-g', 'parked', 'g:games'),
        ('b:players', 'players', 'b', 'game-g', 'parked', 'g:games')
      """)
    let ready = try SyncMetadata(db: db).parkedChildren(of: ["g:games"])
    #expect(ready.map(\.recordName) == ["c:players", "a:players", "b:players"])
  }
}
