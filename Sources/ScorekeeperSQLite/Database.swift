import CScorekeeperSQLite
import ScorekeeperSystem

/// One connection to an SQLite database.
///
/// Every connection setting lives in `setUp()`, statements are cached by
/// their SQL text, and every C return code is checked. A `Database` is used
/// from one thread at a time (it is not `Sendable`); each process or test
/// opens its own.
public final class Database {
  /// How long a writer waits for another process's lock before giving up.
  /// Commands are short, so a few seconds covers any honest contention.
  public static let defaultBusyTimeoutMilliseconds: Int32 = 5_000

  let handle: OpaquePointer
  /// The path given to `open`, or ":memory:".
  public let path: String
  private var statements: [String: Statement] = [:]
  var traceBox: TraceBox?
  /// Runs inside every `write` transaction just before it commits, as part
  /// of it: state that must change with the data (the deterministic id
  /// counter) is saved here, atomically with the rows that used it.
  public var beforeCommit: ((Database) throws -> Void)?
  /// Runs at the start of every `write` transaction, once it holds the
  /// write lock: state shared with other processes (the deterministic id
  /// counter) is read here, where no other writer can change it until
  /// this transaction ends.
  public var afterBeginWrite: ((Database) throws -> Void)?
  private var isClosed = false
  /// How long a statement waits for another connection's lock.
  private(set) var busyTimeoutMilliseconds: Int32 = 0
  /// The log kept between processes (`keepingLog`), nil otherwise.
  let keptLog: KeptLog?

  /// SQLite's process-wide settings, made before the first connection:
  /// without allocation statistics, each of SQLite's allocations takes a
  /// global mutex (a few percent of every statement). Nothing here reads
  /// them. Statement journals spill at `statementJournalSpill`, and the
  /// C library keeps `keptFreeHeap` for the next allocations.
  private static let configured: Void = {
    _ = scorekeeper_disable_memstatus()
    _ = scorekeeper_set_statement_journal_spill(statementJournalSpill)
    _ = scorekeeper_keep_free_heap(keptFreeHeap)
  }()

  /// How much freed memory at the heap's top glibc keeps rather than
  /// handing back to the system (its default: 128 KiB, raised only when
  /// a block it mapped on its own is freed; setting it fixes glibc's
  /// threshold for mapping a block on its own at 128 KiB).
  ///
  /// SQLite allocates a statement journal's one chunk
  /// (`statementJournalSpill`) when a statement first journals a page, and
  /// frees it when the journal is cut back to nothing: for every tracking
  /// statement nested under a trigger (`SyncTracking`). At the default, each
  /// free handed the heap's top back (`brk`, unmapping, a TLB flush) and the
  /// next allocation faulted its pages in again: with this, a tracked
  /// `score` in a long-lived process took 0.53 ms instead of 0.70
  /// (`scorekeeper-bench --tracking-only`). A short process rarely
  /// trims, so a command's time is the same (`farm-bench`, 100 pairs of
  /// `score`: 1.007×); its peak memory cannot grow from it.
  static let keptFreeHeap: Int32 = 4 * 1024 * 1024

  /// How many bytes of a statement's journal SQLite keeps in memory
  /// before it moves the journal to a temporary file.
  ///
  /// Not -1 (never spill): an in-memory journal is then a list of 1 KiB
  /// chunks, and each statement nested in another (the tracking
  /// functions' under a trigger, `SyncTracking`) cuts it back to where it
  /// began by walking the list from the start: quadratic under one
  /// statement of many rows. With a spill size the journal is one chunk of
  /// that size, cut at once; a spilled journal is not cut at all.
  ///
  /// Not more than 128 KiB: on spilling, SQLite writes that chunk to the
  /// file in one call, and its Unix file system writes at most 128 KiB - 1
  /// bytes a call (`seekAndWriteFd` masks the length with 0x1ffff), so a
  /// larger chunk is a short write that SQLite reports as SQLITE_FULL.
  /// Found at 64 MiB (SQLite 3.40); `TrackingFunctionsTests` spills one.
  /// The cost: replacing a 5 MiB photo journals its freed pages to a
  /// temporary file again, about 2 ms (Docs/photos.md).
  static let statementJournalSpill: Int32 = 127 * 1024

