@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

/// Change tokens: per zone, per reader, never consumed, and expiring.
@Suite struct ChangeConformanceTests {
  @Test(arguments: CloudBacking.allCases)
  func twoReadersBothSeeADeletion(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let database = world.alice.privateDatabase
    let stored = try world.save([world.record("r1"), world.record("r2")])
    let phone = try database.zoneChanges(in: world.zone, since: nil)
    let laptop = try database.zoneChanges(in: world.zone, since: nil)
    expectNoDifference(stored, phone.changed)
    _ = try database.modifyRecords(deleting: [world.id("r1")])
    let deletion = [DeletedRecord(id: world.id("r1"), type: "items")]
    let phoneAfter = try database.zoneChanges(in: world.zone, since: phone.token)
    expectNoDifference(deletion, phoneAfter.deleted)
    expectNoDifference([], phoneAfter.changed)
    // The phone's read did not consume the tombstone.
    expectNoDifference(deletion, try database.zoneChanges(in: world.zone, since: laptop.token).deleted)
    expectNoDifference(deletion, try database.zoneChanges(in: world.zone, since: phone.token).deleted)
    expectNoDifference([], try database.zoneChanges(in: world.zone, since: phoneAfter.token).deleted)
  }

  @Test(arguments: CloudBacking.allCases)
  func aRecordSavedAgainAfterItsDeletionIsChangedNotDeleted(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let database = world.alice.privateDatabase
    try world.save([world.record("r1"), world.record("r2")])
    let before = try database.zoneChanges(in: world.zone, since: nil)
    _ = try database.modifyRecords(deleting: [world.id("r1"), world.id("r2")])
    // Saved again in a call with other new records: only r1's tombstone goes.
    let again = try world.save([world.record("r1"), world.record("r3")])
    for token in [before.token, nil] {
      let changes = try database.zoneChanges(in: world.zone, since: token)
      expectNoDifference(again, changes.changed)
      expectNoDifference([DeletedRecord(id: world.id("r2"), type: "items")], changes.deleted)
    }
  }

  @Test(arguments: CloudBacking.allCases)
  func changesComeInPagesInTheOrderTheyHappened(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let database = world.alice.privateDatabase
    try world.save((0..<5).map { world.record("r\($0)") })
    _ = try database.modifyRecords(deleting: [world.id("r1")])
    var token: ChangeToken?
    var pages: [[String]] = []
    while true {
      let page = try database.zoneChanges(in: world.zone, since: token, limit: 2)
      pages.append(page.changed.map(\.id.name) + page.deleted.map { "-" + $0.id.name })
      token = page.token
      if !page.moreComing { break }
    }
    // The deletion came last, so it is on the last page.
    #expect(pages == [["r0", "r2"], ["r3", "r4"], ["-r1"]])
    let fromStart = try database.zoneChanges(in: world.zone, since: nil, limit: 400)
    #expect(fromStart.changed.map(\.id.name) == ["r0", "r2", "r3", "r4"])
    #expect(fromStart.deleted.map(\.id.name) == ["r1"])
  }

