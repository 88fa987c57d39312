import CScorekeeperSQLite

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Database {
  /// Copies this database, page by page, into the empty database file at
  /// `path`, with SQLite's online backup: one step holds a read
  /// transaction, so the copy is the database as one moment saw it, while
  /// other processes go on writing (in WAL mode a reader never waits for a
  /// writer).
  ///
  /// Then checks the copy: it opens as a database, its schema reads, and
  /// it holds every page the backup copied; with `verifying`, SQLite's
  /// `quick_check` also reads every page and checks every b-tree (twice
  /// the time of the copy itself).
  ///
  /// A step refused because a lock is held (the moment a WAL is recovered)
  /// is tried again for as long as the busy timeout would wait.
  public func backup(into path: String, verifying: Bool = false) throws {
    let destination = try Database(path: path, create: true)
    defer { destination.close() }
    var waited = 0
    var pages: Int32 = 0
    while true {
      guard let backup = sqlite3_backup_init(destination.handle, "main", handle, "main") else {
        throw DatabaseError(
          code: sqlite3_extended_errcode(destination.handle), connection: destination.handle)
      }
      let step = sqlite3_backup_step(backup, -1)
      pages = sqlite3_backup_pagecount(backup)
      let finish = sqlite3_backup_finish(backup)
      if step == SQLITE_DONE {
        try destination.check(finish)
        break
      }
      let primary = step & 0xff
      guard primary == SQLITE_BUSY || primary == SQLITE_LOCKED,
        waited < Int(Self.defaultBusyTimeoutMilliseconds)
      else { throw DatabaseError(code: step, connection: destination.handle) }
      usleep(10_000)
      waited += 10
    }
    var problems: [String] = []
    let copied = try destination.fetchOne("PRAGMA page_count") { try $0.int64(0) }!
    if copied != Int64(pages) { problems.append("it holds \(copied) pages of the \(pages) copied") }
    _ = try destination.fetchAll("SELECT name FROM sqlite_schema") { try $0.optionalText(0) }
    if verifying {
      // (Its report heads each database's problems with a line naming it.)
      problems += try destination.fetchAll("PRAGMA quick_check") { try $0.text(0) }
        .flatMap { $0.split(separator: "\n").map(String.init) }
        .filter { $0 != "ok" && !$0.hasPrefix("*** in database ") }
    }
    guard problems.isEmpty else { throw DatabaseCheckError(path: path, problems: problems) }
  }
}

/// A copy that SQLite's own check found damaged: what it said.
public struct DatabaseCheckError: Error, Equatable, CustomStringConvertible {
  public let path: String
  public let problems: [String]

  public init(path: String, problems: [String]) {
    self.path = path
    self.problems = problems
  }

  public var description: String {
    "The copy at \(path) failed SQLite's check: " + problems.prefix(3).joined(separator: "; ")
  }
}
