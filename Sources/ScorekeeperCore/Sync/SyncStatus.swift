/// What `sync status` shows: who and where this database syncs with, and
/// what waits to be sent.
public struct SyncStatus: Hashable, Sendable {
  /// The user and cloud the database is bound to since its first sync;
  /// nil before.
  public var boundUser: String?
  public var boundCloud: String?
  /// This device's id (the `device` of its score events).
  public var device: String
  public var pendingSaves: Int
  public var pendingDeletes: Int
  /// Records received before their parent, waiting for it.
  public var parked: Int
  public var lastSyncAt: Timestamp?
  public var lastError: String?
  /// Set while the cloud does not answer: since when, and when automatic
  /// syncs try again (`SyncEngine.outage`).
  public var outage: SyncOutage?
}

/// The cloud has not answered since `since`; automatic syncs wait until
/// `retryAt`. Each unanswered try waits a share of a longest wait that
/// starts at one second and doubles with the outage's age, up to 15 min
/// (exponential backoff with full jitter, issue 50): quick to try again
/// after a blip, and devices that lost the cloud together come back
/// spread out, not in lockstep.
public struct SyncOutage: Hashable, Sendable {
  public var since: Timestamp
  public var retryAt: Timestamp

  static let firstCeiling: Int64 = 1_000
  static let longestWait: Int64 = 900_000

  /// The outage after one more unanswered try at `now`, waiting `share`
  /// (in [0, 1): `FullJitter`) of the longest wait its age allows.
  static func after(_ previous: SyncOutage?, now: Timestamp, share: Double) -> SyncOutage {
    let since = previous?.since ?? now
    let ceiling = min(
      longestWait, max(firstCeiling, 2 * (now.millisecondsSince1970 - since.millisecondsSince1970)))
    let wait = Int64((Double(ceiling) * share).rounded(.down))
    return SyncOutage(
      since: since, retryAt: Timestamp(millisecondsSince1970: now.millisecondsSince1970 + wait))
  }
}

extension Store {
  /// The outage recorded, if any.
  public func syncOutage() throws -> SyncOutage? {
    try syncRead { try readOutage() }
  }

  /// The binding and the outage in one read: what a command checks
  /// before it runs.
  public func syncBindingAndOutage() throws -> (binding: SyncBinding, outage: SyncOutage?) {
    try syncRead { (try readSyncBinding(), try readOutage()) }
  }

  /// The outage, inside a transaction the caller holds.
  func readOutage() throws -> SyncOutage? {
    try database.fetchOne("\(SyncTracking.marker) SELECT outageSince, retryAt FROM syncState") {
      Self.outage(since: try $0.optionalText("outageSince"), retryAt: try $0.optionalText("retryAt"))
    } ?? nil
  }

  static func outage(since: String?, retryAt: String?) -> SyncOutage? {
    guard let since = since.flatMap(Timestamp.init(iso8601:)),
      let retryAt = retryAt.flatMap(Timestamp.init(iso8601:))
    else { return nil }
    return SyncOutage(since: since, retryAt: retryAt)
  }

  public func syncStatus() throws -> SyncStatus {
    try read {
      let counts = try database.fetchOne(
        """
        \(SyncTracking.marker) SELECT
          count(*) FILTER (WHERE state = 'pendingSave') AS saves,
          count(*) FILTER (WHERE state = 'pendingDelete') AS deletes,
          count(*) FILTER (WHERE state = 'parked') AS parked
        FROM syncRecords WHERE state <> 'synced'
        """
      ) { (saves: try $0.int("saves"), deletes: try $0.int("deletes"), parked: try $0.int("parked")) }!
      return try database.fetchOne(
        "\(SyncTracking.marker) SELECT \(StatusColumn.selected) FROM syncState"
      ) { row in
        func text(_ column: StatusColumn) throws -> String? { try row.optionalText(column.rawValue) }
        // A copy's own id, which its first change takes (a cp'd backup
        // showed the original's until then).
        return SyncStatus(
          boundUser: try text(.userName), boundCloud: try text(.cloud),
          device: try DeviceClaim.deviceID(database, path: path), pendingSaves: counts.saves,
          pendingDeletes: counts.deletes, parked: counts.parked,
          lastSyncAt: try text(.lastSyncAt).flatMap(Timestamp.init(iso8601:)),
          lastError: try text(.lastError),
          outage: try Self.outage(since: text(.outageSince), retryAt: text(.retryAt)))
      }!
    }
  }

  /// The `syncState` columns a status shows, read by name.
  private enum StatusColumn: String, CaseIterable {
    case userName, cloud, lastSyncAt, lastError, outageSince, retryAt

    static let selected = allCases.map(\.rawValue).joined(separator: ", ")
  }
}
