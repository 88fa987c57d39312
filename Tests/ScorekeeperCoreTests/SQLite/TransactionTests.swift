import Foundation
import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore
@testable import ScorekeeperSQLite

@Suite struct TransactionTests {
  let directory: TemporaryDirectory
  let db: Database

  init() throws {
    directory = try TemporaryDirectory()
    db = try Database(path: directory.file("test.sqlite"))
    try db.execute("PRAGMA journal_mode = WAL")
    try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY) STRICT")
  }

  struct Boom: Error, Equatable {}

  func ids(_ database: Database? = nil) throws -> [Int64] {
    try (database ?? db).fetchAll("SELECT id FROM t ORDER BY id") { try $0.int64(0) }
  }

  @Test("a write commits what its body did and returns its result")
  func commits() throws {
    let result = try db.write {
      try db.execute("INSERT INTO t (id) VALUES (1), (2)")
      return "done"
    }
    #expect(result == "done")
    #expect(try ids() == [1, 2])
    #expect(!db.isInTransaction)
  }

  @Test("a throwing body rolls everything back and rethrows its own error")
  func rollsBack() throws {
    try db.execute("INSERT INTO t (id) VALUES (1)")
    #expect(throws: Boom()) {
      try db.write {
        try db.execute("INSERT INTO t (id) VALUES (2)")
        throw Boom()
      }
    }
    #expect(try ids() == [1])
    #expect(!db.isInTransaction)
  }

  @Test("an SQL error inside the body rolls back the statements before it")
  func sqlErrorRollsBack() throws {
    #expect(throws: DatabaseError.self) {
      try db.write {
        try db.execute("INSERT INTO t (id) VALUES (5)")
        try db.execute("INSERT INTO t (id) VALUES (5)")
      }
    }
    #expect(try ids() == [])
  }

  @Test("beforeCommit runs inside the transaction, and its failure rolls it back")
  func beforeCommit() throws {
    db.beforeCommit = { db in try db.execute("INSERT INTO t (id) VALUES (100)") }
    try db.write { try db.execute("INSERT INTO t (id) VALUES (1)") }
    #expect(try ids() == [1, 100])
    db.beforeCommit = { _ in throw Boom() }
    #expect(throws: Boom()) { try db.write { try db.execute("INSERT INTO t (id) VALUES (2)") } }
    #expect(try ids() == [1, 100])
  }

  func synchronous() throws -> Int64? { try db.fetchOne("PRAGMA synchronous") { try $0.int64(0) } }

  @Test(
    "a write waits for the disk at COMMIT unless it need survive only a crash of this process; the connection waits again after it, even when its body throws"
  )
  func durability() throws {
    let full: Int64 = 2
    let normal: Int64 = 1
    #expect(try synchronous() == full)
    #expect(try db.write { try synchronous() } == full)
    let inside = try db.write(surviving: .processCrash) {
      try db.execute("INSERT INTO t (id) VALUES (1)")
      return try synchronous()
    }
    #expect(inside == normal)
    #expect(try synchronous() == full)
    #expect(throws: Boom()) {
      try db.write(surviving: .processCrash) {
        try db.execute("INSERT INTO t (id) VALUES (2)")
        throw Boom()
      }
    }
    #expect(try synchronous() == full)
    // Committed like any other write, for every connection to see.
    #expect(try ids(try Database(path: directory.file("test.sqlite"))) == [1])
  }

  @Test("a read sees one snapshot while another connection commits")
  func readSnapshot() throws {
    try db.execute("INSERT INTO t (id) VALUES (1)")
    let other = try Database(path: directory.file("test.sqlite"))
    let (before, after) = try db.read {
      let before = try ids()
      try other.write { try other.execute("INSERT INTO t (id) VALUES (2)") }
      return (before, try ids())
    }
    #expect(before == [1])
    #expect(after == [1])
    #expect(try ids() == [1, 2])
  }

  @Test("a second writer waits for the first to commit instead of failing")
  func busyTimeout() throws {
    let path = directory.file("test.sqlite")
    let locked = DispatchSemaphore(value: 0)
    let holder = Thread {
      let first = try! Database(path: path)
      try! first.write {
        try! first.execute("INSERT INTO t (id) VALUES (1)")
        locked.signal()
        Thread.sleep(forTimeInterval: 0.2)
      }
    }
    holder.start()
    locked.wait()
    let second = try Database(path: path)
    try second.write { try second.execute("INSERT INTO t (id) VALUES (2)") }
    #expect(try ids(second) == [1, 2])
  }

  @Test("a writer gives up with SQLITE_BUSY when the lock outlasts its timeout")
  func busyGivesUp() throws {
    let path = directory.file("test.sqlite")
    let first = try Database(path: path)
    let second = try Database(path: path, busyTimeoutMilliseconds: 10)
    try first.execute("BEGIN IMMEDIATE")
    let error = try #require(throws: DatabaseError.self) {
      try second.write { try second.execute("INSERT INTO t (id) VALUES (2)") }
    }
    #expect(error == DatabaseError(extendedCode: 5, message: "database is locked", sql: "BEGIN IMMEDIATE"))
    try first.execute("ROLLBACK")
    #expect(try ids() == [])
  }
}
