/// Failures queued for the next operations of a cloud, in order: what a
/// test or `SCOREKEEPER_CLOUD_FAULTS` makes the cloud do. Shared by every
/// container and database of one cloud, so a fault is produced once.
public final class CloudFaults: Sendable {
  private let queue: Locked<[CloudFault]>

  public init(_ faults: [CloudFault] = []) {
    queue = Locked(faults)
  }

  /// Queues failures after any already queued.
  public func inject(_ faults: [CloudFault]) {
    queue.withLock { $0 += faults }
  }

  /// Forgets the faults not yet produced: the outage is over.
  public func clear() {
    queue.withLock { $0 = [] }
  }

  public var pending: [CloudFault] {
    queue.withLock { $0 }
  }

  /// Throws the first queued fault for `operation` (or for any), taking
  /// it off the queue; does nothing when there is none.
  public func check(_ operation: CloudOperation) throws {
    let error = queue.withLock { faults -> CloudError? in
      guard let index = faults.firstIndex(where: { $0.operation == nil || $0.operation == operation }) else {
        return nil
      }
      return faults.remove(at: index).error
    }
    if let error { throw error }
  }
}

/// A container whose operations first meet the queued faults, then reach
/// the cloud behind it: fault injection for any backend, on the client's
/// side (a live server cannot be told to fail).
public struct FaultInjectingContainer: CloudContainer {
  public let base: any CloudContainer
  public let faults: CloudFaults

  public init(_ base: any CloudContainer, faults: CloudFaults) {
    self.base = base
    self.faults = faults
  }

  public var userName: String { base.userName }
  public func serverIdentity() throws -> String { try base.serverIdentity() }
  public func willFetchDatabaseChanges(private: ChangeToken?, shared: ChangeToken?) {
    base.willFetchDatabaseChanges(private: `private`, shared: shared)
  }
  // The signal is only a hint to fetch; the faults meet the fetch.
  public func changeSignal() throws -> (any ChangeSignal)? { try base.changeSignal() }
  public func answer(by deadline: Deadline?) { base.answer(by: deadline) }
  public var privateDatabase: any CloudDatabase {
    FaultInjectingDatabase(base: base.privateDatabase, faults: faults)
  }
  public var sharedDatabase: any CloudDatabase {
    FaultInjectingDatabase(base: base.sharedDatabase, faults: faults)
  }

  public func accountStatus() throws -> AccountStatus {
    try faults.check(.accountStatus)
    return try base.accountStatus()
  }

  public func shareMetadata(for link: String) throws -> ShareMetadata {
    try faults.check(.shareMetadata)
    return try base.shareMetadata(for: link)
  }

  public func acceptShare(_ metadata: ShareMetadata) throws -> CloudRecord {
    try faults.check(.acceptShare)
    return try base.acceptShare(metadata)
  }

  public func claimDevice(_ id: String, holder: String) throws -> String {
    try faults.check(.claimDevice)
    return try base.claimDevice(id, holder: holder)
  }
}

private struct FaultInjectingDatabase: CloudDatabase {
  static var itemLimit: Int { CloudRules.itemLimit }

  let base: any CloudDatabase
  let faults: CloudFaults

  var scope: DatabaseScope { base.scope }
  var userName: String { base.userName }

  func records(for ids: [RecordID]) throws -> [RecordID: Result<CloudRecord, CloudError>] {
    try faults.check(.fetchRecords)
    return try base.records(for: ids)
  }

  func modifyRecords(
    saving records: [CloudRecord], deleting ids: [RecordID], savePolicy: SavePolicy, atomically: Bool
  ) throws -> ModifyRecordsResult {
    try faults.check(.modifyRecords)
    return try base.modifyRecords(
      saving: records, deleting: ids, savePolicy: savePolicy, atomically: atomically)
  }

  func modifyRecordZones(saving zones: [ZoneID], deleting zoneIDs: [ZoneID]) throws -> ModifyZonesResult {
    try faults.check(.modifyZones)
    return try base.modifyRecordZones(saving: zones, deleting: zoneIDs)
  }

  func assetContents(for keys: [AssetKey]) throws -> [AssetKey: [UInt8]] {
    try faults.check(.fetchAssets)
    return try base.assetContents(for: keys)
  }

  func databaseChanges(since token: ChangeToken?) throws -> DatabaseChanges {
    try faults.check(.databaseChanges)
    return try base.databaseChanges(since: token)
  }

  func zoneChanges(in zone: ZoneID, since token: ChangeToken?, limit: Int) throws -> ZoneChanges {
    try faults.check(.zoneChanges)
    return try base.zoneChanges(in: zone, since: token, limit: limit)
  }

  // A call started early would reach the server before its fault: only
  // without faults waiting.
  func willModifyRecords(
    saving records: [CloudRecord], deleting ids: [RecordID], savePolicy: SavePolicy, atomically: Bool
  ) {
    guard faults.pending.isEmpty else { return }
    base.willModifyRecords(saving: records, deleting: ids, savePolicy: savePolicy, atomically: atomically)
  }

  func willFetchZoneChanges(in zone: ZoneID, since token: ChangeToken?, limit: Int) {
    guard faults.pending.isEmpty else { return }
    base.willFetchZoneChanges(in: zone, since: token, limit: limit)
  }
}