  /// Opens the database at `path` for reading and writing.
  ///
  /// - Parameter create: create the file when it does not exist. When false,
  ///   a missing file is an error rather than a silently created database.
  /// - Parameter keepingLog: keep the write-ahead log between processes,
  ///   checkpointing once it holds `checkpointPages` (`KeptLog`): for the
  ///   files this program keeps using, not for copies it hands over whole.
  public init(
    path: String, create: Bool = true,
    busyTimeoutMilliseconds: Int32 = Database.defaultBusyTimeoutMilliseconds,
    keepingLog: Bool = false, checkpointPages: Int32 = Database.defaultCheckpointPages
  ) throws {
    _ = Self.configured
    keptLog =
      keepingLog && path != ":memory:" ? try KeptLog(path: path, checkpointPages: checkpointPages) : nil
    var handle: OpaquePointer?
    var flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
    if create { flags |= SQLITE_OPEN_CREATE }
    if keptLog != nil { _ = KeptLogVFS.registered }
    let code = sqlite3_open_v2(path, &handle, flags, keptLog == nil ? nil : KeptLogVFS.name)
    guard code == SQLITE_OK, let handle else {
      let error = DatabaseError(code: code, connection: handle)
      // Even a failed open allocates a handle that must be closed.
      sqlite3_close(handle)
      throw error
    }
    self.handle = handle
    self.path = path
    do {
      try setUp(busyTimeoutMilliseconds: busyTimeoutMilliseconds)
    } catch {
      // (`close`, not `sqlite3_close`: it finalizes the statements set-up
      // ran, and `deinit` must not close the handle a second time.)
      close()
      throw error
    }
  }

  /// How long a statement waits for another connection's lock before it
  /// fails with SQLITE_BUSY.
  public func setBusyTimeout(milliseconds: Int32) throws {
    try check(sqlite3_busy_timeout(handle, milliseconds))
    busyTimeoutMilliseconds = milliseconds
  }

  /// Every per-connection setting, in one place.
  ///
  /// The journal mode is deliberately absent: WAL is a property of the
  /// file, written into its header, so it is set once by the schema opener
  /// when it creates or migrates the file; setting it here would write to
  /// files this program then refuses to use.
  private func setUp(busyTimeoutMilliseconds: Int32) throws {
    // Extended codes distinguish, e.g., a foreign key failure from a NOT NULL one.
    sqlite3_extended_result_codes(handle, 1)
    // Concurrent processes wait for each other's write lock instead of
    // failing at once with "database is locked".
    try setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
    // "Double-quoted string literals are accepted" is a documented SQLite
    // misfeature: a typo in a column name would silently become a string.
    try check(scorekeeper_db_config_bool(handle, SQLITE_DBCONFIG_DQS_DML, 0))
    try check(scorekeeper_db_config_bool(handle, SQLITE_DBCONFIG_DQS_DDL, 0))
    // Foreign keys are off by default in SQLite, per connection.
    try check(scorekeeper_db_config_bool(handle, SQLITE_DBCONFIG_ENABLE_FKEY, 1))
    // What is deleted is overwritten with zeros, not left in free space
    // where any reader of the file finds it (a deleted player's name).
    try check(sqlite3_exec(handle, "PRAGMA secure_delete = ON", nil, nil, nil))
    if let keptLog { try keep(keptLog) }
  }

  deinit {
    close()
  }

  /// Finalizes every statement and closes the connection. Closing the last
  /// connection checkpoints the WAL and removes the `-wal` and `-shm` files,
  /// unless the connection keeps its log (`keepingLog`).
  /// Called by `deinit`; call it directly when the moment matters.
  public func close() {
    guard !isClosed else { return }
    maintainKeptLog()
    isClosed = true
    statements.removeAll()
    if traceBox != nil { sqlite3_trace_v2(handle, 0, nil, nil) }
    traceBox = nil
    let code = sqlite3_close(handle)
    assert(code == SQLITE_OK, "sqlite3_close: \(DatabaseError(code: code, connection: handle))")
  }

