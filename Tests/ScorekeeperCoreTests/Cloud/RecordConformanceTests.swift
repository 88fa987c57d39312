@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

/// Saving and fetching records: the save-if-unchanged rules, parents, and
/// copies. Runs against every backing of the mock (and, later, the live cloud).
@Suite struct RecordConformanceTests {
  @Test(arguments: CloudBacking.allCases)
  func aNewRecordIsSavedWithATagAndFetchedWhole(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let sent = world.record(
      "r1",
      fields: [
        "title": .string("Poker night ♠️"), "count": .int64(.min), "ratio": .double(0.5),
        "when": .date(testNow), "raw": .bytes([0, 255]), "empty": .bytes([]),
        "photo": .asset(CloudAsset(bytes: [1, 2, 3])),
        "link": .reference(world.id("r2")),
      ])
    let saved = try world.save([sent])[0]
    #expect(saved.changeTag != nil)
    #expect(saved.modifiedAt != nil)
    expectNoDifference(sent, saved.contents)
    expectNoDifference(saved, try world.alice.privateDatabase.record(for: sent.id))
  }

  @Test(arguments: CloudBacking.allCases)
  func savingWithTheServersTagGivesANewTag(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    var copy = try world.save([world.record("r1", fields: ["n": .int64(1)])])[0]
    copy["n"] = .int64(2)
    let saved = try world.save([copy])[0]
    expectNoDifference(copy.contents, saved.contents)
    #expect(saved.changeTag != copy.changeTag)
    // What the save answers is the stored copy, as a read gives it.
    expectNoDifference(saved, try world.alice.privateDatabase.record(for: copy.id))
  }

  @Test(arguments: CloudBacking.allCases)
  func aStaleTagIsRefusedWithBothCopies(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let original = try world.save([world.record("r1", fields: ["n": .int64(1)])])[0]
    var first = original
    first["n"] = .int64(2)
    try world.save([first])
    var second = original
    second["n"] = .int64(3)
    let result = try world.alice.privateDatabase.modifyRecords(saving: [second])
    let server = try world.alice.privateDatabase.record(for: original.id)
    expectNoDifference([original.id: .serverRecordChanged(server: server, client: second)], result.failures)
    #expect(server["n"] == .int64(2))
  }

  @Test(arguments: CloudBacking.allCases)
  func aFreshRecordOverAStoredOneIsRejected(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let stored = try world.save([world.record("r1", fields: ["n": .int64(1)])])[0]
    let result = try world.alice.privateDatabase.modifyRecords(
      saving: [world.record("r1", fields: ["n": .int64(9)])])
    expectNoDifference(
      [
        stored.id: .serverRejectedRequest(
          "\(stored.id) already exists; save the server's copy, with its change tag")
      ],
      result.failures)
    expectNoDifference(stored, try world.alice.privateDatabase.record(for: stored.id))
  }

  /// The mock saves a record without a tag as new before it looks for a
  /// stored one: what it answers must still be the stored copy's rules.
  @Test(arguments: CloudBacking.allCases)
  func aFreshRecordOverAStoredOneMeetsTheStoredOnesRulesFirst(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let stored = try world.save([world.record("r1", fields: ["n": .int64(1)])])[0]
    let orphan = world.record("r1", parent: "ghost", fields: ["n": .int64(9)])
    let retyped = world.record("r1", type: "gadgets", fields: ["n": .int64(9)])
    let result = try world.alice.privateDatabase.modifyRecords(saving: [orphan])
    expectNoDifference([stored.id: CloudRefusal.recordExists(stored.id).error], result.failures)
    let other = try world.alice.privateDatabase.modifyRecords(saving: [retyped])
    expectNoDifference(
      [stored.id: CloudRefusal.typeChange(stored.id, from: "items", to: "gadgets").error], other.failures)
    expectNoDifference(stored, try world.alice.privateDatabase.record(for: stored.id))
    // Nothing was written: a second device's feed holds the one save.
    let changes = try world.alice.privateDatabase.zoneChanges(in: stored.id.zoneID, since: nil, limit: 400)
    expectNoDifference([stored], changes.changed)
  }

  @Test(arguments: CloudBacking.allCases)
  func allKeysOverwritesWhateverTheTag(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    try world.save([world.record("r1", fields: ["n": .int64(1)])])
    let fresh = world.record("r1", fields: ["n": .int64(9)])
    let result = try world.alice.privateDatabase.modifyRecords(
      saving: [fresh], deleting: [], savePolicy: .allKeys, atomically: true)
    expectNoDifference(fresh, try result.saveResults[fresh.id]!.get().contents)
  }

