import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore
@testable import ScorekeeperSQLite

/// Schema v31 moved what the sync triggers write into the tracking
/// functions (`SyncTracking`). The same changes, made through v30's
/// triggers and through v31's, must leave the same rows.
@Suite struct TrackingFunctionsTests {
  let scratch: TemporaryDirectory

  init() throws {
    scratch = try TemporaryDirectory()
  }

  /// A database at `version` (nil: the current one) whose triggers record.
  func database(_ name: String, at version: Int?) throws -> Database {
    let db = try Database(path: scratch.file(name))
    try db.install(.fixtures)
    try Migrator(Schema.history.replayingEveryStep).migrate(db, upTo: version)
    try SyncTracking.install(on: db, applying: SyncApplyingFlag(), tracksChanges: true)
    return db
  }

  static let photo = """
    INSERT INTO playerPhotos (id, type, width, height, byteCount, sha256, bytes)
    VALUES ('p1', 'png', 1, 1, 1, '\(String(repeating: "ab", count: 32))', x'00')
    """

  /// Every synced table's insert, update and delete, cascades, keys
  /// changed, updates that change nothing, after a sync had taken it all.
  static let changes = [
    "INSERT INTO games (id, title) VALUES ('g1', 'Poker')",
    "INSERT INTO games (id, title, kind) VALUES ('g2', 'Chess', 'chess')",
    "INSERT INTO players (id, gameID, name) VALUES ('p1', 'g1', 'Ann')",
    "INSERT INTO players (id, gameID, name, team) VALUES ('p2', 'g1', 'Bob', 'Red')",
    "INSERT INTO players (id, gameID, name, isTeam) VALUES ('t1', 'g1', 'Red', 1)",
    "INSERT INTO players (id, gameID, name) VALUES ('c1', 'g2', 'Cy'), ('c2', 'g2', 'Di')",
    "INSERT INTO scoreEvents (id, playerID, delta, device) VALUES ('e1', 'p1', 5, 'd'), ('e2', 'c1', 1, 'd')",
    photo,
    "INSERT INTO rounds (id, gameID, device) VALUES ('r1', 'g1', 'd')",
    "INSERT INTO gameEvents (id, gameID, device, kind) VALUES ('v1', 'g1', 'd', 'finish')",
    "INSERT INTO personLinks (id, kind, time, device) VALUES ('l1', 'merge', 't', 'd')",
    "INSERT INTO kindRules (id, change, name, time, device) VALUES ('k1', 'set', 'chess', 't', 'd')",
    "UPDATE syncRecords SET state = 'synced', serverChangeTag = 'tag'",
    "UPDATE syncFieldTimes SET modifiedAt = 'earlier'",
    "UPDATE players SET name = 'Anne' WHERE id = 'p1'",
    "UPDATE players SET team = 'Blue' WHERE id = 'p2'",
    "UPDATE players SET name = name, team = team WHERE id = 't1'",
    "UPDATE players SET score = 7 WHERE id = 'p2'",
    "UPDATE games SET kind = 'poker' WHERE id = 'g1'",
    "UPDATE games SET title = title WHERE id = 'g2'",
    """
    UPDATE playerPhotos SET type = NULL, width = NULL, height = NULL, byteCount = NULL, sha256 = NULL,
      bytes = NULL
    """,
    // Fails in both: the photo's record is made (through the cascade)
    // before its player's, so its field time has no record to belong to.
    // No command changes a key.
    "UPDATE players SET id = 'p1b' WHERE id = 'p1'",
    "UPDATE players SET id = 'c1b' WHERE id = 'c1'",
    "UPDATE players SET gameID = 'g2' WHERE id = 'p2'",
    "UPDATE scoreEvents SET id = 'e2b' WHERE id = 'e2'",  // refused: score events never change
    "UPDATE games SET id = 'g2b' WHERE id = 'g2'",
    "DELETE FROM rounds",
    "DELETE FROM personLinks",
    "DELETE FROM kindRules",
    "DELETE FROM games WHERE id = 'g1'",
    "INSERT INTO games (id, title) VALUES ('g1', 'Poker again')",
  ]

  /// What the triggers record: v30's columns (v32's merge base is no
  /// trigger's; `deletionDropsBase`).
  static func tracking(of db: Database) throws -> [[[SQLValue]]] {
    [
      try db.rows(of: "syncRecords", columns: SyncRecordState.columnNames),
      try db.rows(of: "syncFieldTimes", columns: ["recordName", "field", "modifiedAt"]),
    ]
  }

