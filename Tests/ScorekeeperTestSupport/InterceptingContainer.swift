@_spi(Testing) import ScorekeeperCore

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
/// It also notes the asset bytes that cross it, for tests that a file
/// travels only when its content changed, and can stand for a faulty
/// server: `answering` replaces what `modifyRecords` sends instead of
/// passing it on (the records sent, the real database to consult).
///
/// Used from the test's one thread only.
public final class InterceptingContainer: CloudContainer, @unchecked Sendable {
  let base: any CloudContainer
  /// Runs once, on the first `modifyRecords` call, then is gone.
  private var pending: (() throws -> Void)?
  /// Each asset a save carried the bytes of: "<record> <byte count>".
  public var uploaded: [String] = []
  /// Each asset fetched: "<record> <byte count>".
  public var fetched: [String] = []
  /// How many `modifyRecords` calls were made.
  public var modifyCalls = 0

  public typealias Answer = (_ saving: [CloudRecord], _ real: any CloudDatabase) throws -> ModifyRecordsResult
  let answer: Answer?

  public init(
    _ base: any CloudContainer, whileSending action: (() throws -> Void)? = nil,
    answering answer: Answer? = nil
  ) {
    self.base = base
    pending = action
    self.answer = answer
  }

  public var userName: String { base.userName }
  public func serverIdentity() throws -> String { try base.serverIdentity() }
  public var privateDatabase: any CloudDatabase {
    InterceptingDatabase(base: base.privateDatabase, container: self)
  }
  public var sharedDatabase: any CloudDatabase {
    InterceptingDatabase(base: base.sharedDatabase, container: self)
  }

  public func changeSignal() throws -> (any ChangeSignal)? { try base.changeSignal() }
  public func answer(by deadline: Deadline?) { base.answer(by: deadline) }
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
  static var itemLimit: Int { CloudRules.itemLimit }
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
    container.modifyCalls += 1
    if let answer = container.answer { return try answer(records, base) }
    for record in records {
      for case .asset(let asset) in record.fields.values {
        if let bytes = asset.bytes { container.uploaded.append("\(record.id.name) \(bytes.count)") }
      }
    }
    return try base.modifyRecords(
      saving: records, deleting: ids, savePolicy: savePolicy, atomically: atomically)
  }
  func modifyRecordZones(saving zones: [ZoneID], deleting zoneIDs: [ZoneID]) throws -> ModifyZonesResult {
    try base.modifyRecordZones(saving: zones, deleting: zoneIDs)
  }
  func assetContents(for keys: [AssetKey]) throws -> [AssetKey: [UInt8]] {
    let contents = try base.assetContents(for: keys)
    container.fetched += keys.compactMap { key in contents[key].map { "\(key.record.name) \($0.count)" } }
    return contents
  }
  func databaseChanges(since token: ChangeToken?) throws -> DatabaseChanges {
    try base.databaseChanges(since: token)
  }
  func zoneChanges(in zone: ZoneID, since token: ChangeToken?, limit: Int) throws -> ZoneChanges {
    try base.zoneChanges(in: zone, since: token, limit: limit)
  }
}
