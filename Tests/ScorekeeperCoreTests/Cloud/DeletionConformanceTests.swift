@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

/// Deleting records and zones, and atomic calls.
@Suite struct DeletionConformanceTests {
  @Test(arguments: CloudBacking.allCases)
  func aParentAndItsChildDeletedTogetherAreBothGone(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    try world.save([world.record("parent"), world.record("child", parent: "parent")])
    // Parent first in the call: the service still deletes the child first.
    let result = try world.alice.privateDatabase.modifyRecords(
      deleting: [world.id("parent"), world.id("child")])
    expectNoDifference([world.id("parent"): nil, world.id("child"): nil], result.failures)
    let fetched = try world.alice.privateDatabase.records(for: [world.id("parent"), world.id("child")])
    expectNoDifference(
      [
        world.id("parent"): .failure(.unknownRecord(world.id("parent"))),
        world.id("child"): .failure(.unknownRecord(world.id("child"))),
      ], fetched)
  }

  @Test(arguments: CloudBacking.allCases)
  func deletingAnUnknownRecordSucceeds(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let result = try world.alice.privateDatabase.modifyRecords(deleting: [world.id("never")])
    expectNoDifference([world.id("never"): nil], result.failures)
  }

  @Test(arguments: CloudBacking.allCases)
  func deletingInAnUnknownZoneIsZoneNotFound(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let zone = ZoneID(name: "nowhere", ownerName: "alice")
    let id = RecordID(name: "r1", zoneID: zone)
    let result = try world.alice.privateDatabase.modifyRecords(deleting: [id])
    expectNoDifference([id: .zoneNotFound(zone)], result.failures)
  }

  @Test(arguments: CloudBacking.allCases)
  func deletingAParentButNotItsChildIsAReferenceViolation(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    try world.save([world.record("parent"), world.record("child", parent: "parent")])
    let before = try world.server.dump()
    let result = try world.alice.privateDatabase.modifyRecords(deleting: [world.id("parent")])
    expectNoDifference(
      [world.id("parent"): .referenceViolation(world.id("parent"), "children still refer to it: \"child\"")],
      result.failures)
    expectNoDifference(before, try world.server.dump())
  }

  @Test(arguments: CloudBacking.allCases)
  func deletingAnUnknownZoneIsZoneNotFound(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let zone = ZoneID(name: "nowhere", ownerName: "alice")
    let result = try world.alice.privateDatabase.modifyRecordZones(deleting: [zone])
    #expect(result.deleteResults.mapValues(\.failure) == [zone: .zoneNotFound(zone)])
  }

  @Test(arguments: CloudBacking.allCases)
  func deletingAZoneDeletesItsRecordsAndExpiresItsTokens(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let database = world.alice.privateDatabase
    try world.save([world.record("r1")])
    let token = try database.zoneChanges(in: world.zone, since: nil).token
    let result = try database.modifyRecordZones(deleting: [world.zone])
    #expect(result.deleteResults.mapValues(\.failure) == [world.zone: nil])
    #expect(throws: CloudError.zoneNotFound(world.zone)) { try database.record(for: world.id("r1")) }
    _ = try database.modifyRecordZones(saving: [world.zone])
    #expect(throws: CloudError.changeTokenExpired) { try database.zoneChanges(in: world.zone, since: token) }
    #expect(try database.zoneChanges(in: world.zone, since: nil).changed == [])
  }

  @Test(arguments: CloudBacking.allCases)
  func anAtomicCallWithOneStaleTagChangesNothingInThatZone(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let stored = try world.save([world.record("a"), world.record("b"), world.record("gone")])
    var stale = stored[0]
    stale.changeTag = "stale"
    var fine = stored[1]
    fine["n"] = .int64(1)
    let otherZone = ZoneID(name: "other", ownerName: "alice")
    _ = try world.alice.privateDatabase.modifyRecordZones(saving: [otherZone])
    let elsewhere = CloudRecord(id: RecordID(name: "x", zoneID: otherZone), type: "items")
    let before = try world.alice.privateDatabase.zoneChanges(in: world.zone, since: nil)
    let result = try world.alice.privateDatabase.modifyRecords(
      saving: [stale, fine, world.record("new"), elsewhere], deleting: [world.id("gone")])
    expectNoDifference(
      [
        stale.id: .serverRecordChanged(server: stored[0], client: stale),
        fine.id: .batchRequestFailed(fine.id),
        world.id("new"): .batchRequestFailed(world.id("new")),
        world.id("gone"): .batchRequestFailed(world.id("gone")),
        elsewhere.id: nil,
      ], result.failures)
    // The zone is as it was (the other zone's save moved the token on).
    let after = try world.alice.privateDatabase.zoneChanges(in: world.zone, since: nil)
    expectNoDifference(before.changed, after.changed)
    expectNoDifference(before.deleted, after.deleted)
  }

  @Test(arguments: CloudBacking.allCases)
  func aNonAtomicCallKeepsWhatSucceeded(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let stored = try world.save([world.record("a"), world.record("b")])
    var stale = stored[0]
    stale.changeTag = "stale"
    var fine = stored[1]
    fine["n"] = .int64(1)
    let result = try world.alice.privateDatabase.modifyRecords(saving: [stale, fine], atomically: false)
    expectNoDifference(
      [stale.id: .serverRecordChanged(server: stored[0], client: stale), fine.id: nil], result.failures)
    #expect(try world.alice.privateDatabase.record(for: fine.id)["n"] == .int64(1))
  }
}
