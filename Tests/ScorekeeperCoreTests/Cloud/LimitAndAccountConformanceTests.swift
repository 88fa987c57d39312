@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

/// The per-call item limit, and the account check every operation makes.
@Suite struct LimitAndAccountConformanceTests {
  @Test(arguments: CloudBacking.allCases)
  func fourHundredSavesAreAllowedAndFourHundredAndOneAreNot(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let records = (0..<401).map { world.record("r\($0)") }
    #expect(throws: CloudError.limitExceeded(count: 401, limit: 400)) {
      try world.alice.privateDatabase.modifyRecords(saving: records)
    }
    #expect(try world.alice.privateDatabase.zoneChanges(in: world.zone, since: nil).changed == [])
    // Saves and deletes count together.
    #expect(throws: CloudError.limitExceeded(count: 401, limit: 400)) {
      try world.alice.privateDatabase.modifyRecords(
        saving: Array(records.prefix(200)), deleting: records.suffix(201).map(\.id))
    }
    let saved = try world.alice.privateDatabase.modifyRecords(saving: Array(records.prefix(400)))
    #expect(saved.failures.values.allSatisfy { $0 == nil } && saved.failures.count == 400)
  }

  @Test(arguments: CloudBacking.allCases)
  func fourHundredAndOneIdsFetchedExceedTheLimit(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let ids = (0..<401).map { world.id("r\($0)") }
    #expect(throws: CloudError.limitExceeded(count: 401, limit: 400)) {
      try world.alice.privateDatabase.records(for: ids)
    }
    #expect(try world.alice.privateDatabase.records(for: Array(ids.prefix(400))).count == 400)
  }

  static let unavailable: [AccountStatus] = [
    .noAccount, .restricted, .couldNotDetermine, .temporarilyUnavailable,
  ]

  /// Every operation of the protocol, as a closure over one user's container.
  static let operations:
    [(String, @Sendable (any CloudContainer, CloudWorld, ShareMetadata) throws -> Void)] = [
      ("fetch one", { user, world, _ in _ = try user.privateDatabase.record(for: world.id("r1")) }),
      ("fetch many", { user, world, _ in _ = try user.privateDatabase.records(for: [world.id("r1")]) }),
      (
        "modify records",
        { user, world, _ in _ = try user.privateDatabase.modifyRecords(saving: [world.record("r2")]) }
      ),
      (
        "modify zones",
        { user, world, _ in _ = try user.privateDatabase.modifyRecordZones(saving: [world.zone]) }
      ),
      ("database changes", { user, _, _ in _ = try user.privateDatabase.databaseChanges(since: nil) }),
      (
        "zone changes",
        { user, world, _ in _ = try user.sharedDatabase.zoneChanges(in: world.zone, since: nil) }
      ),
      (
        "share metadata",
        { user, _, metadata in _ = try user.shareMetadata(for: metadata.share.sharing!.link!) }
      ),
      ("accept share", { user, _, metadata in _ = try user.acceptShare(metadata) }),
    ]

  @Test(arguments: CloudBacking.allCases, unavailable)
  func everyOperationChecksTheAccountFirst(backing: CloudBacking, status: AccountStatus) throws {
    let world = try CloudWorld(backing)
    try world.save([world.record("r1")])
    let share = try world.share("r1", with: [ShareParticipant(userName: "bob", permission: .readWrite)])
    let metadata = try world.bob.shareMetadata(for: share.sharing!.link!)
    try world.server.setAccountStatus(status, for: "bob")
    let before = try world.server.dump()
    let expected: CloudError =
      status == .temporarilyUnavailable ? .accountTemporarilyUnavailable : .notAuthenticated(status)
    #expect(try world.bob.accountStatus() == status)
    for (name, operation) in Self.operations {
      #expect(throws: expected, "\(name)") { try operation(world.bob, world, metadata) }
    }
    expectNoDifference(before, try world.server.dump())
    // Only bob is affected.
    #expect(try world.alice.accountStatus() == .available)
    #expect(try world.alice.privateDatabase.record(for: world.id("r1")).id == world.id("r1"))
  }

  @Test(arguments: CloudBacking.allCases)
  func everyUserSeesOneServerIdentity(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let identity = try world.alice.serverIdentity()
    #expect(identity.hasPrefix(backing.isLive ? "postgres-" : "mock-"))
    #expect(try world.bob.serverIdentity() == identity)
    #expect(try world.alice.serverIdentity() == identity)
    let other = try TestCloud(backing)  // kept: a live one drops its database when released
    #expect(try other.container("alice").serverIdentity() != identity)
  }
}
