@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

/// Roles (issue 49), the same on every backing: a scorer adds records of
/// the types the share's rules name and changes or deletes none, refers
/// only to records of their own where the rules say so; a participant
/// limited to one parent saves only under it; a removed participant sees
/// nothing and the link refuses them; the server keeps when each joined
/// and last changed something.
@Suite struct RoleConformanceTests {
  /// "events" may be added by a scorer; an event's "undoes" names another
  /// event ("<undoes>:events"), its "round" a record "<round>:rounds".
  static let rules = ScorerRules(types: ["events": ["undoes": ":events", "round": ":rounds"], "rounds": [:]])

  /// alice's root and one event of hers under it, shared with carol as a
  /// scorer (`parentLimit` as given), carol joined.
  static func scorerWorld(_ backing: CloudBacking, parentLimit: String? = nil) throws -> CloudWorld {
    let world = try CloudWorld(backing)
    try world.save([
      world.record("root"), world.record("p1", parent: "root"), world.record("p2", parent: "root"),
      world.record("a:events", type: "events", parent: "p1"),
    ])
    try world.share(
      "root", with: [ShareParticipant(userName: "carol", permission: .scoring, parentLimit: parentLimit)],
      scorerRules: rules, accepting: [world.carol])
    return world
  }

  @Test(
    "a scorer adds records of the rules' types, refers only to their own, and changes or deletes nothing",
    arguments: CloudBacking.allCases)
  func aScorerAddsOnly(backing: CloudBacking) throws {
    let world = try Self.scorerWorld(backing)
    let shared = world.carol.sharedDatabase
    // Her own: an event, a round, an event of that round, an undo of her event.
    let own = try world.save(
      [
        world.record("c:events", type: "events", parent: "p1"),
        world.record("r:rounds", type: "rounds", parent: "root"),
        world.record("cr:events", type: "events", parent: "p2", fields: ["round": .string("r")]),
        world.record("u:events", type: "events", parent: "p1", fields: ["undoes": .string("c")]),
      ], in: shared)
    #expect(own.map(\.creatorUserName) == ["carol", "carol", "carol", "carol"])
    let before = try world.server.dump()
    var changed = own[0]
    changed["n"] = .int64(2)
    let attempts: [CloudRecord] = [
      changed,
      world.record("item", type: "items", parent: "root"),
      world.record("ua:events", type: "events", parent: "p1", fields: ["undoes": .string("a")]),
      world.record("ar:events", type: "events", parent: "p1", fields: ["round": .string("nowhere")]),
      world.record("ui:events", type: "events", parent: "p1", fields: ["undoes": .int64(7)]),
    ]
    let result = try shared.modifyRecords(saving: attempts, atomically: false)
    expectNoDifference(
      [
        changed.id: CloudRefusal.scorerAddsOnly(changed.id, user: "carol").error,
        world.id("item"): CloudRefusal.scorerType(world.id("item"), type: "items", user: "carol").error,
        world.id("ua:events"): CloudRefusal.notOwnRecord(
          world.id("ua:events"), field: "undoes", target: "a:events", user: "carol"
        ).error,
        world.id("ar:events"): CloudRefusal.notOwnRecord(
          world.id("ar:events"), field: "round", target: "nowhere:rounds", user: "carol"
        ).error,
        world.id("ui:events"): CloudRefusal.notOwnRecord(
          world.id("ui:events"), field: "undoes", target: "", user: "carol"
        ).error,
      ], result.failures)
    expectNoDifference(
      [own[0].id: CloudRefusal.scorerAddsOnly(own[0].id, user: "carol").error],
      try shared.modifyRecords(deleting: [own[0].id]).failures)
    expectNoDifference(before, try world.server.dump())
  }

  @Test(
    "a participant limited to one parent saves and deletes only that parent's children",
    arguments: CloudBacking.allCases)
  func aParentLimitHolds(backing: CloudBacking) throws {
    let world = try Self.scorerWorld(backing, parentLimit: "p1")
    let shared = world.carol.sharedDatabase
    try world.save([world.record("c:events", type: "events", parent: "p1")], in: shared)
    let before = try world.server.dump()
    let elsewhere = [
      world.record("c2:events", type: "events", parent: "p2"),
      world.record("r:rounds", type: "rounds", parent: "root"),
    ]
    expectNoDifference(
      Dictionary(
        uniqueKeysWithValues: elsewhere.map {
          ($0.id, CloudRefusal.outsideParentLimit($0.id, user: "carol", limit: "p1").error as CloudError?)
        }),
      try shared.modifyRecords(saving: elsewhere, atomically: false).failures)
    expectNoDifference(before, try world.server.dump())
  }

