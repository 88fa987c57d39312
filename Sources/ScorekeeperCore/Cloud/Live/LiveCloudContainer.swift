/// One user's view of a `LiveCloud`: the user the connection logged in as.
public struct LiveCloudContainer: CloudContainer {
  public let cloud: LiveCloud
  /// The user the connection string names, if it names one.
  let namedUser: String?

  /// The user named, else the one the server reported on connecting. The
  /// sync engine asks the server's identity first, so it is known by the
  /// time anything asks; before, it is empty.
  public var userName: String { namedUser ?? cloud.connectedUser ?? "" }

  public func serverIdentity() throws -> String { try cloud.identity() }

  public func willFetchDatabaseChanges(private: ChangeToken?, shared: ChangeToken?) {
    cloud.willFetchDatabaseChanges([.private: `private`?.rawValue, .shared: shared?.rawValue])
  }

  public func changeSignal() throws -> (any ChangeSignal)? { try cloud.changeSignal() }

  public func answer(by deadline: Deadline?) { cloud.answer(by: deadline) }

  public var privateDatabase: any CloudDatabase { database(.private) }
  public var sharedDatabase: any CloudDatabase { database(.shared) }

  public func database(_ scope: DatabaseScope) -> LiveCloudDatabase {
    LiveCloudDatabase(cloud: cloud, userName: userName, scope: scope)
  }

  public func accountStatus() throws -> AccountStatus {
    let status = try cloud.call("account_status", [PGParameter]())
    guard let status = status.stringValue.flatMap(AccountStatus.init(rawValue:)) else {
      throw LiveCloudError.unreadableAnswer("an account status, not \(LiveRecordCoding.describe(status))")
    }
    return status
  }

  public func shareMetadata(for link: String) throws -> ShareMetadata {
    let answer = try cloud.call("share_metadata", [link])
    let share = try LiveRecordCoding.record(answer["share"])
    guard let root = answer["root"]?.stringValue, let owner = answer["owner"]?.stringValue,
      let permission = answer["permission"]?.stringValue.flatMap(SharePermission.init(rawValue:)),
      let acceptance = answer["acceptance"]?.stringValue.flatMap(ShareParticipant.Acceptance.init(rawValue:))
    else { throw LiveCloudError.unreadableAnswer("share metadata, not \(LiveRecordCoding.describe(answer))") }
    return ShareMetadata(
      share: share, rootRecordID: RecordID(name: root, zoneID: share.id.zoneID), ownerName: owner,
      permission: permission, acceptance: acceptance)
  }

  public func acceptShare(_ metadata: ShareMetadata) throws -> CloudRecord {
    guard let link = metadata.share.sharing?.link else { throw CloudRefusal.noLinkInMetadata.error }
    return try LiveRecordCoding.record(try cloud.call("accept_share", [link]))
  }

  public func claimDevice(_ id: String, holder: String) throws -> String {
    let answer = try cloud.call("claim_device", [id, holder])
    guard let holder = answer.stringValue else {
      throw LiveCloudError.unreadableAnswer("a device's holder, not \(LiveRecordCoding.describe(answer))")
    }
    return holder
  }
}

/// One of a user's two databases on a `LiveCloud`.
public struct LiveCloudDatabase: CloudDatabase {
  public static var itemLimit: Int { CloudRules.itemLimit }

  public let cloud: LiveCloud
  public let userName: String
  public let scope: DatabaseScope

  public func records(for ids: [RecordID]) throws -> [RecordID: Result<CloudRecord, CloudError>] {
    let answer = try cloud.call(
      "fetch_records", [scope.rawValue, JSON.array(ids.map(LiveRecordCoding.json)).compactText])
    var results: [RecordID: Result<CloudRecord, CloudError>] = [:]
    for item in answer.arrayValue ?? [] {
      let id = try LiveRecordCoding.recordID(item["id"])
      results[id] = try Self.result(of: item, zone: id.zoneID) { try LiveRecordCoding.record(item["record"]) }
    }
    return results
  }

