@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

/// Shares: attaching them, joining by link, permissions, leaving and stopping.
@Suite struct ShareConformanceTests {
  static let bobReadWrite = [ShareParticipant(userName: "bob", permission: .readWrite)]
  static let bobReadOnly = [ShareParticipant(userName: "bob", permission: .readOnly)]

  @Test(arguments: CloudBacking.allCases)
  func aShareWithoutItsRootIsRefused(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    try world.save([world.record("root")])
    let share = CloudRecord.share(id: world.id("share-root"), participants: Self.bobReadWrite)
    let result = try world.alice.privateDatabase.modifyRecords(saving: [share])
    expectNoDifference(
      [
        share.id: .invalidArguments(
          "the share \(share.id) needs its root record in the same call, or saved before")
      ],
      result.failures)
  }

  @Test(arguments: CloudBacking.allCases)
  func aShareSavedWithItsRootCanLaterBeSavedAlone(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let share = try world.share("root", with: Self.bobReadWrite)
    #expect(share.sharing?.link == ShareLinkGenerator.prefix + "0000000000000000000000000000000" + "1")
    #expect(share.sharing?.ownerName == "alice")
    var edited = share
    edited.sharing?.publicPermission = .readOnly
    edited.sharing?.participants.append(ShareParticipant(userName: "carol", permission: .readOnly))
    let saved = try world.save([edited])[0]
    expectNoDifference(edited.contents, saved.contents)
    #expect(saved.sharing?.link == share.sharing?.link)
    #expect(try world.alice.privateDatabase.record(for: world.id("root")).shareID == share.id)
  }

  @Test(arguments: CloudBacking.allCases)
  func aSharedDatabaseRecordWithoutAParentIsRefused(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    try world.share("root", with: Self.bobReadWrite, accepting: [world.bob])
    let orphan = world.record("orphan")
    let result = try world.bob.sharedDatabase.modifyRecords(saving: [orphan])
    expectNoDifference(
      [
        orphan.id: .permissionFailure(
          "\(orphan.id) has neither a parent nor a share; the shared database cannot hold it")
      ],
      result.failures)
  }

  @Test(arguments: CloudBacking.allCases)
  func aReadWriteParticipantAddsChildrenTheOwnerSees(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    try world.share("root", with: Self.bobReadWrite, accepting: [world.bob])
    let child = world.record("child", parent: "root", fields: ["score": .int64(3)])
    let saved = try world.save([child], in: world.bob.sharedDatabase)[0]
    expectNoDifference(saved, try world.alice.privateDatabase.record(for: child.id))
    var edit = saved
    edit["score"] = .int64(4)
    expectNoDifference(edit.contents, try world.save([edit], in: world.bob.sharedDatabase)[0].contents)
  }

  @Test(arguments: CloudBacking.allCases)
  func aReadOnlyParticipantReadsButCannotWrite(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    try world.save([world.record("root"), world.record("child", parent: "root")])
    try world.share("root", with: Self.bobReadOnly, accepting: [world.bob])
    let before = try world.server.dump()
    let shared = world.bob.sharedDatabase
    var child = try shared.record(for: world.id("child"))
    child["score"] = .int64(1)
    let refusal = CloudError.permissionFailure("\(child.id) is shared with bob read-only")
    let result = try shared.modifyRecords(saving: [child, world.record("new", parent: "root")])
    expectNoDifference(
      [
        child.id: refusal,
        world.id("new"): .permissionFailure("\(world.id("new")) is shared with bob read-only"),
      ], result.failures)
    expectNoDifference([child.id: refusal], try shared.modifyRecords(deleting: [child.id]).failures)
    expectNoDifference(before, try world.server.dump())
  }