  @Test(arguments: CloudBacking.allCases)
  func savingARecordThatWasDeletedIsUnknownItem(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let stored = try world.save([world.record("r1")])[0]
    _ = try world.alice.privateDatabase.modifyRecords(deleting: [stored.id])
    let result = try world.alice.privateDatabase.modifyRecords(saving: [stored])
    expectNoDifference([stored.id: .unknownRecord(stored.id)], result.failures)
    #expect(throws: CloudError.unknownRecord(stored.id)) {
      try world.alice.privateDatabase.record(for: stored.id)
    }
  }

  @Test(arguments: CloudBacking.allCases)
  func fetchingInAnUnknownZoneIsZoneNotFound(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let elsewhere = RecordID(name: "r1", zoneID: ZoneID(name: "nowhere", ownerName: "alice"))
    #expect(throws: CloudError.zoneNotFound(elsewhere.zoneID)) {
      try world.alice.privateDatabase.record(for: elsewhere)
    }
  }

  @Test(arguments: CloudBacking.allCases)
  func fetchingAnUnknownRecordIsUnknownItem(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let stored = try world.save([world.record("r1")])[0]
    let results = try world.alice.privateDatabase.records(for: [stored.id, world.id("missing")])
    expectNoDifference(
      [stored.id: .success(stored), world.id("missing"): .failure(.unknownRecord(world.id("missing")))],
      results)
  }

  @Test(arguments: CloudBacking.allCases)
  func savingInAnUnknownZoneIsZoneNotFound(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let zone = ZoneID(name: "nowhere", ownerName: "alice")
    let record = CloudRecord(id: RecordID(name: "r1", zoneID: zone), type: "items")
    let result = try world.alice.privateDatabase.modifyRecords(saving: [record])
    expectNoDifference([record.id: .zoneNotFound(zone)], result.failures)
  }

  @Test(arguments: CloudBacking.allCases)
  func aChildBeforeItsParentInOneCallIsSaved(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let child = world.record("child", parent: "parent")
    let parent = world.record("parent")
    let saved = try world.save([child, parent])
    expectNoDifference([child, parent], saved.map(\.contents))
  }

  @Test(arguments: CloudBacking.allCases)
  func aChildWithoutItsParentIsAReferenceViolation(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let child = world.record("child", parent: "parent")
    let result = try world.alice.privateDatabase.modifyRecords(saving: [child])
    expectNoDifference(
      [child.id: .referenceViolation(child.id, "its parent \"parent\" does not exist")], result.failures)
  }

  @Test(arguments: CloudBacking.allCases)
  func savingAChildGivesTheStoredParentANewTag(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let parent = try world.save([world.record("parent", fields: ["n": .int64(1)])])[0]
    try world.save([world.record("child", parent: "parent")])
    let after = try world.alice.privateDatabase.record(for: parent.id)
    expectNoDifference(parent.contents, after.contents)
    #expect(after.changeTag != parent.changeTag)
    // So the parent's old copy is now stale.
    var edit = parent
    edit["n"] = .int64(2)
    let result = try world.alice.privateDatabase.modifyRecords(saving: [edit])
    expectNoDifference([parent.id: .serverRecordChanged(server: after, client: edit)], result.failures)
  }

  @Test(arguments: CloudBacking.allCases)
  func childrenSavedTogetherLeaveTheirParentChangedAfterThem(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let database = world.alice.privateDatabase
    let parent = try world.save([world.record("parent", fields: ["n": .int64(1)])])[0]
    let token = try database.zoneChanges(in: world.zone, since: nil).token
    let children = try world.save([
      world.record("c1", parent: "parent"), world.record("c2", parent: "parent"),
    ])
    let after = try database.record(for: parent.id)
    #expect(after.changeTag != parent.changeTag)
    // The parent changed after both children: a reader sees it last, as
    // it is stored now.
    expectNoDifference(children + [after], try database.zoneChanges(in: world.zone, since: token).changed)
  }

  @Test(arguments: CloudBacking.allCases)
  func aParentSavedWithItsChildKeepsTheTagOfThatSave(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let saved = try world.save([world.record("parent"), world.record("child", parent: "parent")])
    expectNoDifference(saved[0], try world.alice.privateDatabase.record(for: saved[0].id))
  }

  @Test(arguments: CloudBacking.allCases)
  func everyReturnedRecordIsACopy(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let database = world.alice.privateDatabase
    let stored = try world.save([world.record("r1", fields: ["n": .int64(1)])])[0]
    var returned: [CloudRecord] = [stored, try database.record(for: stored.id)]
    returned.append(try database.records(for: [stored.id])[stored.id]!.get())
    returned += try database.zoneChanges(in: world.zone, since: nil).changed
    var stale = stored
    stale.changeTag = "stale"
    if case .serverRecordChanged(let server, _)? = try database.modifyRecords(saving: [stale])
      .saveResults[stored.id]?.failure
    {
      returned.append(server)
    }
    #expect(returned.count == 5)
    for var copy in returned {
      copy["n"] = .int64(99)
      copy.parent = world.id("elsewhere")
    }
    expectNoDifference(stored, try database.record(for: stored.id))
  }
}
