/// Which of a user's two databases an operation reads or writes.
public enum DatabaseScope: String, Hashable, Sendable {
  /// The user's own zones.
  case `private`
  /// Other users' zones, seen through the shares this user accepted.
  case shared
}

/// How a save treats the server's copy.
public enum SavePolicy: Hashable, Sendable {
  /// Save only when the record's change tag is the server's (or the record
  /// is new): a conflicting save fails with `serverRecordChanged`.
  case ifServerRecordUnchanged
  /// Overwrite the server's copy whatever its tag.
  case allKeys
}

/// The results of one `modifyRecords` call, one per record.
public struct ModifyRecordsResult: Sendable {
  public var saveResults: [RecordID: Result<CloudRecord, CloudError>]
  public var deleteResults: [RecordID: Result<Void, CloudError>]

  public init(
    saveResults: [RecordID: Result<CloudRecord, CloudError>] = [:],
    deleteResults: [RecordID: Result<Void, CloudError>] = [:]
  ) {
    self.saveResults = saveResults
    self.deleteResults = deleteResults
  }

  /// Whether every save and every delete succeeded.
  public var tookEverything: Bool {
    saveResults.values.allSatisfy { (try? $0.get()) != nil }
      && deleteResults.values.allSatisfy { (try? $0.get()) != nil }
  }
}

/// The results of one `modifyRecordZones` call, one per zone.
public struct ModifyZonesResult: Sendable {
  public var saveResults: [ZoneID: Result<ZoneID, CloudError>]
  public var deleteResults: [ZoneID: Result<Void, CloudError>]

  public init(
    saveResults: [ZoneID: Result<ZoneID, CloudError>] = [:],
    deleteResults: [ZoneID: Result<Void, CloudError>] = [:]
  ) {
    self.saveResults = saveResults
    self.deleteResults = deleteResults
  }
}

/// One of a user's databases on the cloud: the seam the sync engine talks
/// through, implemented by the mock (and later the live service).
///
/// Every operation first checks the account status, then may fail as a
/// whole (thrown `CloudError`: network, limits, rate limiting); otherwise
/// each record or zone gets its own result.
public protocol CloudDatabase: Sendable {
  var scope: DatabaseScope { get }
  var userName: String { get }

  /// At most this many records saved plus deleted, or ids fetched, per call.
  static var itemLimit: Int { get }

  func records(for ids: [RecordID]) throws -> [RecordID: Result<CloudRecord, CloudError>]

  func modifyRecords(
    saving records: [CloudRecord], deleting ids: [RecordID], savePolicy: SavePolicy,
    atomically: Bool
  ) throws -> ModifyRecordsResult

  func modifyRecordZones(saving zones: [ZoneID], deleting zoneIDs: [ZoneID]) throws
    -> ModifyZonesResult

  /// The bytes of assets (`CloudAsset`), which records never carry when
  /// read: each key's content while its record's field still holds it. A
  /// key whose record changed or went since, or that the caller may not
  /// read, is absent, as from a record fetch. At most `itemLimit` keys.
  func assetContents(for keys: [AssetKey]) throws -> [AssetKey: [UInt8]]

  /// Zones changed or deleted since `token` (nil: all of them).
  func databaseChanges(since token: ChangeToken?) throws -> DatabaseChanges

  /// Records changed and deleted in `zone` since `token` (nil: everything),
  /// at most `limit` of them.
  func zoneChanges(in zone: ZoneID, since token: ChangeToken?, limit: Int) throws -> ZoneChanges

  /// Says that the caller's next call on this database is this one, so a
  /// server at the other end of a connection starts on it now, while the
  /// caller works on something local; the call then takes the answer.
  /// The answer is what the call would have got, only earlier: a caller
  /// says so only when nothing it does meanwhile reaches the cloud. Said
  /// while another modify call is out, it is sent the moment that one is
  /// answered (unless that one fails as a whole), so the caller then
  /// makes it, and takes its answer, before any other call.
  func willModifyRecords(
    saving records: [CloudRecord], deleting ids: [RecordID], savePolicy: SavePolicy, atomically: Bool)

