#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Opens a scorekeeper database file: checks what is at the path, refuses
/// anything it should not touch, and migrates an older schema.
///
/// The rules, in the order they are checked:
/// - a directory, a missing parent folder, an unwritable file or folder →
///   refused before SQLite sees the path;
/// - not an SQLite file, or an SQLite file of another application →
///   refused after reading its header, nothing written;
/// - a newer schema → refused, nothing written (reading a WAL-mode file
///   creates `-wal` and `-shm` files, which closing the connection removes);
/// - the current schema → opened without a single write;
/// - an empty or new file → switched to WAL and made in one transaction;
/// - an older schema → migrated, each step in its own transaction.
///
/// A command that fails on a database it has just made removes the file
/// (`discardNewDatabase`), once no other connection holds it. Another
/// process may open the file just before it goes, and read it just after:
/// SQLite then works on a file no one will see, or fails ("disk I/O
/// error") when it looks for the path. Once read, a connection holds the
/// file (WAL mode keeps a shared lock), so the file cannot go after that:
/// opening checks, after its first read, that the file is still at its
/// path, and opens the path again when it is not.
public enum DatabaseFile {
  /// How many times a file removed meanwhile is opened again: each time
  /// needs another process to make and remove it anew.
  static let attempts = 3

  public static func open(
    at path: String, dependencies: Dependencies, migrations: [Migration] = Schema.migrations,
    trace: ((String) -> Void)? = nil
  ) throws -> Database {
    try open(at: path, dependencies: dependencies, migrations: migrations, trace: trace) { _ in }
  }

  /// `opened`: what happens between opening the file and reading it
  /// (tests: another process removing it).
  static func open(
    at path: String, dependencies: Dependencies, migrations: [Migration],
    trace: ((String) -> Void)?, opened: (Database) -> Void
  ) throws -> Database {
    for _ in 1...attempts {
      if let db = try openOnce(
        at: path, dependencies: dependencies, migrations: migrations, trace: trace, opened: opened)
      {
        return db
      }
    }
    throw DatabaseFileError(path: path, problem: .removedWhileOpening(attempts: attempts))
  }

  /// The database, or nil when its file was removed before it was read.
  private static func openOnce(
    at path: String, dependencies: Dependencies, migrations: [Migration],
    trace: ((String) -> Void)?, opened: (Database) -> Void
  ) throws -> Database? {
    try checkFileSystem(path)
    let db: Database
    do {
      db = try Database(path: path, keepingLog: true, checkpointPages: dependencies.checkpointPages)
    } catch let error as DatabaseError {
      throw DatabaseFileError(path: path, problem: .cannotOpen(error))
    }
    db.trace(trace)
    opened(db)
    do {
      try db.install(dependencies)
      try prepare(db, path: path, dependencies: dependencies, migrations: migrations)
    } catch {
      let moved = db.fileHasMoved()
      db.stopKeepingLogIfEmpty()
      db.close()
      if moved { return nil }
      throw error
    }
    guard !db.fileHasMoved() else {
      db.close()
      return nil
    }
    return db
  }

  private static func prepare(
    _ db: Database, path: String, dependencies: Dependencies, migrations: [Migration]
  ) throws {
    let header: (applicationID: Int32, version: Int, objects: Int)
    do {
      header = try db.fetchOne(
        """
        SELECT (SELECT application_id FROM pragma_application_id),
               (SELECT user_version FROM pragma_user_version),
               (SELECT count(*) FROM sqlite_schema)
        """
      ) { row in (Int32(truncatingIfNeeded: try row.int64(0)), try row.int(1), try row.int(2)) }!
    } catch let error as DatabaseError {
      throw DatabaseFileError(
        path: path,
        problem: error.primaryCode == 26 /* SQLITE_NOTADB */ ? .notSQLite : .cannotOpen(error))
    }
    // A page cache of 1 MiB, half SQLite's default: a command reads most
    // pages once, and SQLite's sorter holds as much as the cache before it
    // spills to a temporary file, so a sort of 100,000 players (`list`)
    // peaked 2 MiB higher with the default for no time saved. A write that
    // dirties more spills to the log before its commit, which is no flush.
    // Set here, once the file is known to be a database: the pragma reads
    // the schema.
    try db.execute("PRAGMA cache_size = -1024")
    let supported = migrations.count
    switch header {
    case (Schema.applicationID, let version, _) where version > supported:
      throw DatabaseFileError(path: path, problem: .newerSchema(found: version, supported: supported))
    case (Schema.applicationID, supported, _):
      try db.persistIDCounter(of: dependencies.uuid)
      DeviceClaim.claimInFirstWrite(db, path: path, version: supported)
      return
    case (Schema.applicationID, _, _), (0, 0, 0):
      break  // an older scorekeeper database, or an empty file: migrate it
    case (let applicationID, _, let objects):
      throw DatabaseFileError(
        path: path, problem: .notScorekeeper(applicationID: applicationID, objectCount: objects))
    }
    do {
      // WAL lets readers carry on while a writer commits, and makes commits
      // cheaper; it is a property of the file, so it is set once, here.
      let mode = try db.switchToWAL()
      guard mode == "wal" else {
        throw DatabaseFileError(path: path, problem: .cannotUseWAL(mode ?? "none"))
      }
      try db.persistIDCounter(of: dependencies.uuid)
      try Migrator(migrations: migrations).migrate(db)
      if supported >= Migration.identities.version {
        // Made or migrated here: written already, so the file it records
        // is written now too (left for later, a copy made before it would
        // not know it is one).
        try db.write {
          try DeviceClaim.due(db, path: path, version: supported)?.make(in: db, version: supported)
        }
        DeviceClaim.claimInFirstWrite(db, path: path, version: supported)
      }
    } catch let error as DatabaseError {
      throw DatabaseFileError(path: path, problem: .cannotOpen(error))
    } catch let error as MigrationError {
      throw DatabaseFileError(path: path, problem: .migrationFailed(error))
    }
  }