  @Test(arguments: CloudBacking.allCases)
  func aUserWhoHasNotAcceptedCannotReadTheZone(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    try world.save([world.record("root")])
    try world.share(
      "root", with: Self.bobReadWrite + [ShareParticipant(userName: "carol", permission: .readWrite)],
      accepting: [world.bob])
    #expect(throws: CloudError.zoneNotFound(world.zone)) {
      try world.carol.sharedDatabase.zoneChanges(in: world.zone, since: nil)
    }
    #expect(throws: CloudError.zoneNotFound(world.zone)) {
      try world.carol.sharedDatabase.record(for: world.id("root"))
    }
    #expect(try world.carol.sharedDatabase.databaseChanges(since: nil).changedZones == [])
    // Nor through the private database: it only holds carol's own zones.
    #expect(throws: CloudError.zoneNotFound(world.zone)) {
      try world.carol.privateDatabase.record(for: world.id("root"))
    }
    #expect(try world.bob.sharedDatabase.record(for: world.id("root")).shareID == world.id("share-root"))
  }

  @Test(arguments: CloudBacking.allCases)
  func recordsOutsideTheSharedTreeStayHidden(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    try world.save([world.record("private")])
    try world.share("root", with: Self.bobReadWrite, accepting: [world.bob])
    let shared = world.bob.sharedDatabase
    #expect(throws: CloudError.unknownRecord(world.id("private"))) {
      try shared.record(for: world.id("private"))
    }
    #expect(
      try shared.zoneChanges(in: world.zone, since: nil).changed.map(\.id.name) == ["root", "share-root"])
  }

  @Test(arguments: CloudBacking.allCases)
  func theOwnerDeletingTheShareUnsharesTheRecords(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    try world.save([world.record("root"), world.record("child", parent: "root")])
    let share = try world.share("root", with: Self.bobReadWrite, accepting: [world.bob])
    let result = try world.alice.privateDatabase.modifyRecords(deleting: [share.id])
    expectNoDifference([share.id: nil], result.failures)
    let root = try world.alice.privateDatabase.record(for: world.id("root"))
    #expect(root.shareID == nil)
    #expect(try world.alice.privateDatabase.record(for: world.id("child")).parent == root.id)
    #expect(throws: CloudError.zoneNotFound(world.zone)) { try world.bob.sharedDatabase.record(for: root.id) }
    #expect(throws: CloudError.unknownItem("share link \(quote(share.sharing!.link!))")) {
      try world.bob.shareMetadata(for: share.sharing!.link!)
    }
  }

  @Test(arguments: CloudBacking.allCases)
  func aParticipantDeletingTheShareLeavesIt(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let share = try world.share(
      "root", with: Self.bobReadWrite + [ShareParticipant(userName: "carol", permission: .readOnly)],
      accepting: [world.bob, world.carol])
    let result = try world.bob.sharedDatabase.modifyRecords(deleting: [share.id])
    expectNoDifference([share.id: nil], result.failures)
    let after = try world.alice.privateDatabase.record(for: share.id)
    expectNoDifference(
      [ShareParticipant(userName: "carol", permission: .readOnly)], after.contents.sharing?.participants)
    #expect(after.sharing?.participants.map(\.acceptance) == [.accepted])
    #expect(throws: CloudError.zoneNotFound(world.zone)) {
      try world.bob.sharedDatabase.record(for: share.id)
    }
    #expect(try world.carol.sharedDatabase.record(for: world.id("root")).id == world.id("root"))
  }

  @Test(arguments: CloudBacking.allCases)
  func aParticipantCannotDeleteTheRoot(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    try world.share("root", with: Self.bobReadWrite, accepting: [world.bob])
    let result = try world.bob.sharedDatabase.modifyRecords(deleting: [world.id("root")])
    expectNoDifference(
      [
        world.id("root"): .permissionFailure(
          "only alice can delete the shared root \(world.id("root")); leave the share instead")
      ],
      result.failures)
  }

  @Test(arguments: CloudBacking.allCases)
  func theOwnerDeletingTheRootDeletesTheShare(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let share = try world.share("root", with: Self.bobReadWrite, accepting: [world.bob])
    let token = try world.bob.sharedDatabase.databaseChanges(since: nil).token
    expectNoDifference(
      [world.id("root"): nil],
      try world.alice.privateDatabase.modifyRecords(deleting: [world.id("root")]).failures)
    #expect(throws: CloudError.unknownRecord(share.id)) {
      try world.alice.privateDatabase.record(for: share.id)
    }
    #expect(try world.bob.sharedDatabase.databaseChanges(since: token).deletedZones == [world.zone])
  }

  @Test(arguments: CloudBacking.allCases)
  func joiningByLinkFollowsTheInvitation(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let share = try world.share("root", with: Self.bobReadOnly)
    let link = share.sharing!.link!
    var metadata = try world.bob.shareMetadata(for: link)
    expectNoDifference(
      ShareMetadata(
        share: share, rootRecordID: world.id("root"), ownerName: "alice", permission: .readOnly,
        acceptance: .pending), metadata)
    metadata.permission = .readWrite  // a copy: changing it grants nothing
    let accepted = try world.bob.acceptShare(metadata)
    #expect(accepted.sharing?.participants.map(\.description) == ["bob: read-only, accepted"])
    #expect(try world.bob.shareMetadata(for: link).acceptance == .accepted)
    #expect(
      throws: CloudError.permissionFailure(
        "the share is only for the people alice invited; carol is not one of them")
    ) {
      try world.carol.shareMetadata(for: link)
    }
  }

  @Test(arguments: CloudBacking.allCases)
  func aPublicLinkLetsAnyoneJoinWithThePublicPermission(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let share = try world.share("root", with: [], publicPermission: .readOnly, accepting: [world.carol])
    #expect(
      try world.alice.privateDatabase.record(for: share.id).sharing?.participants.map(\.description)
        == ["carol: read-only, accepted"])
    #expect(try world.carol.sharedDatabase.record(for: world.id("root")).id == world.id("root"))
  }

  @Test(
    arguments: CloudBacking.allCases,
    [
      "https://share.scorekeeper.invalid/0123", "not a link",
      "https://share.scorekeeper.invalid/0000000000000000000000000000000G",
    ])
  func aMalformedLinkIsInvalid(backing: CloudBacking, link: String) throws {
    let world = try CloudWorld(backing)
    #expect(
      throws: CloudError.invalidArguments(
        "\(quote(link)) is not a share link; links look like https://share.scorekeeper.invalid/<32 hex digits>"
      )
    ) {
      try world.bob.shareMetadata(for: link)
    }
  }

  @Test(arguments: CloudBacking.allCases)
  func anUnknownLinkIsAnUnknownItem(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    try world.share("root", with: Self.bobReadWrite)
    let guess = ShareLinkGenerator.prefix + "0123456789abcdef0123456789abcdef"
    #expect(throws: CloudError.unknownItem("share link \(quote(guess))")) {
      try world.bob.shareMetadata(for: guess)
    }
  }
}
