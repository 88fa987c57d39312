/// Keeps a database in step with the cloud: sends the changes the
/// triggers recorded, fetches other devices' changes, and merges the two.
///
/// Policies, the same on every device, so all converge:
/// - **Fields**: three-way merge against the last server copy seen; when
///   both sides changed a field, the later change wins (`RecordMerge`).
/// - **Score events** are only ever inserted, so they never conflict: two
///   devices adding +1 each end with +2 on both.
/// - **Deletion wins over a concurrent edit.** A row deleted on one device
///   is deleted everywhere, with everything below it, even if another
///   device changed it (or scored its player) meanwhile; those changes are
///   dropped and counted in the report. The alternative, an edit bringing
///   a deleted row back, needs the deleted rows' data after they are gone,
///   and makes "delete" unreliable for the person who asked for it.
///   It holds for a row the cloud never saw, which only a copy of the
///   database (`cp`) can also hold: new rows wait for a fetch before they
///   are sent (`sync`), and a row deleted before the server had it is
///   buried, so a copy's later save of it is deleted again
///   (`syncTombstones`). A read-only copy of a game taken back (shared
///   again) is checked against the whole zone (`unarchive`).
/// - **A zone that vanished** from the server while this device holds its
///   data is created again from that data (scorekeeper never deletes a
///   zone; the service lost it). A shared zone that vanished means access
///   ended: its game stays here as a read-only copy (`archive`).
///
/// Every call runs on the caller's thread; the engine holds no
/// connection of its own, so it runs whenever the store is not in a
/// transaction.
public final class SyncEngine {
  let store: Store
  let container: any CloudContainer
  let cloudLocation: String
  private(set) var timing: SyncTiming
  /// What the current (or last) sync did so far: read after one that
  /// failed too, for what it did before it stopped.
  public internal(set) var report = SyncReport()
  /// A fetch of this sync marked a row the server has for deletion there
  /// (deleted here, under a row deleted here, or buried): sent before the
  /// sync ends, so the deletion reaches every device without waiting for
  /// this one's next sync.
  var fetchMadeDeletions = false
  /// Records per page of zone changes (CloudKit's own limit).
  let fetchPageSize: Int
  /// Told how the sync goes (`SyncObserver`).
  public var observer: SyncObserver
  /// How an error reads where the engine records it (the last error
  /// `status` shows): the program's words, which may name the command
  /// that mends it. The error's own description by default.
  public var errorWords: (any Error) -> String = { "\($0)" }
  var metadata: SyncMetadata { SyncMetadata(db: store.database) }
  var user: String { container.userName }

  public init(
    store: Store, container: any CloudContainer, cloudLocation: String, timing: SyncTiming,
    fetchPageSize: Int = 400, observer: SyncObserver = SyncObserver()
  ) {
    self.store = store
    self.container = container
    self.cloudLocation = cloudLocation
    self.timing = timing
    self.fetchPageSize = fetchPageSize
    self.observer = observer
  }

  /// Starts a run (a sync, a fetch, a share): its budget counts from now,
  /// and so does the time a live server has to answer, which counts
  /// against it as retries do, in real time whatever the clock (no test can
  /// fake a server's silence). An engine made for one command starts its
  /// run when made; one kept for many (a `ChangeFeed`'s) starts each.
  public func startRun() {
    timing.restart()
    container.answer(by: .after(timing.answerTime))
  }

  /// Sends pending changes, then fetches everyone else's (and sends the
  /// deletions the fetch made: `fetchMadeDeletions`).
  ///
  /// New rows (never seen by the cloud) wait for a fetch first: a copy of
  /// this database (`cp`, made before they were sent) holds them too, and
  /// may have sent and deleted them meanwhile. Sent first, they would
  /// come back on every device; fetched first, the deletion wins here as
  /// it does over any change (the change is dropped, and counted).
  public func sync() throws -> SyncReport {
    try run(fetching: true) { start in
      if start.hasNewRows { try fetchChanges() }
      if start.hasPending || fetchMadeDeletions { try sendPending() }
      fetchMadeDeletions = false
      try fetchChanges()
      // (After history that went back, what this device holds goes again now.)
      if fetchMadeDeletions || report.historyWentBack { try sendPending() }
    }
  }