  /// The same for a page of a zone's changes.
  func willFetchZoneChanges(in zone: ZoneID, since token: ChangeToken?, limit: Int)
}

extension CloudDatabase {
  /// A cloud that answers at once (a test's double) has nothing to start
  /// early. The mock starts it on a thread of its own (`FileCloud+Ahead`).
  public func willModifyRecords(
    saving records: [CloudRecord], deleting ids: [RecordID], savePolicy: SavePolicy, atomically: Bool
  ) {}

  public func willFetchZoneChanges(in zone: ZoneID, since token: ChangeToken?, limit: Int) {}

  /// One record, or the error its fetch met.
  public func record(for id: RecordID) throws -> CloudRecord {
    try records(for: [id])[id]!.get()
  }

  /// Saves and deletes only if the server's copies are unchanged, all or
  /// nothing per zone: what a sync engine almost always wants.
  public func modifyRecords(
    saving records: [CloudRecord] = [], deleting ids: [RecordID] = [], atomically: Bool = true
  ) throws -> ModifyRecordsResult {
    try modifyRecords(
      saving: records, deleting: ids, savePolicy: .ifServerRecordUnchanged, atomically: atomically)
  }

  public func modifyRecordZones(saving zones: [ZoneID]) throws -> ModifyZonesResult {
    try modifyRecordZones(saving: zones, deleting: [])
  }

  public func modifyRecordZones(deleting zoneIDs: [ZoneID]) throws -> ModifyZonesResult {
    try modifyRecordZones(saving: [], deleting: zoneIDs)
  }

  public func zoneChanges(in zone: ZoneID, since token: ChangeToken?) throws -> ZoneChanges {
    try zoneChanges(in: zone, since: token, limit: Self.itemLimit)
  }
}

/// One user's view of the cloud: account status, the two databases, and
/// joining shares by link.
public protocol CloudContainer: Sendable {
  var userName: String { get }
  /// Which server this is, stable for its lifetime whatever path or
  /// address reaches it; a different server (or a new one at the same
  /// place) has another. Asking may reach the server (the live cloud
  /// reads it on connecting), so it can fail as any operation can.
  func serverIdentity() throws -> String
  var privateDatabase: any CloudDatabase { get }
  var sharedDatabase: any CloudDatabase { get }

  func accountStatus() throws -> AccountStatus

  /// What a share link leads to. An unknown or revoked link →
  /// `unknownItem`; a malformed one → `invalidArguments`.
  func shareMetadata(for link: String) throws -> ShareMetadata

  /// Joins the share: its zone appears in this user's shared database.
  func acceptShare(_ metadata: ShareMetadata) throws -> CloudRecord

  /// Records that the device `id` makes its changes from the database
  /// `holder`, unless a holder is on record already; returns the holder on
  /// record. Record ids are only unique if device ids are (deterministic
  /// mode derives both from one number), so two databases never sync under
  /// one device id, whoever their users are.
  func claimDevice(_ id: String, holder: String) throws -> String

  /// Says that the caller will next read both databases' changes since
  /// these tokens, so a server that can answer several calls in one round
  /// trip does: the live cloud asks with the statement it opens its
  /// connection with. The answers are what each call would give then.
  func willFetchDatabaseChanges(private: ChangeToken?, shared: ChangeToken?)

  /// Says when this user's view may have changed (another device's save,
  /// a share's owner's), for `watch` and `serve` to fetch then
  /// (`ChangeFeed`): a live server's notifications on the user's channel,
  /// a commit to the file cloud's file. Nil when nothing else can change
  /// the cloud (one in memory). It has its own connection; the caller
  /// makes another once it is lost.
  func changeSignal() throws -> (any ChangeSignal)?

  /// Every operation from now on, connecting included, must be over by
  /// `deadline` (nil: each gets the cloud's own time limit again). A
  /// cloud in the same process answers at once and ignores it.
  func answer(by deadline: Deadline?)
}

extension CloudContainer {
  /// The mock answers in the same process: nothing to save.
  public func willFetchDatabaseChanges(private: ChangeToken?, shared: ChangeToken?) {}
}
