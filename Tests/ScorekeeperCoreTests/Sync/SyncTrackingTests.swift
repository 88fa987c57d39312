import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// The triggers that record local changes in `syncRecords` and
/// `syncFieldTimes`.
@Suite struct SyncTrackingTests {
  let test: TestStore
  var store: Store { test.store }
  var db: Database { test.database }

  init() throws {
    test = try TestStore()
  }

  static let now: SQLValue = .text(testNow.iso8601)
  func id(_ n: UInt64) -> String { UUIDGenerator.format(n) }

  /// recordName, zoneName, ownerName, parentRecordName, serverChangeTag, state, changeCount.
  func records() throws -> [[SQLValue]] {
    try db.rows(
      of: "syncRecords",
      columns: [
        "recordName", "zoneName", "ownerName", "parentRecordName", "serverChangeTag", "state", "changeCount",
      ])
  }

  func times() throws -> [[SQLValue]] {
    try db.rows(of: "syncFieldTimes", columns: ["recordName", "field", "modifiedAt"])
  }

  @Test("inserts record each row in its game's zone, under its parent, pending save")
  func inserts() throws {
    _ = try store.addGame(title: "Poker")  // 1
    _ = try store.addPlayer(to: "Poker", name: "Ann", score: 3)  // 2, event 3
    let zone: SQLValue = .text("game-\(id(1))")
    expectNoDifference(
      [
        [.text("\(id(1)):games"), zone, "", .null, .null, "pendingSave", 1],
        [.text("\(id(2)):players"), zone, "", .text("\(id(1)):games"), .null, "pendingSave", 1],
        [.text("\(id(3)):scoreEvents"), zone, "", .text("\(id(2)):players"), .null, "pendingSave", 1],
      ], try records())
    expectNoDifference(
      [
        [.text("\(id(1)):games"), "title", Self.now],
        [.text("\(id(2)):players"), "name", Self.now],
      ], try times(), "score events are append-only: no field times")
  }

  @Test("an update stamps only the fields it changed; a score total is not a synced field")
  func updates() throws {
    _ = try store.addGame(title: "Poker")
    _ = try store.addPlayer(to: "Poker", name: "Ann")
    try db.execute("UPDATE syncRecords SET state = 'synced', serverChangeTag = 't1'")
    try db.execute("UPDATE syncFieldTimes SET modifiedAt = 'earlier'")
    try db.execute("UPDATE players SET score = 99")  // the cached total: no sync change
    expectNoDifference(["synced", "synced"], try records().map { $0[5] })
    _ = try store.renamePlayer(in: "Poker", "Ann", to: "Anne")
    try db.execute("UPDATE games SET title = title")  // no actual change
    expectNoDifference(
      [
        [.text("\(id(1)):games"), .text("game-\(id(1))"), "", .null, "t1", "pendingSave", 2],
        [
          .text("\(id(2)):players"), .text("game-\(id(1))"), "", .text("\(id(1)):games"), "t1", "pendingSave",
          2,
        ],
      ], try records())
    expectNoDifference(
      [[.text("\(id(1)):games"), "title", "earlier"], [.text("\(id(2)):players"), "name", Self.now]],
      try times())
  }

  @Test(
    "a delete queues every record, those the server never took too (a copy of the database may have sent them)"
  )
  func deletes() throws {
    _ = try store.addGame(title: "Poker")  // 1
    _ = try store.addPlayer(to: "Poker", name: "Ann", score: 3)  // 2, 3
    _ = try store.addGame(title: "Chess")  // 4
    try db.execute(
      "UPDATE syncRecords SET state = 'synced', serverChangeTag = 't1' WHERE recordName LIKE '%:games'")
    _ = try store.deleteGame(id: id(1))
    _ = try store.deleteGame(id: id(4))
    // The cascade deleted the player and its event, which this device
    // never heard the server take: their deletions are sent all the same.
    let poker = "game-\(id(1))"
    expectNoDifference(
      [
        [.text("\(id(1)):games"), .text(poker), "", .null, "t1", "pendingDelete", 2],
        [.text("\(id(2)):players"), .text(poker), "", .text("\(id(1)):games"), .null, "pendingDelete", 2],
        [
          .text("\(id(3)):scoreEvents"), .text(poker), "", .text("\(id(2)):players"), .null, "pendingDelete",
          2,
        ],
        [.text("\(id(4)):games"), .text("game-\(id(4))"), "", .null, "t1", "pendingDelete", 2],
      ], try records())
  }