  /// Sends pending changes only (after a command that changed data).
  public func send() throws -> SyncReport {
    // Nothing waiting: nothing to tell the cloud, so not a sync at all.
    guard try pendingCount() > 0 else { return SyncReport() }
    return try run { _ in try sendPending() }
  }

  /// Fetches changes only (before a command that reads data).
  public func fetch() throws -> SyncReport {
    try run(fetching: true) { _ in
      try fetchChanges()
      if report.historyWentBack { try sendPending() }
    }
  }

  /// Binds the database to this user and cloud on first use, runs `body`,
  /// and records the outcome in `syncState`, success or not. A database
  /// refused (another user or cloud, or a device id another database
  /// claimed) is bound to nothing.
  ///
  /// - Parameter fetching: `body` fetches changes. With nothing to send
  ///   first, the cloud hears so before anything else, so that a live
  ///   server answers both feeds along with its handshake.
  func run(fetching: Bool = false, _ body: (SyncStart) throws -> Void) throws -> SyncReport {
    // A sync commits a page, or a batch, at a time: the log is
    // checkpointed once, at the end, not every 256 pages along the way.
    try store.database.holdingCheckpoints { try running(fetching: fetching, body) }
  }

  private func running(fetching: Bool, _ body: (SyncStart) throws -> Void) throws -> SyncReport {
    report = SyncReport()
    fetchMadeDeletions = false
    defer { observer.progress?(report, true) }
    // A copy takes its own device id before it says which device it is.
    if try store.syncRead({ try DeviceClaim.due(store.database, path: store.path) != nil }) {
      try store.syncWrite {}
    }
    let start = try store.syncRead { try SyncStart(reading: store.database) }
    // (A restored database asks for its games first: no fetch is announced.)
    if fetching && !start.hasPending && !start.restored {
      container.willFetchDatabaseChanges(private: start.privateToken, shared: start.sharedToken)
    }
    do {
      // NB: Inside: asking a live cloud its identity is its first contact,
      // and a failure there is an outage to record like any other, retried
      // within the budget like any other (a server restarting). It comes
      // first: a live cloud knows who the user is once it was reached.
      _ = try withRetry { try container.serverIdentity() }
      let binding = try unwrittenBinding(start.binding)
      try claimDevice(start)
      if let binding { try bind(binding) }
      if start.restored { try keepGamesDeletedSinceBackup() }
      try body(start)
      try recordSuccess()
      return report
    } catch let error as SharingError {
      throw error  // a request that made no sense: nothing was tried, nothing to record
    } catch let error as SyncError where error.isBindingRefusal {
      throw error  // another process bound the database meanwhile: not this one's to record
    } catch {
      let stop = try stopped(error)
      // Only the cloud's answer is the sync's outcome (a live server of
      // another version is one). Anything else (the database failing
      // under it, a cloud file that cannot be used) is not written, least
      // of all into a database that may be damaged.
      guard let reason = Self.recordedReason(of: stop) else { throw stop }
      try? store.syncWrite {
        try metadata.setLastError(errorWords(reason))
        // No answer (not a refusal): automatic syncs wait before trying again.
        if case .stopped(let error, _)? = stop as? SyncError, error.isTransient {
          let now = try metadata.now()
          let share = FullJitter.share(device: try store.localDeviceID(), at: now)
          try metadata.setOutage(SyncOutage.after(try store.readOutage(), now: now, share: share))
        }
      }
      throw stop
    }
  }

  /// What a failed sync records as its last error: the cloud's answer
  /// (for a sync stopped by it, the answer itself), a sync's own refusal,
  /// or what a live server said of itself that ends every sync until an
  /// administrator acts (no scorekeeper schema, another version, not a
  /// user there); nil for anything else.
  static func recordedReason(of error: any Error) -> (any Error)? {
    switch error {
    case let error as SyncError: error.answer
    case is LiveCloudError, is ServerSchemaError: error
    default: nil
    }
  }

