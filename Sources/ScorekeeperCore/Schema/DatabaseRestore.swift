#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Puts a backup in a database's place (`restore FILE`), never leaving a
/// half-restored file or losing the database it replaces:
///
/// 1. the backup is read as it is, without a write: a scorekeeper
///    database, not of a newer schema than this program's;
/// 2. it is copied, page by page, into a new file beside the database,
///    which is opened as any database is (an older schema is upgraded
///    there), checked (`quick_check`), and given a device id of its own
///    (it is another file: `DeviceClaim`), and marked restored: its first
///    sync keeps the games deleted since the backup as read-only copies;
/// 3. the database's log is folded in, so its file holds everything (a
///    reader that keeps it from that makes the restore fail as busy), and
///    the file is kept under a second name (a hard link: it never leaves
///    its path);
/// 4. the new file is renamed over the database, in one step.
///
/// No other scorekeeper process should have the database open meanwhile:
/// one that does goes on with the file kept aside.
public enum DatabaseRestore {
  public struct Result: Hashable, Sendable {
    /// Where the database that was replaced is kept (nil: there was none).
    public var kept: String?
    /// The restored database's games.
    public var games: Int
    /// Changes the replaced database had not synced: they are in `kept`.
    public var unsent: Int
  }

  public static func restore(_ backup: String, over path: String, dependencies: Dependencies) throws -> Result
  {
    try checkBackup(backup, database: path)
    guard let file = TemporaryFile(beside: path, purpose: "restore") else {
      throw RestoreError.cannotWrite(path: path, reason: errnoText())
    }
    close(file.descriptor)
    let temporary = file.path
    do {
      let games = try prepare(copyOf: backup, at: temporary, dependencies: dependencies)
      let (kept, unsent) = try keep(path, now: try dependencies.clock.now())
      guard rename(temporary, path) == 0 else {
        throw RestoreError.cannotWrite(path: path, reason: errnoText())
      }
      return Result(kept: kept, games: games, unsent: unsent)
    } catch {
      for suffix in ["", "-wal", "-shm", "-checkpoint"] { unlink(temporary + suffix) }
      throw error
    }
  }

  /// Refuses what is not a backup this program can restore, reading it
  /// without a write.
  private static func checkBackup(_ backup: String, database path: String) throws {
    var (one, other) = (stat(), stat())
    guard stat(backup, &one) == 0 else {
      throw RestoreError.cannotRead(path: backup, reason: errnoText())
    }
    if stat(path, &other) == 0 && one.st_dev == other.st_dev && one.st_ino == other.st_ino {
      throw RestoreError.isTheDatabase(path: backup)
    }
    let header: (Int32, Int)
    do {
      let db = try Database(path: backup, create: false)
      defer { db.close() }
      header = try db.fetchOne("SELECT * FROM pragma_application_id, pragma_user_version") {
        (Int32(truncatingIfNeeded: try $0.int64(0)), try $0.int(1))
      }!
    } catch let error as DatabaseError where error.primaryCode == 26 /* SQLITE_NOTADB */ {
      throw DatabaseFileError(path: backup, problem: .notSQLite)
    } catch let error as DatabaseError {
      throw DatabaseFileError(path: backup, problem: .cannotOpen(error))
    }
    switch header {
    case (Schema.applicationID, let version) where version > Schema.currentVersion:
      throw DatabaseFileError(
        path: backup, problem: .newerSchema(found: version, supported: Schema.currentVersion))
    case (Schema.applicationID, _):
      return
    case (let applicationID, _):
      throw DatabaseFileError(
        path: backup, problem: .notScorekeeper(applicationID: applicationID, objectCount: 0))
    }
  }

  /// Copies the backup to `temporary`, opens it (upgrading an older
  /// schema), checks it and claims a device id of its own; its games.
  private static func prepare(copyOf backup: String, at temporary: String, dependencies: Dependencies) throws
    -> Int
  {
    do {
      let source = try Database(path: backup, create: false)
      defer { source.close() }
      try source.backup(into: temporary, verifying: true)
    } catch let error as DatabaseCheckError {
      throw RestoreError.damaged(path: backup, problems: error.problems)
    } catch let error as DatabaseError {
      throw error.primaryCode == 11 /* SQLITE_CORRUPT */
        ? RestoreError.damaged(path: backup, problems: [error.message])
        : DatabaseFileError(path: backup, problem: .cannotOpen(error))
    }
    let store: Store
    do {
      store = try Store(path: temporary, dependencies: dependencies)
    } catch let error as DatabaseFileError {
      throw DatabaseFileError(path: backup, problem: error.problem)
    }
    defer { store.close() }
    // A write's first step is the device claim this new file is due.
    try store.database.write { try SyncTables.markRestored(store.database) }
    let games = try store.database.fetchOne("SELECT count(*) FROM games") { try $0.int(0) }!
    // The file takes the database's place alone: what its log holds goes
    // into it first, and the log and its mark go.
    try store.database.foldLog()
    store.close()
    for suffix in ["-wal", "-shm", "-checkpoint"] { unlink(temporary + suffix) }
    return games
  }

  /// Keeps the database under `<name>-before-restore-<time>.sqlite`
  /// (`-<time>-2.sqlite`… for a second restore in one second),
  /// its log folded in first so the file holds all of it; with the changes it
  /// had not synced. Nothing to keep where there is no database.
  private static func keep(_ path: String, now: Timestamp) throws -> (kept: String?, unsent: Int) {
    guard access(path, F_OK) == 0 else { return (nil, 0) }
    let unsent: Int
    do {
      let db = try Database(path: path, create: false)
      defer { db.close() }
      // A reader still on an older state keeps the log from being folded
      // in: refused (busy), rather than keep a file without the last
      // changes.
      try db.foldLog()
      unsent = (try? SyncTables.unsentRows(db)) ?? 0
    }
    let stem = path.hasSuffix(".sqlite") ? String(path.dropLast(".sqlite".count)) : path
    let stamp = String(now.iso8601.prefix(19)).replacing(":", with: "").replacing("-", with: "")
    // Restores within one second each keep their own: -2, -3… (link
    // refuses a name taken, so two processes cannot take one either).
    for number in 1...100 {
      let kept = "\(stem)-before-restore-\(stamp)\(number == 1 ? "" : "-\(number)").sqlite"
      if link(path, kept) == 0 { return (kept, unsent) }
      if errno != EEXIST || number == 100 {
        throw RestoreError.cannotWrite(path: kept, reason: FileProblem.writing(kept, code: errno))
      }
    }
    preconditionFailure("the loop returns or throws")
  }

  private static func errnoText() -> String { String(cString: strerror(errno)) }
}

/// A restore that did not happen; nothing was changed.
public enum RestoreError: Error, Equatable, CustomStringConvertible {
  case cannotRead(path: String, reason: String)
  case cannotWrite(path: String, reason: String)
  case isTheDatabase(path: String)
  case damaged(path: String, problems: [String])

  public var description: String {
    switch self {
    case .cannotRead(let path, let reason): "Can't read \(quote(path)): \(reason). Nothing was changed."
    case .cannotWrite(let path, let reason): "Can't write \(quote(path)): \(reason). Nothing was changed."
    case .isTheDatabase(let path):
      "\(quote(path)) is the database itself: name a backup. Nothing was changed."
    case .damaged(let path, let problems):
      "\(quote(path)) is damaged (SQLite's check: \(problems.prefix(3).joined(separator: "; "))): it cannot be "
        + "restored. Nothing was changed."
    }
  }
}
