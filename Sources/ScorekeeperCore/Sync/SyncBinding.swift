#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whom and which cloud a database syncs with: set by its first sync, then
/// checked before anything is written, so two people's data never mix in
/// one file and one file's data never goes to two clouds.
///
/// The cloud is known by the identity it keeps inside itself, not by the
/// path typed to reach it: the same cloud by any path is the same cloud,
/// and a new, empty cloud at the old path is another one.
public struct SyncBinding: Hashable, Sendable {
  public var user: String?
  /// How the cloud was reached at the last sync (the resolved path), for display.
  public var cloud: String?
  /// The cloud's `serverIdentity`; nil for a binding made before v6,
  /// which only knows `cloud`'s path.
  public var cloudIdentity: String?

  public var isBound: Bool { user != nil }

  /// Why `user` may not use this database at all, if they may not.
  public func userRefusal(database: String, user: String) -> SyncError? {
    guard let bound = self.user, bound != user else { return nil }
    return .boundElsewhere(
      database: database, boundUser: bound, boundCloud: cloud ?? "", user: user, cloud: nil)
  }

  /// Why this database may not sync as `user` with the cloud at `location`
  /// whose identity is `identity` (nil: no cloud is there), if it may not.
  public func refusal(database: String, user: String, cloud location: String, identity: String?)
    -> SyncError?
  {
    if let refusal = userRefusal(database: database, user: user) { return refusal }
    guard isBound, !isSameCloud(location: location, identity: identity) else { return nil }
    return .boundElsewhere(
      database: database, boundUser: self.user!, boundCloud: cloud ?? "", user: user,
      cloud: identity == nil ? .missing(location) : .other(location))
  }

  /// A v5 binding names a path: the same file is the same cloud.
  func isSameCloud(location: String, identity: String?) -> Bool {
    guard let identity else { return false }
    if let cloudIdentity { return cloudIdentity == identity }
    return cloud.map { Self.sameFile($0, location) } ?? true
  }

  static func sameFile(_ first: String, _ second: String) -> Bool {
    var a = stat()
    var b = stat()
    guard stat(first, &a) == 0, stat(second, &b) == 0 else { return first == second }
    return a.st_dev == b.st_dev && a.st_ino == b.st_ino
  }
}

extension Store {
  public func syncBinding() throws -> SyncBinding {
    try syncRead { try readSyncBinding() }
  }

  /// The binding, inside the caller's transaction.
  func readSyncBinding() throws -> SyncBinding {
    try database.fetchOne(
      "\(SyncTracking.marker) SELECT userName, cloud, cloudIdentity FROM syncState"
    ) { row in
      SyncBinding(
        user: try row.optionalText("userName"), cloud: try row.optionalText("cloud"),
        cloudIdentity: try row.optionalText("cloudIdentity"))
    } ?? SyncBinding()
  }
}
