import Foundation
import ScorekeeperTestSupport
import Synchronization
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// What opening a file does to it: nothing at all, unless it is new or an
/// older scorekeeper database.
@Suite struct DatabaseFileTests {
  let directory: TemporaryDirectory
  let dependencies = Dependencies(uuid: .incrementing(), clock: .constant(testNow), device: .device(1))

  init() throws {
    directory = try TemporaryDirectory()
  }

  func bytes(_ name: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: directory.file(name)))
  }

  /// Opens `name` expecting a refusal, and checks the file is unchanged
  /// and nothing was left beside it.
  func expectRefused(
    _ name: String, _ problem: DatabaseFileError.Problem,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let path = directory.file(name)
    let before = try bytes(name)
    let entries = try directory.entries()
    let error = try #require(
      throws: DatabaseFileError.self, sourceLocation: sourceLocation
    ) { try DatabaseFile.open(at: path, dependencies: dependencies) }
    #expect(error == DatabaseFileError(path: path, problem: problem), sourceLocation: sourceLocation)
    #expect(try bytes(name) == before, "the file changed", sourceLocation: sourceLocation)
    #expect(try directory.entries() == entries, "files were left behind", sourceLocation: sourceLocation)
  }

  @Test("four connections creating one new database at once all open it, 50 times over")
  func concurrentFirstOpens() throws {
    let failures = Mutex<[String]>([])
    for round in 0..<50 {
      let path = directory.file("new\(round).sqlite")
      DispatchQueue.concurrentPerform(iterations: 4) { _ in
        do {
          let db = try DatabaseFile.open(at: path, dependencies: dependencies)
          db.close()
        } catch {
          failures.withLock { $0.append("round \(round): \(error)") }
        }
      }
    }
    #expect(failures.withLock { $0 } == [])
  }

  /// What a command failing on a database it made does (`discardNewDatabase`).
  func remove(_ path: String) {
    for suffix in ["", "-wal", "-shm", "-journal", "-device"] { unlink(path + suffix) }
  }

  @Test(
    "a file removed by another process after this one opened it, before it read it, is opened again at its path"
  )
  func removedBeforeRead() throws {
    let path = directory.file("db.sqlite")
    try DatabaseFile.open(at: path, dependencies: dependencies).close()
    let opened = Mutex(0)
    let db = try DatabaseFile.open(
      at: path, dependencies: dependencies, migrations: Schema.migrations, trace: nil
    ) { _ in
      if opened.withLock({ count in
        count += 1
        return count == 1
      }) {
        remove(path)
      }
    }
    #expect(opened.withLock { $0 } == 2)
    #expect(!db.fileHasMoved())
    // What it writes is in the file at the path, not in the removed one.
    try db.write { try db.execute("CREATE TABLE written (x)") }
    let other = try DatabaseFile.open(at: path, dependencies: dependencies)
    #expect(
      try other.fetchAll("SELECT name FROM sqlite_schema WHERE name = 'written'") { try $0.text(0) } == [
        "written"
      ])
  }

  @Test("a file removed every time it is opened is refused after three tries, with the reason")
  func removedEveryTime() throws {
    let path = directory.file("db.sqlite")
    try DatabaseFile.open(at: path, dependencies: dependencies).close()
    let error = try #require(throws: DatabaseFileError.self) {
      try DatabaseFile.open(
        at: path, dependencies: dependencies, migrations: Schema.migrations, trace: nil
      ) { _ in remove(path) }
    }
    #expect(error == DatabaseFileError(path: path, problem: .removedWhileOpening(attempts: 3)))
    #expect(
      error.description
        == "Cannot open \"\(path)\": another process removed it while this one opened it, "
        + "3 times; nothing was changed. Run the command again.")
  }

  @Test("a new file is created in WAL mode at the current version")
  func newFile() throws {
    let db = try DatabaseFile.open(at: directory.file("new.sqlite"), dependencies: dependencies)
    #expect(
      try db.fetchOne("SELECT * FROM pragma_user_version, pragma_application_id, pragma_journal_mode") {
        row in [row.value(0), row.value(1), row.value(2)]
      } == [.integer(Int64(Schema.currentVersion)), .integer(Int64(Schema.applicationID)), "wal"])
  }

  @Test("an empty file is initialised like a new one")
  func emptyFile() throws {
    _ = FileManager.default.createFile(atPath: directory.file("empty.sqlite"), contents: Data())
    let db = try DatabaseFile.open(at: directory.file("empty.sqlite"), dependencies: dependencies)
    #expect(
      try db.tableNames() == [
        "archivedGames", "finishedResults", "gameEvents", "games", "kindRules", "localChanges", "localDevice",
        "personLinks",
        "playerPhotos", "players", "resultChanges", "rounds", "schemaMigrations",
        "scoreEvents", "syncFieldTimes", "syncRecords", "syncState", "syncTombstones",
        "syncZones",
      ])
  }

  @Test("a database of the current version is opened without a single write")
  func currentIsUntouched() throws {
    let path = directory.file("current.sqlite")
    let store = try Store(path: path, dependencies: dependencies)
    _ = try store.addGame(title: "Poker")
    store.close()
    // The file, its log (kept between processes) and the marks beside it:
    // which device made the last change (DeviceMark), which file goes
    // with the log (LogMark). Each is written by a store that changes
    // something, not by a reader. (The `-shm` file is SQLite's index of
    // the log, which any reader rebuilds.)
    let names = [
      "current.sqlite", "current.sqlite-checkpoint", "current.sqlite-device", "current.sqlite-wal",
    ]
    let before = try names.map(bytes)
    let reopened = try Store(path: path, dependencies: dependencies)
    #expect(try reopened.games().map(\.game.title) == ["Poker"])
    reopened.close()
    #expect(try names.map(bytes) == before)
    #expect(try directory.entries() == (names + ["current.sqlite-shm"]).sorted())
  }

  @Test("a newer schema is refused with both versions named, the file byte-identical")
  func newerSchema() throws {
    let store = try Store(path: directory.file("newer.sqlite"), dependencies: dependencies)
    try store.database.execute("PRAGMA user_version = 99")
    store.close()
    try expectRefused("newer.sqlite", .newerSchema(found: 99, supported: Schema.currentVersion))
    let error = DatabaseFileError(
      path: "newer.sqlite", problem: .newerSchema(found: 99, supported: 1))
    #expect(
      error.description
        == "\"newer.sqlite\" uses schema version 99, but this scorekeeper understands versions up"
        + " to 1. Upgrade scorekeeper to use it; nothing was changed.")
  }

  @Test("a file that is not SQLite is refused and left alone")
  func notSQLite() throws {
    try "shopping list: eggs, milk, and a long enough line to look like a header".write(
      toFile: directory.file("notes.txt"), atomically: true, encoding: .utf8)
    try expectRefused("notes.txt", .notSQLite)
  }

  @Test("another application's SQLite database is refused and left alone")
  func otherApplication() throws {
    let other = try Database(path: directory.file("other.sqlite"))
    try other.execute("CREATE TABLE notes (body TEXT)")
    other.close()
    try expectRefused("other.sqlite", .notScorekeeper(applicationID: 0, objectCount: 1))
  }

  @Test("a database with another application id is refused even when empty")
  func otherApplicationID() throws {
    let other = try Database(path: directory.file("other.sqlite"))
    try other.execute("PRAGMA application_id = 7")
    other.close()
    try expectRefused("other.sqlite", .notScorekeeper(applicationID: 7, objectCount: 0))
  }

  @Test("a directory is refused")
  func directoryPath() throws {
    try FileManager.default.createDirectory(
      atPath: directory.file("folder"), withIntermediateDirectories: false)
    let error = try #require(throws: DatabaseFileError.self) {
      try DatabaseFile.open(at: directory.file("folder"), dependencies: dependencies)
    }
    #expect(error == DatabaseFileError(path: directory.file("folder"), problem: .isDirectory))
    #expect(try directory.entries() == ["folder"])
  }

  @Test("a missing folder is not created for a path someone typed")
  func missingFolder() throws {
    let path = directory.file("missing/games.sqlite")
    let error = try #require(throws: DatabaseFileError.self) {
      try DatabaseFile.open(at: path, dependencies: dependencies)
    }
    #expect(error == DatabaseFileError(path: path, problem: .missingDirectory(directory.file("missing"))))
    #expect(try directory.entries() == [])
  }

  @Test(
    "an unwritable file is refused and left alone",
    .enabled(if: geteuid() != 0, "root writes through permissions; the transcripts cover this as nobody"))
  func unwritable() throws {
    let store = try Store(path: directory.file("locked.sqlite"), dependencies: dependencies)
    store.close()
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o444], ofItemAtPath: directory.file("locked.sqlite"))
    try expectRefused("locked.sqlite", .unwritableFile)
  }
}
