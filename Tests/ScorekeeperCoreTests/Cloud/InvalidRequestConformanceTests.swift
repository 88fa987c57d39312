@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

/// Requests the service refuses whatever it holds, and what only an owner may do.
@Suite struct InvalidRequestConformanceTests {
  @Test(arguments: CloudBacking.allCases)
  func malformedRecordsAreInvalidArguments(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let elsewhere = RecordID(name: "x", zoneID: ZoneID(name: "other", ownerName: "alice"))
    var noSettings = world.record("share-x", type: CloudRecord.shareType)
    noSettings.fields = [:]
    var shareWithParent = CloudRecord.share(id: world.id("share-y"))
    shareWithParent.parent = world.id("root")
    let records = [
      world.record("self", parent: "self"),
      world.record("far", fields: ["link": .reference(elsewhere)]),
      noSettings,
      shareWithParent,
      CloudRecord(id: world.id(""), type: "items"),
    ]
    let result = try world.alice.privateDatabase.modifyRecords(saving: records, atomically: false)
    expectNoDifference(
      [
        world.id("self"): .invalidArguments("\(world.id("self")) cannot be its own parent"),
        world.id("far"): .invalidArguments(
          "\(world.id("far")) refers to \(elsewhere); references must stay within a zone"),
        world.id("share-x"): .invalidArguments(
          "\(world.id("share-x")): a record has share settings exactly when its type is cloudkit.share"),
        world.id("share-y"): .invalidArguments("the share \(world.id("share-y")) cannot have a parent"),
        world.id(""): .invalidArguments("\(world.id("")) needs a name and a type"),
      ], result.failures)
  }

  @Test(arguments: CloudBacking.allCases)
  func aRecordCannotChangeItsType(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let stored = try world.save([world.record("r1", type: "games")])[0]
    let retyped = CloudRecord(id: stored.id, type: "players")
    let result = try world.alice.privateDatabase.modifyRecords(saving: [retyped])
    expectNoDifference(
      [stored.id: .invalidArguments("\(stored.id) is a \"games\" record; it cannot become a \"players\"")],
      result.failures)
  }

  @Test(arguments: CloudBacking.allCases)
  func aParentChainMayNotLoop(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let stored = try world.save([world.record("a"), world.record("b", parent: "a")])
    var a = stored[0]
    a.parent = world.id("b")
    let result = try world.alice.privateDatabase.modifyRecords(saving: [a])
    expectNoDifference(
      [a.id: .invalidArguments("the parent chain of \(a.id) loops back through \"a\"")], result.failures)
  }

  @Test(arguments: CloudBacking.allCases)
  func aRecordNamedTwiceInOneCallIsRefusedWhole(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    #expect(throws: CloudError.invalidArguments("\(world.id("r1")) appears more than once in one call")) {
      try world.alice.privateDatabase.modifyRecords(saving: [world.record("r1")], deleting: [world.id("r1")])
    }
  }

  @Test(arguments: CloudBacking.allCases)
  func zonesBelongToTheirOwners(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    try world.share(
      "root", with: [ShareParticipant(userName: "bob", permission: .readWrite)], accepting: [world.bob])
    let bobs = ZoneID(name: "games", ownerName: "bob")
    let privateResult = try world.bob.privateDatabase.modifyRecordZones(
      saving: [world.zone], deleting: [world.zone])
    #expect(
      privateResult.saveResults.mapValues(\.failure) == [
        world.zone: .permissionFailure("bob cannot create the zone \(world.zone)")
      ])
    #expect(privateResult.deleteResults.mapValues(\.failure) == [world.zone: .zoneNotFound(world.zone)])
    let sharedResult = try world.bob.sharedDatabase.modifyRecordZones(saving: [bobs], deleting: [world.zone])
    #expect(
      sharedResult.saveResults.mapValues(\.failure) == [
        bobs: .permissionFailure("bob cannot create the zone \(bobs)")
      ])
    #expect(
      sharedResult.deleteResults.mapValues(\.failure) == [
        world.zone: .permissionFailure("bob cannot delete the zone \(world.zone)")
      ])
    #expect(try world.alice.privateDatabase.record(for: world.id("root")).id == world.id("root"))
  }

  @Test(arguments: CloudBacking.allCases)
  func onlyTheOwnerChangesAShareOrWhatIsShared(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    try world.save([world.record("other", parent: nil)])
    let share = try world.share(
      "root", with: [ShareParticipant(userName: "bob", permission: .readWrite)], accepting: [world.bob])
    let shared = world.bob.sharedDatabase
    var widened = try shared.record(for: share.id)
    widened.sharing?.publicPermission = .readWrite
    var root = try shared.record(for: world.id("root"))
    root.shareID = nil
    let result = try shared.modifyRecords(saving: [widened, root], atomically: false)
    expectNoDifference(
      [
        share.id: .permissionFailure("only alice can change the share \(share.id)"),
        root.id: .permissionFailure("only alice can share or unshare \(root.id)"),
      ], result.failures)
  }

  @Test(arguments: CloudBacking.allCases)
  func removingAParticipantTakesTheirAccessAway(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    var share = try world.share(
      "root", with: [ShareParticipant(userName: "bob", permission: .readWrite)], accepting: [world.bob])
    let token = try world.bob.sharedDatabase.databaseChanges(since: nil).token
    share.sharing?.participants = []
    try world.save([share])
    #expect(try world.bob.sharedDatabase.databaseChanges(since: token).deletedZones == [world.zone])
    #expect(throws: CloudError.zoneNotFound(world.zone)) {
      try world.bob.sharedDatabase.record(for: world.id("root"))
    }
    #expect(
      throws: CloudError.permissionFailure(
        "the share is only for the people alice invited; bob is not one of them")
    ) {
      try world.bob.shareMetadata(for: share.sharing!.link!)
    }
  }

  @Test func liveShareLinksAreRandomAndWellFormed() throws {
    let cloud = try FileCloud(clock: .constant(testNow), shareLinks: .random)
    let database = cloud.container(for: "alice").database(.private)
    let zone = ZoneID(name: "games", ownerName: "alice")
    _ = try database.modifyRecordZones(saving: [zone])
    var links: Set<String> = []
    for index in 0..<20 {
      let root = CloudRecord(
        id: RecordID(name: "root\(index)", zoneID: zone), type: "items",
        shareID: RecordID(name: "share\(index)", zoneID: zone))
      let share = CloudRecord.share(id: root.shareID!)
      let saved = try database.modifyRecords(saving: [root, share]).saveResults[share.id]!.get()
      links.insert(saved.sharing!.link!)
    }
    #expect(links.count == 20)
    for link in links {
      let token = link.dropFirst(ShareLinkGenerator.prefix.count)
      #expect(link.hasPrefix(ShareLinkGenerator.prefix) && token.count == 32)
      #expect(token.allSatisfy { $0.isHexDigit && !$0.isUppercase })
    }
  }
}
