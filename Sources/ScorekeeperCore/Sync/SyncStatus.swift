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
}

extension Store {
  public func syncStatus() throws -> SyncStatus {
    try read {
      let counts = try database.fetchOne(
        """
        \(SyncTracking.marker) SELECT
          count(*) FILTER (WHERE state = 'pendingSave'),
          count(*) FILTER (WHERE state = 'pendingDelete'),
          count(*) FILTER (WHERE state = 'parked')
        FROM syncRecords WHERE state <> 'synced'
        """
      ) { (try $0.int(0), try $0.int(1), try $0.int(2)) }!
      return try database.fetchOne(
        """
        \(SyncTracking.marker) SELECT userName, cloud, (SELECT id FROM localDevice), lastSyncAt, lastError
        FROM syncState
        """
      ) { row in
        SyncStatus(
          boundUser: try row.optionalText(0), boundCloud: try row.optionalText(1),
          device: try row.text(2), pendingSaves: counts.0, pendingDeletes: counts.1, parked: counts.2,
          lastSyncAt: try row.optionalText(3).flatMap(Timestamp.init(iso8601:)),
          lastError: try row.optionalText(4))
      }!
    }
  }
}