  @Test("a row deleted and inserted again before a sync is saved, not lost")
  func deleteThenReinsert() throws {
    _ = try store.addGame(title: "Poker")
    try db.execute("UPDATE syncRecords SET state = 'synced', serverChangeTag = 't1'")
    try db.execute("DELETE FROM games")
    try db.execute("INSERT INTO games (id, title) VALUES (?1, 'Poker again')", [.text(id(1))])
    expectNoDifference(
      [[.text("\(id(1)):games"), .text("game-\(id(1))"), "", .null, "t1", "pendingSave", 3]], try records())
  }

  @Test("a changed primary key retires the old record and creates the new one")
  func primaryKeyChange() throws {
    _ = try store.addGame(title: "Poker")  // 1
    _ = try store.addPlayer(to: "Poker", name: "Ann")  // 2
    try db.execute("UPDATE syncRecords SET state = 'synced', serverChangeTag = 't1'")
    try db.execute("UPDATE players SET id = 'new-ann'")
    expectNoDifference(
      [
        [.text("\(id(1)):games"), .text("game-\(id(1))"), "", .null, "t1", "synced", 1],
        [
          .text("\(id(2)):players"), .text("game-\(id(1))"), "", .text("\(id(1)):games"), "t1",
          "pendingDelete", 2,
        ],
        ["new-ann:players", .text("game-\(id(1))"), "", .text("\(id(1)):games"), .null, "pendingSave", 1],
      ], try records())
  }

  @Test("nothing is recorded while the sync engine applies server changes")
  func silentWhileApplying() throws {
    try store.syncApplying.applying {
      try db.execute("INSERT INTO games (id, title) VALUES ('from-server', 'Poker')")
      try db.execute("UPDATE games SET title = 'Poker night'")
      try db.execute("DELETE FROM games")
    }
    #expect(try records() == [])
    _ = try store.addGame(title: "Chess")
    #expect(try records().count == 1)
  }

  @Test("a store opened without tracking records nothing")
  func withoutTracking() throws {
    let directory = try TemporaryDirectory()
    let untracked = try Store(
      path: directory.file("db.sqlite"),
      dependencies: Dependencies(uuid: .incrementing(), clock: .constant(testNow), device: .device(1)),
      tracksChanges: false)
    _ = try untracked.addGame(title: "Poker")
    #expect(try untracked.database.rows(of: "syncRecords", columns: ["recordName"]) == [])
  }
}

/// `--trace` hides the engine's statements; `--trace=all` keeps them.
@Suite struct SyncTraceFilterTests {
  @Test("sync triggers, their steps, the engine's statements and transactions are hidden; the rest shown")
  func filter() {
    let lines = [
      "BEGIN IMMEDIATE",
      "INSERT INTO games (title) VALUES ('Poker')",
      "-- TRIGGER sync_games_insert",
      "-- INSERT INTO syncRecords (recordName) SELECT NEW.id",
      "-- INSERT INTO syncFieldTimes (recordName) SELECT NEW.id",
      "-- TRIGGER scoreEvents_afterInsert",
      "-- UPDATE players SET score = score + NEW.delta",
      "\n/* sync */ SELECT * FROM syncRecords",
      "COMMIT",
      "/* sync */ BEGIN IMMEDIATE",
      "SELECT next FROM deterministicIDs",
      "/* sync */ COMMIT",
      "BEGIN DEFERRED",
    ]
    var filter = SyncTraceFilter()
    #expect(
      lines.filter { filter.isCommandStatement($0) } == [
        "BEGIN IMMEDIATE", "INSERT INTO games (title) VALUES ('Poker')", "-- TRIGGER scoreEvents_afterInsert",
        "-- UPDATE players SET score = score + NEW.delta", "COMMIT", "BEGIN DEFERRED",
      ])
  }
}
