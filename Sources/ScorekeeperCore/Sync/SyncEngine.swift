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
/// - **A zone that vanished** from the server while this device holds its
///   data is created again from that data (scorekeeper never deletes a
///   zone; the service lost it). A shared zone that vanished means access
///   ended: its rows are removed here.
///
/// Every call runs on the caller's thread; the engine holds no
/// connection of its own, so it runs whenever the store is not in a
/// transaction.
public final class SyncEngine {
  let store: Store
  let container: any CloudContainer
  let cloudLocation: String
  let timing: SyncTiming
  var report = SyncReport()
  /// Records per page of zone changes; tests make pages small.
  var fetchPageSize = 400
  /// Called after each page of zone changes is applied, for tests that
  /// look at the state between pages.
  var afterPage: (() -> Void)?
  var metadata: SyncMetadata { SyncMetadata(db: store.database) }
  var user: String { container.userName }

  public init(store: Store, container: any CloudContainer, cloudLocation: String, timing: SyncTiming) {
    self.store = store
    self.container = container
    self.cloudLocation = cloudLocation
    self.timing = timing
  }

  /// Sends pending changes, then fetches everyone else's.
  public func sync() throws -> SyncReport {
    try run {
      try sendPending()
      try fetchChanges()
    }
  }

  /// Sends pending changes only (after a command that changed data).
  public func send() throws -> SyncReport {
    try run { try sendPending() }
  }

  /// Fetches changes only (before a command that reads data).
  public func fetch() throws -> SyncReport {
    try run { try fetchChanges() }
  }

  /// Binds the database to this user and cloud on first use, runs `body`,
  /// and records the outcome in `syncState`, success or not.
  func run(_ body: () throws -> Void) throws -> SyncReport {
    report = SyncReport()
    try bind()
    do {
      try body()
      try store.syncWrite {
        try store.database.execute(
          "\(SyncTracking.marker) UPDATE syncState SET lastSyncAt = now(), lastError = NULL")
      }
      return report
    } catch let error as SharingError {
      throw error  // a request that made no sense: nothing was tried, nothing to record
    } catch {
      let stop = try stopped(error)
      try? store.syncWrite {
        try store.database.execute(
          "\(SyncTracking.marker) UPDATE syncState SET lastError = ?1",
          [.text((stop as? SyncError)?.reason ?? "\(stop)")])
      }
      throw stop
    }
  }

  /// A cloud error that ends the sync becomes `SyncError.stopped`, with the
  /// number of changes still waiting.
  private func stopped(_ error: Error) throws -> Error {
    guard let cloudError = error as? CloudError else { return error }
    return SyncError.stopped(cloudError, pending: try pendingCount())
  }

  func pendingCount() throws -> Int {
    try store.syncRead {
      try store.database.fetchOne(
        "\(SyncTracking.marker) SELECT count(*) FROM syncRecords WHERE state IN ('pendingSave', 'pendingDelete') AND state <> 'synced'"
      ) { try $0.int(0) } ?? 0
    }
  }

  /// The first sync records who and where; later ones must match.
  private func bind() throws {
    // Already bound to this user and cloud (the usual case): nothing to write.
    let bound = try store.syncRead {
      try store.database.fetchOne("\(SyncTracking.marker) SELECT userName, cloud FROM syncState") {
        (try $0.optionalText(0), try $0.optionalText(1))
      }
    }
    if let bound, bound.0 == user, bound.1 == cloudLocation { return }
    try store.syncWrite {
      let bound = try store.database.fetchOne(
        "\(SyncTracking.marker) SELECT userName, cloud FROM syncState"
      ) { (try $0.optionalText(0), try $0.optionalText(1)) }
      switch bound {
      case (let boundUser?, let boundCloud?)?:
        guard boundUser == user, boundCloud == cloudLocation else {
          throw SyncError.boundElsewhere(
            database: store.database.path, boundUser: boundUser, boundCloud: boundCloud, user: user,
            cloud: cloudLocation)
        }
      default:
        try store.database.execute(
          "\(SyncTracking.marker) UPDATE syncState SET userName = ?1, cloud = ?2",
          [.text(user), .text(cloudLocation)])
      }
    }
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
