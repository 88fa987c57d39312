#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A cloud server that behaves like CloudKit's databases, kept in SQLite:
/// in memory for tests (each test its own), or in a file that several
/// devices and users share across processes.
///
/// Every operation is one transaction on that database: it checks the
/// account, then any injected fault, then applies the rules in the
/// extensions (`+Records`, `+Zones`, `+Changes`, `+Sharing`). Concurrent
/// processes queue at the file's write lock, so nothing is lost.
public final class FileCloud: Sendable {
  /// Items per call (`CloudRules`).
  public static var itemLimit: Int { CloudRules.itemLimit }

  /// Where the server lives: a file path, or ":memory:".
  public let path: String
  /// Made once, when the server was created, and kept in it: what a
  /// database binds to (a path can change, or lead elsewhere).
  public let identity: String
  /// Where opening moved a log that did not belong to the file (a copy
  /// put over it while its log held changes); nil when nothing was set
  /// aside.
  public let setAsideLog: String?
  private let state: Locked<State>
  /// The calls said to come next (`FileCloud+Ahead`).
  let ahead = Locked(Ahead())

  private struct State {
    let database: Database
    let clock: Clock
    let shareLinks: ShareLinkGenerator
  }
  /// Opens (creating when needed) the server at `path`.
  ///
  /// - Parameters:
  ///   - clock: the server's clock, for modification times.
  ///   - shareLinks: `.random` for real use; `.sequential` for transcripts.
  ///   - checkpointPages: how much its log holds before a commit folds it
  ///     into the file (`Database.init`).
  public init(
    path: String = ":memory:", clock: Clock, shareLinks: ShareLinkGenerator = .random,
    checkpointPages: Int32 = Database.defaultCheckpointPages
  ) throws {
    var status = stat()
    if stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR {
      throw FileCloudError.isDirectory(path: path)
    }
    let database: Database
    do {
      database = try Database(path: path, keepingLog: true, checkpointPages: checkpointPages)
      try Self.prepare(database, path: path, clock: clock)
      identity = try database.fetchOne("SELECT identity FROM server") { try $0.text(0) }!
      try database.setBusyTimeout(milliseconds: Self.busyTimeoutMilliseconds)
    } catch let error as DatabaseError {
      throw FileCloudError.cannotOpen(path: path, error)
    }
    self.path = path
    setAsideLog = database.setAsideLog
    self.state = Locked(
      State(database: database, clock: clock, shareLinks: shareLinks))
  }

  /// Creates the server's tables in a new (empty) file, or upgrades an
  /// older mock cloud; refuses any other file, touching nothing.
  private static func prepare(_ database: Database, path: String, clock: Clock) throws {
    let (applicationID, version, objects, hasLedger) = try database.fetchOne(
      """
      SELECT (SELECT application_id FROM pragma_application_id),
             (SELECT user_version FROM pragma_user_version), (SELECT count(*) FROM sqlite_schema),
             EXISTS (SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?1)
      """, [.text(Schema.ledgerTable)]
    ) { row in
      (Int32(truncatingIfNeeded: try row.int64(0)), try row.int(1), try row.int(2), try row.int(3) == 1)
    }!
    switch (applicationID, version, objects) {
    case (FileCloudSchema.applicationID, FileCloudSchema.version, _) where hasLedger:
      return  // current: every process that opens the file, so one read and nothing more
    case (FileCloudSchema.applicationID, ...FileCloudSchema.version, _):
      break
    case (0, 0, 0):
      // Readers carry on while a writer commits; set once, in the file.
      if path != ":memory:" { _ = try database.switchToWAL() }
    default:
      // Another application's file (even one without an application id),
      // or a newer mock cloud, is never taken over.
      throw FileCloudError.notFileCloud(
        path: path, applicationID: applicationID, version: version)
    }
    try FileCloudSchema.installFunctions(on: database, clock: clock)
    do {
      try Migrator(FileCloudSchema.history).migrate(database)
    } catch let error as MigrationError {
      throw FileCloudError.migrationFailed(path: path, error)
    }
  }

  /// Sets how many asset bytes each owner may keep (their zones' assets,
  /// whoever saved them): a save that would go past it is refused with
  /// `quotaExceeded`.
  public func setAssetQuota(_ byteCount: Int) throws {
    try withDatabase { store in
      try store.db.write {
        try store.db.execute("UPDATE server SET assetQuota = ?", [.integer(Int64(byteCount))])
      }
    }
  }

  /// The asset bytes kept in an owner's zones: what counts toward their quota.
  public func assetBytesKept(by owner: String) throws -> Int {
    try withDatabase { store in try store.db.read { try store.assetBytesUsed(by: owner) } }
  }

  /// One user's view of this server.
  public func container(for userName: String) -> FileCloudContainer {
    FileCloudContainer(cloud: self, userName: userName)
  }

  /// Sets what `accountStatus()` reports for the user, and so whether
  /// their operations work at all.
  public func setAccountStatus(_ status: AccountStatus, for userName: String) throws {
    try withDatabase { store in try store.db.write { try store.setAccountStatus(status, of: userName) } }
  }

  /// Purges every tombstone and expires every change token issued so far,
  /// as the real service does to old history: readers must fetch again
  /// from scratch.
  public func expireChangeTokens() throws {
    try withDatabase { store in
      try store.db.write {
        // Tokens issued from now on carry at least this number; older ones less.
        let cut = try store.nextSequence()
        try store.db.execute("UPDATE zones SET validFrom = ?", [.integer(cut)])
        try store.db.execute("DELETE FROM tombstones")
        try store.db.execute("DELETE FROM deletedZones")
        try store.db.execute("DELETE FROM accessChanges")
        try store.db.execute("UPDATE sequence SET validFrom = ?", [.integer(cut)])
      }
    }
  }

  /// Runs one operation for `userName`: in one transaction, the account
  /// check first (every operation does it), then `body`. (Faults are
  /// injected around any cloud alike: `FaultInjectingContainer`.) The
  /// call said to come next, if any, is over first (`settleAhead`),
  /// unless this is that call (`settling: false`).
  func perform<T>(
    _ operation: CloudOperation, as userName: String, writes: Bool, settling: Bool = true,
    _ body: (ServerStore) throws -> T
  ) throws -> T {
    if settling { settleAhead() }
    return try state.withLock { state in
      let store = ServerStore(db: state.database, clock: state.clock, shareLinks: state.shareLinks)
      func run() throws -> T {
        if operation != .accountStatus, let error = try store.accountStatus(of: userName).error {
          throw error
        }
        return try body(store)
      }
      do {
        return try writes ? state.database.write(run) : state.database.read(run)
      } catch let error as DatabaseError where error.primaryCode == 5 /* SQLITE_BUSY */ {
        throw CloudError.serverBusy
      } catch let error as DatabaseError {
        // The file itself failed (read-only, damaged, disk full): not an
        // answer of the cloud, but a file that cannot be used.
        throw FileCloudError.cannotOpen(path: path, error)
      }
    }
  }

  /// How long an operation waits for another process's hold on the file
  /// before it answers "busy": briefly, so the sync engine's retries (and
  /// its budget) decide how long a busy cloud is waited for.
  static let busyTimeoutMilliseconds: Int32 = 250

  /// Runs `body` with the server's storage, outside any operation: for
  /// administration (accounts, expiry) and dumps.
  func withDatabase<T>(_ body: (ServerStore) throws -> T) throws -> T {
    settleAhead()
    return try state.withLock { state in
      try body(ServerStore(db: state.database, clock: state.clock, shareLinks: state.shareLinks))
    }
  }
}