  @Test(arguments: CloudBacking.allCases)
  func anExpiredTokenIsRefusedAndAFullFetchStillWorks(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let database = world.alice.privateDatabase
    let stored = try world.save([world.record("r1"), world.record("r2")])
    let zoneToken = try database.zoneChanges(in: world.zone, since: nil).token
    let databaseToken = try database.databaseChanges(since: nil).token
    _ = try database.modifyRecords(deleting: [world.id("r1")])
    try world.server.expireChangeTokens()
    #expect(throws: CloudError.changeTokenExpired) {
      try database.zoneChanges(in: world.zone, since: zoneToken)
    }
    #expect(throws: CloudError.changeTokenExpired) { try database.databaseChanges(since: databaseToken) }
    let full = try database.zoneChanges(in: world.zone, since: nil)
    expectNoDifference([stored[1]], full.changed)
    // The fresh token works again.
    #expect(try database.zoneChanges(in: world.zone, since: full.token).changed == [])
    #expect(try database.databaseChanges(since: nil).changedZones == [world.zone])
  }

  @Test(arguments: CloudBacking.allCases, ["", "garbage", "d5", "z999.1"])
  func aTokenTheServerDidNotIssueHasExpired(backing: CloudBacking, raw: String) throws {
    let world = try CloudWorld(backing)
    #expect(throws: CloudError.changeTokenExpired) {
      try world.alice.privateDatabase.zoneChanges(in: world.zone, since: ChangeToken(rawValue: raw))
    }
  }

  /// `token` as the server would issue it after many more changes: its
  /// zone counter, or every transaction number of its snapshot, raised.
  func ahead(_ token: ChangeToken) throws -> ChangeToken {
    let raw = token.rawValue
    if let match = raw.firstMatch(of: /\.([0-9]+)$/) {
      return ChangeToken(rawValue: raw[..<match.range.lowerBound] + ".\(Int(match.output.1)! + 1000)")
    }
    let match = try #require(raw.firstMatch(of: /d([0-9:,]+)$/))
    let raised = match.output.1.split(separator: ":", omittingEmptySubsequences: false).map { part in
      part.split(separator: ",").map { String(Int($0)! + 1_000_000) }.joined(separator: ",")
    }
    return ChangeToken(rawValue: raw[..<match.range.lowerBound] + "d" + raised.joined(separator: ":"))
  }

  @Test(arguments: CloudBacking.allCases)
  func aTokenFromTheServersFutureIsHistoryThatWentBack(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let database = world.alice.privateDatabase
    try world.save([world.record("r1")])
    let zoneToken = try database.zoneChanges(in: world.zone, since: nil).token
    let databaseToken = try database.databaseChanges(since: nil).token
    #expect(throws: CloudError.historyWentBack) {
      try database.zoneChanges(in: world.zone, since: try ahead(zoneToken))
    }
    #expect(throws: CloudError.historyWentBack) {
      try database.databaseChanges(since: try ahead(databaseToken))
    }
    // The tokens it did issue still read.
    #expect(try database.zoneChanges(in: world.zone, since: zoneToken).changed == [])
    #expect(try database.databaseChanges(since: databaseToken).changedZones == [])
  }

  /// After a restore its administrator marks the server (a new history
  /// id, carried in tokens): a token issued before the mark is history
  /// that went back, even one the server's counter has passed since.
  @Test(arguments: CloudBacking.allCases)
  func aTokenIssuedBeforeTheServerWasMarkedRestoredIsHistoryThatWentBack(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let database = world.alice.privateDatabase
    try world.save([world.record("r1")])
    let zoneToken = try database.zoneChanges(in: world.zone, since: nil).token
    let databaseToken = try database.databaseChanges(since: nil).token
    try world.server.markRestored()
    try world.save([world.record("r2")])
    #expect(throws: CloudError.historyWentBack) { try database.zoneChanges(in: world.zone, since: zoneToken) }
    #expect(throws: CloudError.historyWentBack) { try database.databaseChanges(since: databaseToken) }
    // From the start it reads as before, and its new tokens read on.
    let zone = try database.zoneChanges(in: world.zone, since: nil)
    #expect(zone.changed.map(\.id.name).sorted() == ["r1", "r2"])
    #expect(try database.zoneChanges(in: world.zone, since: zone.token).changed == [])
    let zones = try database.databaseChanges(since: nil)
    #expect(zones.changedZones == [world.zone])
    #expect(try database.databaseChanges(since: zones.token).changedZones == [])
  }

  @Test(arguments: CloudBacking.allCases)
  func thePrivateDatabaseReportsChangedAndDeletedZones(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let database = world.alice.privateDatabase
    let other = ZoneID(name: "other", ownerName: "alice")
    _ = try database.modifyRecordZones(saving: [other])
    let start = try database.databaseChanges(since: nil)
    expectNoDifference(
      DatabaseChanges(changedZones: [world.zone, other], deletedZones: [], token: start.token), start)
    try world.save([world.record("r1")])
    _ = try database.modifyRecordZones(deleting: [other])
    let next = try database.databaseChanges(since: start.token)
    expectNoDifference(
      DatabaseChanges(changedZones: [world.zone], deletedZones: [other], token: next.token), next)
    expectNoDifference(
      DatabaseChanges(changedZones: [], deletedZones: [], token: next.token),
      try database.databaseChanges(since: next.token))
    // Nobody else's private database sees alice's zones.
    #expect(try world.bob.privateDatabase.databaseChanges(since: nil).changedZones == [])
  }

  @Test(arguments: CloudBacking.allCases)
  func theSharedDatabaseReportsJoinedChangedAndLostZones(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let shared = world.bob.sharedDatabase
    let empty = try shared.databaseChanges(since: nil)
    #expect(empty.changedZones == [] && empty.deletedZones == [])
    try world.share(
      "root", with: [ShareParticipant(userName: "bob", permission: .readWrite)], accepting: [world.bob])
    let joined = try shared.databaseChanges(since: empty.token)
    expectNoDifference(
      DatabaseChanges(changedZones: [world.zone], deletedZones: [], token: joined.token), joined)
    try world.save([world.record("child", parent: "root")])
    #expect(try shared.databaseChanges(since: joined.token).changedZones == [world.zone])
    let beforeStop = try shared.databaseChanges(since: joined.token).token
    _ = try world.alice.privateDatabase.modifyRecords(deleting: [world.id("share-root")])
    let lost = try shared.databaseChanges(since: beforeStop)
    expectNoDifference(DatabaseChanges(changedZones: [], deletedZones: [world.zone], token: lost.token), lost)
  }
}