  /// What can be said about the path without opening it. SQLite's own
  /// errors for these cases ("unable to open database file") do not tell
  /// the user what to fix.
  private static func checkFileSystem(_ path: String) throws {
    var info = stat()
    let directory = FilePath.folder(of: path)
    if stat(path, &info) == 0 {
      if (info.st_mode & S_IFMT) == S_IFDIR {
        throw DatabaseFileError(path: path, problem: .isDirectory)
      }
      if (info.st_mode & S_IFMT) != S_IFREG {
        throw DatabaseFileError(path: path, problem: .notARegularFile)
      }
      if access(path, R_OK | W_OK) != 0 {
        throw DatabaseFileError(path: path, problem: .unwritableFile)
      }
    } else if stat(directory, &info) != 0 || (info.st_mode & S_IFMT) != S_IFDIR {
      throw DatabaseFileError(path: path, problem: .missingDirectory(directory))
    }
    // SQLite creates the journal (`-wal`, `-shm`) beside the database.
    if access(directory, W_OK | X_OK) != 0 {
      throw DatabaseFileError(path: path, problem: .unwritableDirectory(directory))
    }
  }

}

/// The file at a path cannot be used as a scorekeeper database. Nothing
/// was written to it.
public struct DatabaseFileError: Error, Equatable, CustomStringConvertible {
  public enum Problem: Equatable, Sendable {
    case isDirectory
    case notARegularFile
    case missingDirectory(String)
    case unwritableFile
    case unwritableDirectory(String)
    case notSQLite
    case notScorekeeper(applicationID: Int32, objectCount: Int)
    case newerSchema(found: Int, supported: Int)
    case cannotUseWAL(String)
    case migrationFailed(MigrationError)
    case cannotOpen(DatabaseError)
    /// Removed by another process each time, between opening it and
    /// reading it.
    case removedWhileOpening(attempts: Int)
  }

  public let path: String
  public let problem: Problem

  public init(path: String, problem: Problem) {
    self.path = path
    self.problem = problem
  }

  public var description: String {
    let file = "\"\(path)\""
    switch problem {
    case .isDirectory:
      return "\(file) is a directory, not a database file."
    case .notARegularFile:
      return "\(file) is not a regular file, so it cannot hold a database."
    case .missingDirectory(let directory):
      return "Cannot create \(file): the folder \"\(directory)\" does not exist."
    case .unwritableFile:
      return "\(file) is not writable (check its permissions); nothing was changed."
    case .unwritableDirectory(let directory):
      return "Cannot use \(file): its folder \"\(directory)\" is not writable, "
        + "and SQLite keeps its journal there."
    case .notSQLite:
      return "\(file) is not an SQLite database; nothing was changed."
    case .notScorekeeper(let applicationID, _):
      let owner = applicationID == 0 ? "" : " (application id \(applicationID))"
      return "\(file) is an SQLite database of another application\(owner), "
        + "not a scorekeeper database; nothing was changed."
    case .newerSchema(let found, let supported):
      return "\(file) uses schema version \(found), but this scorekeeper understands "
        + "versions up to \(supported). Upgrade scorekeeper to use it; nothing was changed."
    case .cannotUseWAL(let mode):
      return "\(file) cannot switch to WAL journaling (it stays in \"\(mode)\" mode)."
    case .migrationFailed(let error):
      return "Cannot upgrade \(file): \(error). The database was left as it was."
    case .cannotOpen(let error):
      return "Cannot open \(file): \(error.message) (\(error.codeName))."
    case .removedWhileOpening(let attempts):
      return "Cannot open \(file): another process removed it while this one opened it, "
        + "\(attempts) times; nothing was changed. Run the command again."
    }
  }
}
