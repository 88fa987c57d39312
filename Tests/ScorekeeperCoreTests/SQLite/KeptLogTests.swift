import Foundation
import ScorekeeperTestSupport
import Testing

@testable import ScorekeeperSQLite

/// A write-ahead log kept between connections (`KeptLog`, issue 51): the
/// checkpoints it makes when the log has grown, the mark beside the
/// database, and a main file replaced under its log, which opening tells
/// and sets the log aside for.
@Suite struct KeptLogTests {
  let directory: TemporaryDirectory
  var path: String { directory.file("kept.sqlite") }

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// A connection that keeps its log, checkpointing past `pages`, to a
  /// database whose file holds its table (and no row) from the start.
  func open(checkpointingAfter pages: Int32 = Database.defaultCheckpointPages) throws -> Database {
    if !FileManager.default.fileExists(atPath: path) {
      let db = try Database(path: path)
      #expect(try db.switchToWAL() == "wal")
      try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, value TEXT) STRICT")
      db.close()
    }
    return try Database(path: path, keepingLog: true, checkpointPages: pages)
  }

  /// Each insert its own transaction: one page written, most of the time.
  func insert(_ values: Range<Int>, into db: Database) throws {
    for value in values {
      try db.write { try db.execute("INSERT INTO t (id, value) VALUES (?, 'x')", [.integer(Int64(value))]) }
    }
  }

  func ids(_ db: Database) throws -> [Int] {
    try db.fetchAll("SELECT id FROM t ORDER BY id") { try $0.int(0) }
  }

  /// What the main file alone holds: a copy of it without its log, made
  /// by another process (opening and closing the file here would drop the
  /// locks this process's connections hold on it).
  func idsInMainFileAlone() throws -> [Int] {
    let alone = directory.file("alone.sqlite")
    try? FileManager.default.removeItem(atPath: alone)
    _ = try ShellCommand.output(["cp", path, alone])
    let db = try Database(path: alone, create: false)
    defer { db.close() }
    return try db.fetchAll("SELECT id FROM t ORDER BY id") { try $0.int(0) }
  }

  func size(_ name: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: directory.file(name)))?[.size] as? Int) ?? -1
  }

  @Test("closing keeps the log, the next connection reads on from it, and the main file has none of it yet")
  func logOutlivesTheConnection() throws {
    let db = try open()
    try insert(0..<5, into: db)
    db.close()
    #expect(size("kept.sqlite-wal") > 32)
    #expect(try idsInMainFileAlone() == [])
    let again = try open()
    #expect(try ids(again) == Array(0..<5))
    #expect(again.setAsideLog == nil)
  }

  @Test("a reader writes no mark; a commit records the log and the main file as they are")
  func markWrittenByCommits() throws {
    let db = try open()
    try insert(0..<2, into: db)
    db.close()
    #expect(LogMark.read(of: path) == LogMark.current(of: path))
    try FileManager.default.removeItem(atPath: LogMark.path(of: path))
    let reader = try open()
    #expect(try ids(reader) == [0, 1])
    reader.close()
    #expect(!FileManager.default.fileExists(atPath: LogMark.path(of: path)))
    let writer = try open()
    try insert(2..<3, into: writer)
    #expect(LogMark.read(of: path) == LogMark.current(of: path))
  }

  @Test(
    "the commit that takes the log past the threshold checkpoints: the main file holds every row, and the mark names it as the checkpoint left it"
  )
  func checkpointPastThreshold() throws {
    let db = try open(checkpointingAfter: 20)
    var (inserted, pagesBefore) = (0, Int32(0))
    while try idsInMainFileAlone().isEmpty && inserted < 100 {
      pagesBefore = db.keptLog?.framesInLog ?? 0
      try insert(inserted..<inserted + 1, into: db)
      inserted += 1
    }
    #expect(pagesBefore < 20 && (db.keptLog?.framesInLog ?? 0) >= 20, "\(inserted) rows")
    #expect(try idsInMainFileAlone() == Array(0..<inserted))
    #expect(LogMark.read(of: path) == LogMark.current(of: path))
    // SQLite starts the log over at the next commit: another log, recorded.
    guard case .recorded(let before, _)? = LogMark.read(of: path) else { throw SetUpFailure("no mark") }
    try insert(inserted..<inserted + 1, into: db)
    guard case .recorded(let after, _)? = LogMark.read(of: path) else { throw SetUpFailure("no mark") }
    #expect(after.salts != before.salts && after.inode == before.inode)
    #expect(LogMark.read(of: path) == LogMark.current(of: path))
  }

  @Test("checkpoints held over many commits (a sync's pages) come once, when the work ends")
  func heldCheckpoints() throws {
    let db = try open(checkpointingAfter: 20)
    try db.holdingCheckpoints {
      try insert(0..<60, into: db)
      // Nested, as a sync inside a command's work would be.
      try db.holdingCheckpoints { try insert(60..<100, into: db) }
      #expect((db.keptLog?.framesInLog ?? 0) >= 100)
      #expect(try idsInMainFileAlone() == [])
    }
    #expect(try idsInMainFileAlone() == Array(0..<100))
    #expect(LogMark.read(of: path) == LogMark.current(of: path))
    // Released, the threshold holds again.
    try insert(100..<130, into: db)
    #expect(try idsInMainFileAlone().count > 100)
  }

  @Test("held checkpoints still come once the log passes its ceiling")
  func heldCheckpointsCeiling() throws {
    let db = try open(checkpointingAfter: 20)
    let megabyte = String(repeating: "x", count: 1 << 20)
    try db.holdingCheckpoints {
      var (commits, pagesBefore) = (0, Int32(0))
      while try idsInMainFileAlone().isEmpty && commits < 100 {
        pagesBefore = db.keptLog?.framesInLog ?? 0
        try db.write {
          try db.execute(
            "INSERT INTO t (id, value) VALUES (?, ?)", [.integer(Int64(commits)), .text(megabyte)])
        }
        commits += 1
      }
      // (About 256 pages a commit: 64 of them.)
      let ceiling = KeptLog.heldCheckpointPages
      #expect(pagesBefore < ceiling && (db.keptLog?.framesInLog ?? 0) >= ceiling, "\(commits) commits")
      #expect(try idsInMainFileAlone() == Array(0..<commits))
    }
  }

  @Test(
    "a reader holding an old snapshot stops a checkpoint short without making the writer wait; a later one finishes"
  )
  func checkpointNeverWaits() throws {
    let db = try open(checkpointingAfter: 10)
    try insert(0..<5, into: db)
    let reader = try Database(path: path, keepingLog: true)
    let seen = try reader.read {
      let seen = try ids(reader)
      try insert(5..<20, into: db)  // past the threshold, while the reader holds its snapshot
      return seen
    }
    #expect(seen == Array(0..<5))
    // The checkpoint ran, and copied nothing: the table's page changed
    // again after the reader's snapshot, and a page whose last version a
    // reader may not see yet stays in the log.
    #expect(LogMark.read(of: path) == LogMark.current(of: path))
    expectNoDifference(try idsInMainFileAlone(), [])
    try insert(20..<35, into: db)
    let main = try idsInMainFileAlone()
    #expect(main.count >= 20 && main == Array(0..<main.count))
    reader.close()
  }

  @Test(
    "a backup copied over the database while its log holds changes is the backup; the log is set aside, kept")
  func replacedMainFile() throws {
    let db = try open(checkpointingAfter: 20)
    try insert(0..<27, into: db)
    #expect(try !idsInMainFileAlone().isEmpty, "checkpointed: the mark names the main file as it left it")
    try db.backup(into: directory.file("backup.sqlite"))
    try insert(27..<30, into: db)
    db.close()
    let log = try Data(contentsOf: URL(fileURLWithPath: path + "-wal"))
    // `cp backup.sqlite kept.sqlite`: the same file, other content.
    try Data(contentsOf: URL(fileURLWithPath: directory.file("backup.sqlite"))).write(
      to: URL(fileURLWithPath: path))
    let reopened = try open()
    #expect(reopened.setAsideLog == path + "-wal-set-aside")
    #expect(try ids(reopened) == Array(0..<27))
    #expect(try reopened.fetchOne("PRAGMA integrity_check") { try $0.text(0) } == "ok")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path + "-wal-set-aside")) == log)
    try insert(27..<28, into: reopened)
    reopened.close()
    // The next opening finds the file and its own log.
    let again = try open()
    #expect(again.setAsideLog == nil)
    #expect(try ids(again) == Array(0..<28))
  }

  @Test("a second log set aside takes the next name")
  func secondSetAside() throws {
    for round in 1...2 {
      let db = try open()
      try db.backup(into: directory.file("backup.sqlite"))
      try insert(round * 10..<round * 10 + 2, into: db)
      db.close()
      try Data(contentsOf: URL(fileURLWithPath: directory.file("backup.sqlite"))).write(
        to: URL(fileURLWithPath: path))
      try? FileManager.default.removeItem(atPath: directory.file("backup.sqlite"))
      let reopened = try open()
      #expect(reopened.setAsideLog == path + (round == 1 ? "-wal-set-aside" : "-wal-set-aside-2"))
    }
  }

  @Test(
    "a database copied with its log, or its log and mark, over another one's files is itself: nothing set aside"
  )
  func wholeCopies() throws {
    let db = try open()
    try insert(0..<3, into: db)
    db.close()
    let elsewhere = try TemporaryDirectory()
    let copy = elsewhere.file("copy.sqlite")
    // A second database there, with a log and mark of its own.
    let second = try Database(path: copy, keepingLog: true)
    #expect(try second.switchToWAL() == "wal")
    try second.write { try second.execute("CREATE TABLE u (x)") }
    second.close()
    // Written over its files in place (as `cp` does: the same files).
    for suffix in ["", "-wal", "-checkpoint"] {
      let bytes = try Data(contentsOf: URL(fileURLWithPath: path + suffix))
      let handle = try #require(FileHandle(forWritingAtPath: copy + suffix))
      try handle.truncate(atOffset: 0)
      try handle.write(contentsOf: bytes)
      try handle.close()
    }
    let opened = try Database(path: copy, keepingLog: true)
    #expect(opened.setAsideLog == nil)
    #expect(try opened.fetchAll("SELECT id FROM t ORDER BY id") { try $0.int(0) } == [0, 1, 2])
  }

  @Test("a checkpoint cut short (the mark still says so) is trusted: the log completes the main file")
  func interruptedCheckpoint() throws {
    let db = try open()
    try insert(0..<5, into: db)
    // As a checkpoint does: the mark first, then the main file written,
    // and the process dies before the mark names what it left.
    try Data(LogMark.checkpointing.text.utf8).write(to: URL(fileURLWithPath: LogMark.path(of: path)))
    _ = try db.fetchAll("PRAGMA wal_checkpoint(PASSIVE)") { try $0.int(0) }
    try insert(5..<7, into: db)
    db.close()
    let reopened = try open()
    #expect(reopened.setAsideLog == nil)
    #expect(try ids(reopened) == Array(0..<7))
    #expect(LogMark.read(of: path) == LogMark.current(of: path), "recorded once its lock was free")
  }

  @Test("the mark reads back what was written, at its fixed width")
  func markText() throws {
    let marks: [LogMark] = [
      .checkpointing,
      .recorded(
        log: LogStamp(device: 2049, inode: 1234567, salts: UInt64.max),
        main: FileStamp(
          device: 2049, inode: 7654321, size: 4_096_000, modifiedSeconds: 1_790_000_000,
          modifiedNanoseconds: 999_999_999)),
    ]
    for mark in marks {
      #expect(mark.text.utf8.count == LogMark.width)
      #expect(LogMark(text: mark.text) == mark)
    }
    #expect(LogMark(text: "log 1 2 main 3") == nil)
  }
}
