/// The use cases the CLI calls: add, score, list, rename, remove.
///
/// Each method is one transaction: it happens whole or not at all, and a
/// method that changes data returns what it changed, so callers can echo
/// it without a second query. The store never prints; errors carry the
/// data a message needs.
public final class Store {
  /// The connection: for the tests and benchmarks only (`@_spi(Testing)
  /// import`), which look at and seed rows directly. Everything else goes
  /// through the methods.
  @_spi(Testing) public let database: Database

  /// The database file's path.
  public var path: String { database.path }
  /// Where opening moved a log that did not belong to the database's file
  /// (a backup copied over it); nil when nothing was set aside.
  public var setAsideLog: String? { database.setAsideLog }
  /// Up while the sync engine applies server changes, silencing tracking.
  let syncApplying = SyncApplyingFlag()

  /// Opens (creating or migrating) the database at `path`; `trace`, when
  /// given, sees every statement from the first.
  ///
  /// - Parameter tracksChanges: let the triggers record changes for sync.
  ///   Only a benchmark measuring their cost turns them off.
  public convenience init(
    path: String, dependencies: Dependencies, trace: ((String) -> Void)? = nil,
    tracksChanges: Bool = true
  ) throws {
    try self.init(
      database: try DatabaseFile.open(at: path, dependencies: dependencies, trace: trace),
      tracksChanges: tracksChanges)
  }

  /// Wraps a database that `DatabaseFile.open` prepared.
  public init(database: Database, tracksChanges: Bool = true) throws {
    self.database = database
    try SyncTracking.install(on: database, applying: syncApplying, tracksChanges: tracksChanges)
    // For queries that size columns of names (never for the schema).
    try database.createFunction("displayWidth", argumentCount: 1, deterministic: true) { arguments in
      guard case .text(let text) = arguments[0] else { return .integer(0) }
      return .integer(Int64(text.displayWidth))
    }
  }

  /// Whether the database may be removed after the command that created
  /// it failed: no other connection has it open, no change waits to be
  /// sent, and it never claimed its device on a cloud (one that did is a
  /// device there: in deterministic mode a new file at the same path,
  /// with the same device id, would be refused that device). When it may,
  /// the connection keeps the database to itself until it is closed, so
  /// nobody opens it before it is gone.
  public func discardIfUnused() throws -> Bool {
    try database.execute("PRAGMA busy_timeout = 0")
    try database.execute("PRAGMA locking_mode = EXCLUSIVE")
    do {
      try database.execute("BEGIN EXCLUSIVE")
    } catch let error as DatabaseError where error.primaryCode == 5 {  // SQLITE_BUSY: someone else's too
      return false
    }
    let unused = try SyncTables.holdNothingToSend(database)
    if unused { madeLocalChange = false }  // no mark for a file about to go
    return unused
  }

  /// Closes the connection now rather than when the store is released,
  /// leaving the device mark when this connection made a local change.
  public func close() {
    markDevice()
    database.close()
  }

  deinit { markDevice() }

  /// Whether this connection recorded a change of this device's (`undo`'s
  /// list), so the device mark beside the database is out of date.
  var madeLocalChange = false

  /// While a change is recorded as having happened earlier (`--at`): that
  /// time, how many log entries were stamped since, and when the command
  /// entered them (`Store+Backdating`).
  var backdating: (time: Timestamp, entries: Int64, enteredAt: Timestamp)?

  /// Leaves the `DeviceMark` for what the database now holds.
  private func markDevice() {
    // (Not for an in-memory database: ":memory:", or no path at all.)
    guard madeLocalChange, !database.path.isEmpty, !database.path.hasPrefix(":"),
      let now = try? DeviceMark.current(in: database)
    else { return }
    madeLocalChange = false
    DeviceMark.write(for: database.path, device: now.device, lastChange: now.lastChange)
  }

  /// Whether a write of this store's own (a command's, not the sync
  /// engine's) changed a row since it was opened: what an automatic sync
  /// sends after a command. A refused change rolled back changed nothing.
  public private(set) var changedData = false

  func write<T>(_ body: () throws -> T) throws -> T {
    let before = database.totalChanges
    let result = try database.write(body)
    if database.totalChanges != before { changedData = true }
    return result
  }

  func read<T>(_ body: () throws -> T) throws -> T {
    try database.read(body)
  }

  /// The sync engine's transactions, marked so `--trace` can hide them.
  ///
  /// They do not wait for the disk: what one records came from the cloud
  /// or is already there, so one rolled back by a power loss leaves this
  /// database as a process killed before it would have (the next sync
  /// does it again), and the commands' own writes, which wait, take every
  /// earlier commit to the disk with them. A bulk sync commits once per
  /// batch or page, and each wait is a flush that a busy disk can make
  /// last milliseconds.
  func syncWrite<T>(_ body: () throws -> T) throws -> T {
    try database.write(comment: SyncTracking.marker, surviving: .processCrash, body)
  }

  func syncRead<T>(_ body: () throws -> T) throws -> T {
    try database.read(comment: SyncTracking.marker, body)
  }
}