  public func modifyRecords(
    saving records: [CloudRecord], deleting ids: [RecordID], savePolicy: SavePolicy, atomically: Bool
  ) throws -> ModifyRecordsResult {
    let call = ModifyCall(
      scope: scope, saves: records, deletes: ids, savePolicy: savePolicy, atomically: atomically)
    let answer = try cloud.call("modify_records", call.arguments, key: call)
    return try Self.modifyResult(from: answer, sent: records)
  }

  public func willModifyRecords(
    saving records: [CloudRecord], deleting ids: [RecordID], savePolicy: SavePolicy, atomically: Bool
  ) {
    let call = ModifyCall(
      scope: scope, saves: records, deletes: ids, savePolicy: savePolicy, atomically: atomically)
    cloud.sendAhead("modify_records", call.arguments, key: call)
  }

  /// What a modify_records call is made of. It is also the key a call
  /// sent ahead is known by: comparing it costs less than writing the
  /// JSON again.
  private struct ModifyCall: Hashable {
    let scope: DatabaseScope
    let saves: [CloudRecord]
    let deletes: [RecordID]
    let savePolicy: SavePolicy
    let atomically: Bool

    /// The records as JSON, and the bytes of the assets they carry as
    /// one binary `bytea[]`, which the JSON names by position.
    var arguments: [PGParameter] {
      // The server saves in the order given; parents go first, as the
      // mock puts them, so a child may come before its parent in the call.
      let ordered = RecordModification.parentsFirst(saves)
      var uploads: [[UInt8]] = []
      let records = ordered.map { LiveRecordCoding.json($0, uploads: &uploads) }
      return [
        .text(scope.rawValue), .text(JSON.array(records).compactText),
        .text(JSON.array(deletes.map(LiveRecordCoding.json)).compactText),
        .text(savePolicy == .ifServerRecordUnchanged ? "true" : "false"),
        .text(atomically ? "true" : "false"),
        .byteaArray(uploads),
      ]
    }
  }