  @Test(
    "a removed participant reads nothing, hears the zone is gone, and the link refuses them until invited again",
    arguments: CloudBacking.allCases)
  func aRemovedParticipantLosesEverything(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    try world.save([world.record("root"), world.record("child", parent: "root")])
    let share = try world.share(
      "root",
      with: [
        ShareParticipant(userName: "bob", permission: .readWrite),
        ShareParticipant(userName: "carol", permission: .readOnly),
      ], publicPermission: .readOnly, accepting: [world.bob, world.carol])
    let link = try #require(share.sharing?.link)
    let token = try world.bob.sharedDatabase.databaseChanges(since: nil).token
    var removing = share
    removing.sharing?.participants = [
      ShareParticipant(userName: "bob", permission: .none),
      ShareParticipant(userName: "carol", permission: .readOnly),
    ]
    let saved = try world.save([removing])[0]
    expectNoDifference(
      ["bob: none, removed", "carol: read-only, accepted"], saved.sharing?.participants.map(\.description))
    let changes = try world.bob.sharedDatabase.databaseChanges(since: token)
    #expect(changes.deletedZones == [world.zone])
    #expect(throws: CloudError.zoneNotFound(world.zone)) {
      try world.bob.sharedDatabase.record(for: world.id("child"))
    }
    #expect(throws: CloudRefusal.removedFromShare(owner: "alice", user: "bob").error) {
      try world.bob.shareMetadata(for: link)
    }
    let edit = world.record("bobs", parent: "root")
    expectNoDifference(
      [edit.id: .zoneNotFound(world.zone)],
      try world.bob.sharedDatabase.modifyRecords(saving: [edit]).failures)
    // carol is unaffected.
    #expect(try world.carol.sharedDatabase.record(for: world.id("child")).id == world.id("child"))
    // Given a permission again, bob is invited, and joins by the link.
    var inviting = try world.alice.privateDatabase.record(for: share.id)
    inviting.sharing?.participants[0].permission = .scoring
    #expect(try world.save([inviting])[0].sharing?.participants[0].description == "bob: scoring, pending")
    _ = try world.bob.acceptShare(try world.bob.shareMetadata(for: link))
    #expect(try world.bob.sharedDatabase.record(for: world.id("child")).id == world.id("child"))
  }

  @Test(
    "the server keeps when each participant joined and last changed something, across the owner's saves",
    arguments: CloudBacking.allCases)
  func joinedAndLastChange(backing: CloudBacking) throws {
    let world = try Self.scorerWorld(backing)
    let joined = try #require(
      try world.alice.privateDatabase.record(for: world.id("share-root")).sharing?.participant("carol"))
    let joinedAt = try #require(joined.joinedAt)
    #expect(joined.lastChangeAt == nil)
    try world.save([world.record("c:events", type: "events", parent: "p1")], in: world.carol.sharedDatabase)
    var share = try world.alice.privateDatabase.record(for: world.id("share-root"))
    let changed = try #require(share.sharing?.participant("carol"))
    let lastChange = try #require(changed.lastChangeAt)
    #expect(changed.joinedAt == joinedAt && lastChange >= joinedAt)
    // The owner's save of the settings, a role changed, keeps the server's
    // times (OutsideSecurityTests: a request naming others keeps them too).
    share.sharing?.participants = [ShareParticipant(userName: "carol", permission: .readWrite)]
    let kept = try #require(try world.save([share])[0].sharing?.participant("carol"))
    #expect(
      [kept.description, "\(kept.joinedAt == joinedAt)", "\(kept.lastChangeAt == lastChange)"]
        == ["carol: read-write, accepted", "true", "true"])
  }
}

extension RoleConformanceTests {
  @Test(
    "an expired link admits nobody new, saying when it stopped; those in stay, and someone invited by name joins",
    arguments: CloudBacking.allCases)
  func anExpiredLinkAdmitsNobodyNew(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    var share = try world.share(
      "root", with: [ShareParticipant(userName: "carol", permission: .readOnly)],
      publicPermission: .readWrite,
      accepting: [world.bob])
    let link = try #require(share.sharing?.link)
    let stopped = Timestamp(millisecondsSince1970: 1_700_000_000_000)
    share.sharing?.linkExpiresAt = stopped
    #expect(try world.save([share])[0].sharing?.linkExpiresAt == stopped)
    let dave = world.server.container("dave")
    #expect(throws: CloudRefusal.linkExpired(link, at: stopped).error) { try dave.shareMetadata(for: link) }
    // bob is in; carol, invited by name, may still join.
    #expect(try world.bob.shareMetadata(for: link).acceptance == .accepted)
    _ = try world.carol.acceptShare(try world.carol.shareMetadata(for: link))
    #expect(try world.carol.sharedDatabase.record(for: world.id("root")).id == world.id("root"))
    // A later expiry admits again.
    var later = try world.alice.privateDatabase.record(for: share.id)
    later.sharing?.linkExpiresAt = Timestamp(millisecondsSince1970: 4_000_000_000_000)
    try world.save([later])
    #expect(try dave.shareMetadata(for: link).acceptance == .pending)
  }

  @Test(
    "a replaced link is refused as replaced; the new one admits, and those in stay",
    arguments: CloudBacking.allCases)
  func aReplacedLinkIsRefused(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    var share = try world.share("root", with: [], publicPermission: .readWrite, accepting: [world.bob])
    let old = try #require(share.sharing?.link)
    share.sharing?.replacingLink = true
    let saved = try world.save([share])[0]
    let new = try #require(saved.sharing?.link)
    #expect(new != old && saved.sharing?.replacingLink == false)
    #expect(throws: CloudRefusal.linkReplaced(old).error) { try world.carol.shareMetadata(for: old) }
    _ = try world.carol.acceptShare(try world.carol.shareMetadata(for: new))
    #expect(try world.bob.sharedDatabase.record(for: world.id("root")).id == world.id("root"))
    // Saved again without asking, the link stays.
    let again = try world.alice.privateDatabase.record(for: share.id)
    #expect(try world.save([again])[0].sharing?.link == new)
  }
}