  @Test("the triggers of v31 and later record every change as those of v30 did, step by step")
  func sameAsBefore() throws {
    let before = try database("v30.sqlite", at: 30)
    let after = try database("current.sqlite", at: nil)
    #expect(try after.userVersion() == Schema.currentVersion)
    var failed: [String] = []
    for sql in Self.changes {
      let results = [before, after].map { db in Result { try db.execute(sql) } }
      if case .failure(let error) = results[0] {
        failed.append(sql)
        #expect(throws: DatabaseError.self, "\(sql) failed at v30 (\(error)), not at v31") {
          try results[1].get()
        }
      } else {
        #expect(throws: Never.self, "\(sql) failed at v31, not at v30") { try results[1].get() }
      }
      expectNoDifference(try Self.tracking(of: before), try Self.tracking(of: after), "after \(sql)")
    }
    #expect(
      failed == [
        "UPDATE players SET id = 'p1b' WHERE id = 'p1'", "UPDATE scoreEvents SET id = 'e2b' WHERE id = 'e2'",
      ])
    let counts = try Self.tracking(of: after).map(\.count)
    #expect(counts == [16, 16])
  }

  @Test(
    "the triggers in SQL alone (the bench's sqlite3 baseline) record every change as today's functions do, on today's schema"
  )
  func sqlTriggersOnTodaysSchema() throws {
    let functions = try database("functions.sqlite", at: nil)
    let sqlAlone = try database("sql.sqlite", at: nil)
    let tracking = try sqlAlone.fetchAll(
      "SELECT name FROM sqlite_schema WHERE type = 'trigger' AND name LIKE 'sync\\_%' ESCAPE '\\'"
    ) { try $0.text(0) }
    for name in tracking { try sqlAlone.execute("DROP TRIGGER \(name)") }
    for trigger in try Schema.syncTriggersInSQL() { try sqlAlone.execute(trigger.sql) }
    // A merge base on every record, which a deletion drops.
    let changes = Self.changes.map {
      $0.hasPrefix("UPDATE syncRecords SET state = 'synced'") ? $0 + ", serverFields = x'01'" : $0
    }
    for sql in changes {
      // (Both fail where `sameAsBefore` says v30 and v31 fail.)
      let failed = [functions, sqlAlone].map { db in (try? db.execute(sql)) == nil }
      #expect(failed[0] == failed[1], "\(sql): \(failed)")
      expectNoDifference(
        try Self.tracking(of: functions) + [try functions.rows(of: "syncRecords", columns: ["serverFields"])],
        try Self.tracking(of: sqlAlone) + [try sqlAlone.rows(of: "syncRecords", columns: ["serverFields"])],
        "after \(sql)")
    }
  }

  @Test("a record marked for deletion keeps no merge base, here or by the engine: a base holds names")
  func deletionDropsBase() throws {
    let db = try database("db.sqlite", at: nil)
    try db.execute("INSERT INTO games (id, title) VALUES ('g1', 'Poker'), ('g2', 'Chess'), ('g3', 'Go')")
    let base: [String: CloudValue] = ["title": .string("Poker")]
    let metadata = SyncMetadata(db: db)
    // g3's first save is out when it is deleted here; the server's answer
    // comes after.
    let sent = try #require(try metadata.record("g3:games"))
    try db.execute(
      "UPDATE syncRecords SET state = 'synced', serverChangeTag = 'tag', serverFields = ?1",
      [.blob(FieldPack.pack(base))])
    try db.execute("DELETE FROM games WHERE id IN ('g1', 'g3')")
    var chess = try #require(try metadata.record("g2:games"))
    chess.state = .pendingDelete
    try metadata.upsert(chess, base: base)
    var copy = CloudRecord(
      id: RecordID(name: "g3:games", zoneID: ZoneID(name: "game-g3", ownerName: "a")), type: "games")
    copy.fields = ["title": .string("Go")]
    copy.changeTag = "tag2"
    #expect(try metadata.recordSent([(sent, copy)]) == ["g3:games"])
    #expect(
      try db.rows(
        of: "syncRecords", columns: ["recordName", "state", "changeCount", "serverChangeTag", "serverFields"])
        == [
          ["g1:games", "pendingDelete", 2, "tag", .blob([])],
          ["g2:games", "pendingDelete", 1, "tag", .blob([])],
          ["g3:games", "pendingDelete", 2, "tag2", .blob([])],
        ])
  }

  @Test("a statement that fails undoes what its rows' triggers recorded, and the transaction goes on")
  func failedStatementLeavesNothing() throws {
    let db = try database("db.sqlite", at: nil)
    try db.execute("INSERT INTO games (id, title) VALUES ('g1', 'Poker')")
    let tracked = try Self.tracking(of: db)
    try db.execute("BEGIN IMMEDIATE")
    // The second row breaks the table's CHECK after the first row's
    // trigger has recorded it.
    #expect(throws: DatabaseError.self) {
      try db.execute("INSERT INTO players (id, gameID, name) VALUES ('p1', 'g1', 'Ann'), ('p2', 'g1', '')")
    }
    try db.execute("INSERT INTO players (id, gameID, name) VALUES ('p3', 'g1', 'Cy')")
    try db.execute("COMMIT")
    expectNoDifference(
      [
        tracked[0] + [["p3:players", "players", "p3", "game-g1", "", "g1:games", .null, "pendingSave", 1]],
        tracked[1] + [["p3:players", "name", tracked[1][0][2]]],
      ], try Self.tracking(of: db))
  }

  @Test("a call the triggers could not make fails its statement, naming the call")
  func malformedCall() throws {
    let db = try database("db.sqlite", at: nil)
    let cases: [(String, String)] = [
      ("SELECT syncSaved('nothing', 'x', NULL)", "the first argument must name a synced table"),
      ("SELECT syncSaved('players', 'x', NULL)", "a child row needs its parent's id"),
      ("SELECT syncSaved('games', 'x', 'y')", "a root row has no parent"),
      ("SELECT syncSaved('games', 'x', NULL, 'score', 1)", "'score' is not a field of games"),
      ("SELECT syncSaved('games', 'x', NULL, 'title')", "expected 3 arguments, then pairs"),
      ("SELECT syncDeleted('games', 7)", "a row's id must be text"),
    ]
    for (sql, problem) in cases {
      let error = try #require(throws: DatabaseError.self) { try db.execute(sql) }
      #expect(error.message.contains(problem), "\(sql): \(error.message)")
    }
    #expect(try db.rows(of: "syncRecords", columns: ["recordName"]) == [])
  }

  @Test("a statement whose journal outgrows memory spills to a file, and commits or fails whole")
  func spilledStatementJournal() throws {
    let db = try database("db.sqlite", at: nil)
    // As a store's: in WAL mode every page a statement changes is in its
    // journal, not only those the transaction had changed before it.
    #expect(try db.switchToWAL() == "wal")
    try db.execute("INSERT INTO games (id, title) VALUES ('g1', 'Poker')")
    // Enough players that rewriting each of them (its row, its tracking
    // row, its name's time) journals twice the spill size: every page
    // they fill existed before the statement, so each is journaled.
    let pages = { try db.fetchOne("PRAGMA page_count") { try $0.int(0) }! }
    let pageSize = try db.fetchOne("PRAGMA page_size") { try $0.int(0) }!
    let empty = try pages()
    var count = 0
    while (try pages() - empty) * pageSize < 2 * Int(Database.statementJournalSpill) {
      try db.execute(
        """
        WITH RECURSIVE n(i) AS (SELECT ?1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1 + 499)
        INSERT INTO players (id, gameID, name) SELECT 'p' || i, 'g1', 'Player ' || i FROM n
        """, [.integer(Int64(count))])
      count += 500
    }
    let names = { try db.fetchAll("SELECT name FROM players ORDER BY rowid") { try $0.text(0) } }
    let before = try names()
    let tracked = try Self.tracking(of: db)
    // Each statement in a transaction, so its journal is the one that
    // spills. The last row breaks the table's CHECK after every other
    // row's trigger has recorded it: undone from the spilled journal.
    try db.execute("BEGIN IMMEDIATE")
    let error = try #require(throws: DatabaseError.self) {
      try db.execute("UPDATE players SET name = CASE WHEN rowid = \(count) THEN '' ELSE name || '!' END")
    }
    #expect(error.codeName == "SQLITE_CONSTRAINT_CHECK", "\(error)")
    try db.execute("COMMIT")
    #expect(try names() == before)
    expectNoDifference(try Self.tracking(of: db), tracked)
    try db.execute("BEGIN IMMEDIATE")
    try db.execute("UPDATE players SET name = name || '!'")
    try db.execute("COMMIT")
    #expect(try names() == before.map { $0 + "!" })
    // Each player's tracking row counts its insert and the update that
    // committed, not the one undone.
    let changes = try db.fetchAll(
      "SELECT state, changeCount, count(*) FROM syncRecords WHERE tableName = 'players' GROUP BY 1, 2"
    ) { [try $0.text(0), String(try $0.int(1)), String(try $0.int(2))] }
    #expect(changes == [["pendingSave", "2", String(count)]])
  }
}
