@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

/// The cast of the conformance suite: one fresh server, three users, and
/// alice's zone "games" already created. Everything goes through the
/// `CloudContainer` protocol.
struct CloudWorld {
  let server: TestCloud
  let alice: any CloudContainer
  let bob: any CloudContainer
  let carol: any CloudContainer
  let zone = ZoneID(name: "games", ownerName: "alice")

  init(_ backing: CloudBacking) throws {
    server = try TestCloud(backing)
    alice = server.container("alice")
    bob = server.container("bob")
    carol = server.container("carol")
    let created = try alice.privateDatabase.modifyRecordZones(saving: [zone])
    try #require(created.saveResults[zone]?.failure == nil)
  }

  func id(_ name: String) -> RecordID {
    RecordID(name: name, zoneID: zone)
  }

  func record(
    _ name: String, type: String = "items", parent: String? = nil,
    fields: [String: CloudValue] = [:]
  ) -> CloudRecord {
    CloudRecord(id: id(name), type: type, fields: fields, parent: parent.map(id))
  }

  /// Saves records that must all be accepted, returning the server's copies
  /// in the order given.
  @discardableResult
  func save(
    _ records: [CloudRecord], in database: (any CloudDatabase)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> [CloudRecord] {
    let result = try (database ?? alice.privateDatabase).modifyRecords(saving: records)
    return try records.map { record in
      try #require(result.saveResults[record.id], sourceLocation: sourceLocation).get()
    }
  }

  /// alice shares the record `rootName` (stored, or saved now) with the
  /// given participants; each of `accepting` then accepts by link.
  /// Returns the share as stored after the acceptances.
  @discardableResult
  func share(
    _ rootName: String, with participants: [ShareParticipant], publicPermission: SharePermission = .none,
    scorerRules: ScorerRules? = nil, accepting: [any CloudContainer] = [],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> CloudRecord {
    var root = record(rootName)
    if case .success(let stored)? = try alice.privateDatabase.records(for: [id(rootName)])[id(rootName)] {
      root = stored
    }
    let shareID = id("share-" + rootName)
    root.shareID = shareID
    var share = CloudRecord.share(
      id: shareID, publicPermission: publicPermission, participants: participants)
    share.sharing?.scorerRules = scorerRules
    let saved = try save([root, share], sourceLocation: sourceLocation)
    let link = try #require(saved[1].sharing?.link, sourceLocation: sourceLocation)
    for user in accepting {
      _ = try user.acceptShare(try user.shareMetadata(for: link))
    }
    return try alice.privateDatabase.record(for: shareID)
  }
}

extension ModifyRecordsResult {
  /// Each record's outcome, the error or nil for success: a table that
  /// compares whole.
  var failures: [RecordID: CloudError?] {
    saveResults.mapValues(\.failure).merging(deleteResults.mapValues(\.failure)) { save, _ in save }
  }
}