  /// What `modify_records` answered, record by record. A record saved
  /// exactly as sent comes back as what the server gave it (its tag and
  /// time), made whole from `sent`; any other, as the stored copy.
  static func modifyResult(from answer: JSON, sent records: [CloudRecord]) throws -> ModifyRecordsResult {
    let sent = Dictionary(records.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    var result = ModifyRecordsResult()
    for item in answer.arrayValue ?? [] {
      let id = try LiveRecordCoding.recordID(item["id"])
      if item["op"]?.stringValue == "delete" {
        result.deleteResults[id] = try Self.result(of: item, zone: id.zoneID) { () }
      } else {
        result.saveResults[id] = try Self.result(of: item, zone: id.zoneID, client: sent[id]) {
          if let saved = item["saved"], let record = sent[id] {
            return try LiveRecordCoding.record(record, savedAs: saved)
          }
          return try LiveRecordCoding.record(item["record"])
        }
      }
    }
    return result
  }

  public func modifyRecordZones(saving zones: [ZoneID], deleting zoneIDs: [ZoneID]) throws
    -> ModifyZonesResult
  {
    let answer = try cloud.call(
      "modify_zones",
      [
        scope.rawValue, JSON.array(zones.map(LiveRecordCoding.json)).compactText,
        JSON.array(zoneIDs.map(LiveRecordCoding.json)).compactText,
      ])
    var result = ModifyZonesResult()
    for item in answer.arrayValue ?? [] {
      let zone = try LiveRecordCoding.zoneID(item["zone"])
      if item["op"]?.stringValue == "delete" {
        result.deleteResults[zone] = try Self.result(of: item, zone: zone) { () }
      } else {
        result.saveResults[zone] = try Self.result(of: item, zone: zone) { zone }
      }
    }
    return result
  }

  public func assetContents(for keys: [AssetKey]) throws -> [AssetKey: [UInt8]] {
    guard !keys.isEmpty else { return [:] }
    let json = JSON.array(
      keys.map {
        .object([
          ("id", LiveRecordCoding.json($0.record)), ("field", .string($0.field)),
          ("sha256", .string($0.sha256)),
        ])
      })
    let rows = try cloud.binaryQuery(
      "SELECT item::text, content FROM scorekeeper.asset_contents($1, $2)",
      [.text(scope.rawValue), .text(json.compactText)])
    var contents: [AssetKey: [UInt8]] = [:]
    for row in rows {
      guard row.count == 2, let item = row[0].flatMap({ Int(String(decoding: $0, as: UTF8.self)) }),
        (1...keys.count).contains(item), let bytes = row[1]
      else { throw LiveCloudError.unreadableAnswer("an asset's position and bytes from asset_contents") }
      contents[keys[item - 1]] = bytes
    }
    return contents
  }

  public func databaseChanges(since token: ChangeToken?) throws -> DatabaseChanges {
    let answer = try cloud.databaseChanges(scope, since: token?.rawValue)
    guard let changed = answer["changed"]?.arrayValue, let deleted = answer["deleted"]?.arrayValue,
      let token = answer["token"]?.stringValue
    else {
      throw LiveCloudError.unreadableAnswer("database changes, not \(LiveRecordCoding.describe(answer))")
    }
    return DatabaseChanges(
      changedZones: try changed.map(LiveRecordCoding.zoneID),
      deletedZones: try deleted.map(LiveRecordCoding.zoneID),
      token: ChangeToken(rawValue: token))
  }

  public func willFetchZoneChanges(in zone: ZoneID, since token: ChangeToken?, limit: Int) {
    let arguments = zoneChangesArguments(zone, token, limit)
    cloud.sendAhead("zone_changes", arguments.map(PGParameter.init), key: arguments)
  }

  private func zoneChangesArguments(_ zone: ZoneID, _ token: ChangeToken?, _ limit: Int) -> [String?] {
    [scope.rawValue, zone.ownerName, zone.name, token?.rawValue, String(limit)]
  }

  public func zoneChanges(in zone: ZoneID, since token: ChangeToken?, limit: Int) throws -> ZoneChanges {
    let arguments = zoneChangesArguments(zone, token, limit)
    let answer = try cloud.call("zone_changes", arguments, key: arguments, zone: zone)
    guard let changed = answer["changed"]?.arrayValue, let deleted = answer["deleted"]?.arrayValue,
      let token = answer["token"]?.stringValue, let more = answer["more"]?.boolValue
    else { throw LiveCloudError.unreadableAnswer("zone changes, not \(LiveRecordCoding.describe(answer))") }
    return ZoneChanges(
      changed: try changed.map(LiveRecordCoding.record),
      deleted: try deleted.map { item in
        guard let parts = item.arrayValue?.compactMap(\.stringValue), parts.count == 2 else {
          throw LiveCloudError.unreadableAnswer(
            "a deleted record [name, type], not \(LiveRecordCoding.describe(item))")
        }
        return DeletedRecord(id: RecordID(name: parts[0], zoneID: zone), type: parts[1])
      },
      token: ChangeToken(rawValue: token), moreComing: more)
  }

  /// One item's outcome: `success()` unless the server refused it.
  /// `client`: the record this side sent, for a conflict's two copies.
  private static func result<T>(
    of item: JSON, zone: ZoneID, client: CloudRecord? = nil, success: () throws -> T
  ) throws -> Result<T, CloudError> {
    guard let code = item["refusal"]?.stringValue else { return .success(try success()) }
    if code == "server-record-changed", let client {
      return .failure(
        .serverRecordChanged(server: try LiveRecordCoding.record(item["record"]), client: client))
    }
    let arguments = item["arguments"]?.arrayValue?.compactMap(\.stringValue) ?? []
    guard let refusal = CloudRefusal(code: code, arguments: arguments, zone: zone) else {
      throw LiveCloudError.unreadableAnswer("a refusal this program knows, not \(quote(code))")
    }
    return .failure(refusal.error)
  }
}