  // MARK: Running statements

  /// Runs one statement (any rows it returns are discarded).
  public func execute(_ sql: String, _ arguments: [SQLValue] = []) throws {
    try withStatement(sql, arguments) { statement in
      while try statement.step() {}
    }
  }

  /// Runs a script of several statements without arguments, such as a
  /// migration. Statements are compiled one at a time, so a statement may
  /// refer to a table an earlier one created.
  public func executeScript(_ script: String) throws {
    try script.withCString { start in
      var cursor = start
      while cursor.pointee != 0 {
        var statement: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let code = sqlite3_prepare_v2(handle, cursor, -1, &statement, &tail)
        let end = tail ?? cursor
        let sql = String(
          decoding: UnsafeRawBufferPointer(start: cursor, count: cursor.distance(to: end)),
          as: UTF8.self
        ).trimmingWhitespace()
        defer { sqlite3_finalize(statement) }
        guard code == SQLITE_OK else { throw DatabaseError(code: code, connection: handle, sql: sql) }
        // A trailing comment or blank compiles to no statement at all.
        if let statement {
          var step = sqlite3_step(statement)
          while step == SQLITE_ROW { step = sqlite3_step(statement) }
          guard step == SQLITE_DONE else {
            throw DatabaseError(code: step, connection: handle, sql: sql)
          }
        }
        guard end != cursor else { return }
        cursor = end
      }
    }
  }

  /// Every row of a query, decoded by `decode`.
  public func fetchAll<T>(
    _ sql: String, _ arguments: [SQLValue] = [], _ decode: (Row) throws -> T
  ) throws -> [T] {
    var results: [T] = []
    try forEachRow(sql, arguments) { results.append(try decode($0)) }
    return results
  }

  /// The first row of a query, decoded by `decode`, or nil when it has none.
  public func fetchOne<T>(
    _ sql: String, _ arguments: [SQLValue] = [], _ decode: (Row) throws -> T
  ) throws -> T? {
    try withStatement(sql, arguments) { statement in
      try statement.step() ? try decode(Row(statement: statement)) : nil
    }
  }

  /// Streams the rows of a query to `body` one at a time, so a result of
  /// any size runs in constant memory.
  public func forEachRow(
    _ sql: String, _ arguments: [SQLValue] = [], _ body: (Row) throws -> Void
  ) throws {
    try withStatement(sql, arguments) { statement in
      let row = Row(statement: statement)
      while try statement.step() { try body(row) }
    }
  }

  /// Rows changed by the most recent INSERT, UPDATE or DELETE.
  public var changes: Int { Int(sqlite3_changes64(handle)) }

  /// Rows changed on this connection since it opened, triggers' changes included.
  public var totalChanges: Int { Int(sqlite3_total_changes64(handle)) }

  /// True while a transaction is open on this connection.
  public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

  /// Borrows the cached statement for `sql`, bound to `arguments`, and
  /// resets it afterwards. A statement whose step failed is evicted rather
  /// than reused: after some errors (a schema change, a busy timeout in the
  /// middle of a step) its state is not worth trusting.
  private func withStatement<T>(
    _ sql: String, _ arguments: [SQLValue], _ body: (Statement) throws -> T
  ) throws -> T {
    let statement = try cachedStatement(sql)
    defer { statement.reset() }
    do {
      try statement.bind(arguments)
      return try body(statement)
    } catch let error as DatabaseError {
      statements[sql] = nil
      throw error
    }
  }

  /// The SQL of the statements currently cached, for tests.
  var cachedSQL: Set<String> { Set(statements.keys) }

  private func cachedStatement(_ sql: String) throws -> Statement {
    if let statement = statements[sql] { return statement }
    let statement = try Statement(database: self, sql: sql)
    statements[sql] = statement
    return statement
  }

  func check(_ code: Int32, sql: String? = nil) throws {
    guard code == SQLITE_OK else { throw DatabaseError(code: code, connection: handle, sql: sql) }
  }
}
