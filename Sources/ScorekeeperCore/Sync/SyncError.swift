/// Why a sync could not run, or stopped before it finished. Local data is
/// never changed by a failed sync beyond what it applied whole; pending
/// changes stay pending.
public enum SyncError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The database already syncs as another user, or with another cloud:
  /// two people's data must never mix in one file. `cloud` says what is
  /// wrong with the cloud named now, if the user is right.
  case boundElsewhere(
    database: String, boundUser: String, boundCloud: String, user: String, cloud: CloudMismatch?)
  /// The cloud refused or failed; `pending` changes wait for the next sync.
  case stopped(CloudError, pending: Int)
  /// Records that the server refused as malformed, left pending.
  case notConverging(pending: Int, lastError: String)
  /// Changes with photos that the cloud refused for want of room:
  /// `refused` of them, kept pending. A photo counts against the storage
  /// of its game's owner (`owners`, by name; `user` is this device's).
  case overQuota(owners: [String], user: String, refused: Int)
  /// The metadata tables hold something the engine never writes.
  case corruptMetadata(String)
  /// Another database already syncs with this cloud as `device`.
  case deviceTaken(database: String, device: String)
  /// An asset's content could not be had as it should: the cloud sent
  /// other bytes than its hash names, or the row changed meanwhile.
  case assetUnavailable(String)

  public var description: String {
    switch self {
    case .boundElsewhere(let database, let boundUser, let boundCloud, let user, let cloud):
      // What to do about it (which cloud to name, or rebinding) is the
      // program's to say: `ErrorWords` in the command line.
      switch cloud {
      case _ where boundUser != user, nil:
        return "\(quote(database)) belongs to \(quote(boundUser)), not \(quote(user)). Nothing was changed."
      case .other(let location)? where location == boundCloud:
        return "\(quote(database)) syncs with the cloud \(quote(boundCloud)), but the cloud there now is "
          + "another one (replaced, or restored from elsewhere). Nothing was changed."
      case .missing(let location)? where location == boundCloud:
        return "\(quote(database)) syncs with the cloud \(quote(boundCloud)), which is no longer there (none "
          + "was created). Nothing was changed."
      case .other(let location)?:
        return "\(quote(database)) syncs with the cloud \(quote(boundCloud)); \(quote(location)) is "
          + "another cloud. Nothing was changed."
      case .missing(let location)?:
        return "\(quote(database)) syncs with the cloud \(quote(boundCloud)); there is no cloud at "
          + "\(quote(location)) (none was created). Nothing was changed."
      }
    case .stopped(let error, let pending):
      // With nothing waiting (a read during an outage), there is nothing to reassure about.
      return pending == 0 ? "\(error)" : "\(error) \(changes(pending)) kept for the next sync."
    case .notConverging(let pending, let lastError):
      return "\(changes(pending)) could not be sent (\(lastError)); they are kept for the next sync."
    case .overQuota(let owners, let user, let refused):
      let whose = owners.map { $0 == user ? "yours" : "\($0)'s" }.joined(separator: " and ")
      return "The cloud has no room for \(changes(refused)): a photo counts against its game owner's "
        + "storage, and \(whose) \(owners.count == 1 ? "is" : "are") full. Remove photos or games to "
        + "make room; \(refused == 1 ? "the change is" : "the changes are") kept here and sent once "
        + "there is room."
    case .corruptMetadata(let what):
      return "The sync metadata is damaged: \(what)."
    case .deviceTaken(let database, let device):
      return "\(quote(database)) would sync as the device \(device), but another database already "
        + "syncs with this cloud as that device, and their ids would collide. In deterministic mode "
        + "(SCOREKEEPER_IDS) give each database its own SCOREKEEPER_DEVICE number, and do not sync "
        + "copies of one database. Nothing was sent."
    case .assetUnavailable(let what):
      return "A file could not be fetched: \(what). Nothing was changed by this fetch."
    }
  }

  /// The database is bound to another user or cloud.
  var isBindingRefusal: Bool {
    if case .boundElsewhere = self { return true }
    return false
  }

  /// What went wrong, without the count of changes waiting (which goes
  /// stale): what `sync status` shows as the last error.

  /// The cloud's answer that stopped the sync, or the error itself.
  public var answer: any Error {
    if case .stopped(let error, _) = self { return error }
    return self
  }

  public enum CloudMismatch: Hashable, Sendable {
    /// A cloud is at that location, but not the bound one.
    case other(String)
    /// No cloud is at that location.
    case missing(String)
  }

  private func changes(_ count: Int) -> String {
    count == 1 ? "1 change" : "\(count) changes"
  }
}
