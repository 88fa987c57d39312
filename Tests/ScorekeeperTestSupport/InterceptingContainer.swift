import ScorekeeperCore

/// A cloud container that runs a test's code while a `modifyRecords` call
/// is out, just before the server sees it: another process changing the
/// same database while this one's save is in flight.
///
/// For example, a second `Store` on the same file removing the player
/// whose first save is on its way:
///
///     let container = InterceptingContainer(cloud.container("alice")) {
///       _ = try other.removePlayer(from: "Poker", "Zed")
///     }
///
/// Used from the test's one thread only.
public final class InterceptingContainer: CloudContainer, @unchecked Sendable {
  let base: any CloudContainer
  /// Runs once, on the first `modifyRecords` call, then is gone.
  private var pending: (() throws -> Void)?

  public init(_ base: any CloudContainer, whileSending action: @escaping () throws -> Void) {
    self.base = base
    pending = action
  }

  public var userName: String { base.userName }
  public func serverIdentity() throws -> String { try base.serverIdentity() }
  public var privateDatabase: any CloudDatabase {
    InterceptingDatabase(base: base.privateDatabase, container: self)
  }
  public var sharedDatabase: any CloudDatabase {
    InterceptingDatabase(base: base.sharedDatabase, container: self)
  }

  public func accountStatus() throws -> AccountStatus { try base.accountStatus() }
  public func shareMetadata(for link: String) throws -> ShareMetadata { try base.shareMetadata(for: link) }
  public func claimDevice(_ id: String, holder: String) throws -> String {
    try base.claimDevice(id, holder: holder)
  }
  public func acceptShare(_ metadata: ShareMetadata) throws -> CloudRecord {
    try base.acceptShare(metadata)
  }

  fileprivate func runPendingAction() throws {
    let action = pending
    pending = nil
    try action?()
  }
}

private struct InterceptingDatabase: CloudDatabase {
  static var itemLimit: Int { MockCloud.itemLimit }
  let base: any CloudDatabase
  let container: InterceptingContainer

  var scope: DatabaseScope { base.scope }
  var userName: String { base.userName }

  func records(for ids: [RecordID]) throws -> [RecordID: Result<CloudRecord, CloudError>] {
    try base.records(for: ids)
  }
  func modifyRecords(
    saving records: [CloudRecord], deleting ids: [RecordID], savePolicy: SavePolicy, atomically: Bool
  ) throws -> ModifyRecordsResult {
    try container.runPendingAction()
    return try base.modifyRecords(
      saving: records, deleting: ids, savePolicy: savePolicy, atomically: atomically)
  }
  func modifyRecordZones(saving zones: [ZoneID], deleting zoneIDs: [ZoneID]) throws -> ModifyZonesResult {
    try base.modifyRecordZones(saving: zones, deleting: zoneIDs)
  }
  func assetContents(for keys: [AssetKey]) throws -> [AssetKey: [UInt8]] {
    try base.assetContents(for: keys)
  }
  func databaseChanges(since token: ChangeToken?) throws -> DatabaseChanges {
    try base.databaseChanges(since: token)
  }
  func zoneChanges(in zone: ZoneID, since token: ChangeToken?, limit: Int) throws -> ZoneChanges {
    try base.zoneChanges(in: zone, since: token, limit: limit)
  }
}