  /// Clears any error or outage and records when the cloud last answered,
  /// but, like a file system's `relatime`, leaves a time less than
  /// `lastSyncGranularity` old as it is: a reading command's sync that
  /// finds nothing new then writes nothing, and costs no more than a read.
  private func recordSuccess() throws {
    let (now, lastSync, clear) = try store.syncRead { try metadata.lastSync() }
    if clear, let lastSync, lastSync <= now,
      now.millisecondsSince1970 - lastSync.millisecondsSince1970 < Self.lastSyncGranularity
    {
      return
    }
    try store.syncWrite { try metadata.recordSuccess(at: now) }
  }

  /// How stale a recorded last sync may be before a sync that changes
  /// nothing else writes it again, in milliseconds.
  static let lastSyncGranularity: Int64 = 60_000

  /// A cloud error that ends the sync becomes `SyncError.stopped`, with the
  /// number of changes still waiting.
  private func stopped(_ error: Error) throws -> Error {
    guard let cloudError = error as? CloudError else { return error }
    return SyncError.stopped(cloudError, pending: try pendingCount())
  }

  func pendingCount() throws -> Int {
    try store.syncRead { try metadata.pendingCount() }
  }

  /// The first sync records who and which cloud; later ones must match
  /// (see `SyncBinding`). A v5 binding, or the same cloud reached by
  /// another path, is brought up to date. Returns the binding to write,
  /// nil when it is written already (the usual case); writes nothing.
  private func unwrittenBinding(_ bound: SyncBinding) throws -> SyncBinding? {
    let current = SyncBinding(user: user, cloud: cloudLocation, cloudIdentity: try container.serverIdentity())
    if bound == current { return nil }
    if let refusal = try refusal(of: bound) { throw refusal }
    return current
  }

  /// Writes the binding, checking again under the write lock.
  private func bind(_ binding: SyncBinding) throws {
    try store.syncWrite {
      if let refusal = try refusal(of: try store.readSyncBinding()) { throw refusal }
      try metadata.bind(binding)
    }
  }

  private func refusal(of bound: SyncBinding) throws -> SyncError? {
    bound.refusal(
      database: store.path, user: user, cloud: cloudLocation,
      identity: try container.serverIdentity())
  }

  /// Claims this database's device id on the cloud, once per cloud, device
  /// id and file (a copy is another file): two databases syncing under one
  /// device id would make colliding record ids.
  private func claimDevice(_ start: SyncStart) throws {
    let claim = "\(try container.serverIdentity()) \(start.device) \(start.file)"
    if start.deviceClaim == claim { return }
    guard try withRetry({ try container.claimDevice(start.device, holder: start.file) }) == start.file else {
      throw SyncError.deviceTaken(database: store.path, device: start.device)
    }
    try store.syncWrite { try metadata.setDeviceClaim(claim) }
  }

  /// Binds the database to this engine's cloud, whichever it was bound to
  /// (the user must still match): for a cloud that moved, or a new one in
  /// place of a lost one. Against another cloud, whatever this device knew
  /// of the old one is forgotten: its own games are sent afresh, and games
  /// others shared with it go (they live on the old cloud). Then it syncs.
  public func rebind() throws -> SyncReport {
    let identity = try container.serverIdentity()
    try applying {
      let bound = try store.readSyncBinding()
      if let refusal = bound.userRefusal(database: store.path, user: user) { throw refusal }
      if bound.isBound && !bound.isSameCloud(location: cloudLocation, identity: identity) {
        try forgetCloud()
      }
      try metadata.bind(SyncBinding(user: user, cloud: cloudLocation, cloudIdentity: identity))
    }
    return try sync()
  }

  /// Everything this device knew of a cloud it no longer syncs with.
  private func forgetCloud() throws {
    for name in try metadata.sharedTopRecords() { try deleteLocally(name) }
    try metadata.forgetCloud()
  }

  /// The database holding a zone: the user's own, or the shared one.
  func database(ownerKey: String) -> any CloudDatabase {
    ownerKey.isEmpty ? container.privateDatabase : container.sharedDatabase
  }

  /// '' for the user's own zones, else the owner's name.
  func ownerKey(of zone: ZoneID) -> String {
    zone.ownerName == user ? "" : zone.ownerName
  }

  /// Runs a write with the tracking triggers silenced: what the engine
  /// writes came from the server and must not be sent back as new.
  func applying<T>(_ body: () throws -> T) throws -> T {
    try store.syncWrite { try store.syncApplying.applying(body) }
  }
}
