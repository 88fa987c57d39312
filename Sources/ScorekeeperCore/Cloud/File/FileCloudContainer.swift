/// One user's view of a `FileCloud`.
public struct FileCloudContainer: CloudContainer {
  public let cloud: FileCloud
  public let userName: String

  public func serverIdentity() -> String { cloud.identity }

  public func changeSignal() throws -> (any ChangeSignal)? { try cloud.changeSignal() }

  public func answer(by deadline: Deadline?) {}

  public var privateDatabase: any CloudDatabase { database(.private) }
  public var sharedDatabase: any CloudDatabase { database(.shared) }

  public func database(_ scope: DatabaseScope) -> FileCloudDatabase {
    FileCloudDatabase(cloud: cloud, userName: userName, scope: scope)
  }

  public func accountStatus() throws -> AccountStatus {
    try cloud.perform(.accountStatus, as: userName, writes: false) { store in
      try store.accountStatus(of: userName)
    }
  }

  public func shareMetadata(for link: String) throws -> ShareMetadata {
    try cloud.shareMetadata(for: link, as: userName)
  }

  public func acceptShare(_ metadata: ShareMetadata) throws -> CloudRecord {
    try cloud.acceptShare(metadata, as: userName)
  }

  public func claimDevice(_ id: String, holder: String) throws -> String {
    try cloud.perform(.claimDevice, as: userName, writes: true) { store in
      try store.db.fetchOne(
        """
        INSERT INTO devices (id, holder) VALUES (?1, ?2)
        ON CONFLICT (id) DO UPDATE SET holder = holder RETURNING holder
        """, [.text(id), .text(holder)]
      ) { try $0.text(0) }!
    }
  }
}

/// One of a user's two databases on a `FileCloud`.
public struct FileCloudDatabase: CloudDatabase {
  public static var itemLimit: Int { CloudRules.itemLimit }

  public let cloud: FileCloud
  public let userName: String
  public let scope: DatabaseScope

  public func records(for ids: [RecordID]) throws -> [RecordID: Result<CloudRecord, CloudError>] {
    try cloud.fetchRecords(ids, as: userName, in: scope)
  }

  public func modifyRecords(
    saving records: [CloudRecord], deleting ids: [RecordID], savePolicy: SavePolicy,
    atomically: Bool
  ) throws -> ModifyRecordsResult {
    let call = ModifyCall(saves: records, deletes: ids, savePolicy: savePolicy, atomically: atomically)
    if let answer = cloud.answerAhead(ahead(call), as: ModifyRecordsResult.self) { return try answer.get() }
    return try cloud.modifyRecords(
      saving: records, deleting: ids, savePolicy: savePolicy, atomically: atomically,
      as: userName, in: scope)
  }

  /// Starts the call on the cloud's thread (`FileCloud+Ahead`).
  public func willModifyRecords(
    saving records: [CloudRecord], deleting ids: [RecordID], savePolicy: SavePolicy, atomically: Bool
  ) {
    let call = ModifyCall(saves: records, deletes: ids, savePolicy: savePolicy, atomically: atomically)
    cloud.startAhead(ahead(call)) { [cloud, userName, scope] in
      try cloud.modifyRecords(
        saving: records, deleting: ids, savePolicy: savePolicy, atomically: atomically,
        as: userName, in: scope, settling: false)
    }
  }

  public func modifyRecordZones(saving zones: [ZoneID], deleting zoneIDs: [ZoneID]) throws
    -> ModifyZonesResult
  {
    try cloud.modifyZones(saving: zones, deleting: zoneIDs, as: userName, in: scope)
  }

  public func assetContents(for keys: [AssetKey]) throws -> [AssetKey: [UInt8]] {
    try cloud.assetContents(for: keys, as: userName, in: scope)
  }

  public func databaseChanges(since token: ChangeToken?) throws -> DatabaseChanges {
    try cloud.databaseChanges(since: token, as: userName, in: scope)
  }

  public func zoneChanges(in zone: ZoneID, since token: ChangeToken?, limit: Int) throws
    -> ZoneChanges
  {
    let call = ZoneChangesCall(zone: zone, token: token, limit: limit)
    if let answer = cloud.answerAhead(ahead(call), as: ZoneChanges.self) { return try answer.get() }
    return try cloud.zoneChanges(in: zone, since: token, limit: limit, as: userName, in: scope)
  }

  public func willFetchZoneChanges(in zone: ZoneID, since token: ChangeToken?, limit: Int) {
    let call = ZoneChangesCall(zone: zone, token: token, limit: limit)
    cloud.startAhead(ahead(call)) { [cloud, userName, scope] in
      try cloud.zoneChanges(in: zone, since: token, limit: limit, as: userName, in: scope, settling: false)
    }
  }

  private func ahead(_ arguments: some Hashable) -> FileCloud.CallAhead {
    FileCloud.CallAhead(userName: userName, scope: scope, arguments: AnyHashable(arguments))
  }

  /// What a call made ahead is known by: all it is made of. (The engine
  /// passes the same arrays to both calls, which compare at once.)
  private struct ModifyCall: Hashable {
    let saves: [CloudRecord]
    let deletes: [RecordID]
    let savePolicy: SavePolicy
    let atomically: Bool
  }

  private struct ZoneChangesCall: Hashable {
    let zone: ZoneID
    let token: ChangeToken?
    let limit: Int
  }
}
