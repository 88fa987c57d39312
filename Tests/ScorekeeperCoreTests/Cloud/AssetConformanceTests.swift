@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

/// Assets: kept apart from their records, moved by hash, checked, limited
/// and counted, on every backing of the mock and on the live server.
@Suite struct AssetConformanceTests {
  let photo: [UInt8] = Array("a photo's bytes".utf8)

  func asset(_ bytes: [UInt8]) -> CloudValue { .asset(CloudAsset(bytes: bytes)) }

  func key(_ world: CloudWorld, _ name: String, _ bytes: [UInt8]) -> AssetKey {
    AssetKey(record: world.id(name), field: "photo", sha256: CloudAsset(bytes: bytes).sha256)
  }

  @Test(arguments: CloudBacking.allCases)
  func aRecordCarriesItsAssetsHashAndTheBytesComeByKey(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    try world.save([world.record("r1", fields: ["photo": asset(photo), "n": .int64(1)])])
    let fetched = try world.alice.privateDatabase.record(for: world.id("r1"))
    let kept = try #require(fetched["photo"]?.asset)
    #expect(kept.bytes == nil)
    #expect(kept == CloudAsset(sha256: CloudAsset(bytes: photo).sha256, byteCount: photo.count))
    let changes = try world.alice.privateDatabase.zoneChanges(in: world.zone, since: nil)
    #expect(changes.changed.map { $0.fields.values.compactMap(\.assetBytes) } == [[]])
    let other = AssetKey(record: world.id("r1"), field: "photo", sha256: String(repeating: "0", count: 64))
    expectNoDifference(
      [key(world, "r1", photo): photo],
      try world.alice.privateDatabase.assetContents(for: [key(world, "r1", photo), other]))
    #expect(try world.server.assetBytesKept(by: "alice") == photo.count)
  }

  @Test(arguments: CloudBacking.allCases)
  func anAssetWithoutItsBytesKeepsTheContentTheServerHolds(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    var copy = try world.save([world.record("r1", fields: ["photo": asset(photo), "n": .int64(1)])])[0]
    copy["photo"] = .asset(CloudAsset(bytes: photo).withoutBytes)
    copy["n"] = .int64(2)
    copy = try world.save([copy])[0]
    #expect(
      try world.alice.privateDatabase.assetContents(for: [key(world, "r1", photo)]) == [
        key(world, "r1", photo): photo
      ])
    // Without the bytes, other content than the server holds is refused.
    let before = try world.server.dump()
    copy["photo"] = .asset(CloudAsset(bytes: [1, 2, 3]).withoutBytes)
    let fresh = world.record("r2", fields: ["photo": .asset(CloudAsset(bytes: photo).withoutBytes)])
    let result = try world.alice.privateDatabase.modifyRecords(saving: [copy, fresh], atomically: false)
    expectNoDifference(
      [
        copy.id: CloudRefusal.assetNotUploaded(copy.id, field: "photo").error,
        fresh.id: CloudRefusal.assetNotUploaded(fresh.id, field: "photo").error,
      ], result.failures)
    expectNoDifference(before, try world.server.dump())
  }

  @Test(arguments: CloudBacking.allCases)
  func bytesThatAreNotTheAssetOrTooManyAreRefused(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    let before = try world.server.dump()
    var forged = CloudAsset(sha256: CloudAsset(bytes: photo).sha256, byteCount: photo.count)
    forged.bytes = Array("other bytes, same len".utf8.prefix(photo.count))
    let large = [UInt8](repeating: 7, count: CloudAsset.maximumByteCount + 1)
    let result = try world.alice.privateDatabase.modifyRecords(
      saving: [
        world.record("forged", fields: ["photo": .asset(forged)]),
        world.record("large", fields: ["photo": asset(large)]),
      ], atomically: false)
    expectNoDifference(
      [
        world.id("forged"): CloudRefusal.assetMismatch(world.id("forged"), field: "photo").error,
        world.id("large"): CloudRefusal.assetTooLarge(
          world.id("large"), field: "photo", byteCount: large.count
        ).error,
      ], result.failures)
    expectNoDifference(before, try world.server.dump())
    // Exactly the limit is kept.
    let limit = [UInt8](repeating: 7, count: CloudAsset.maximumByteCount)
    try world.save([world.record("limit", fields: ["photo": asset(limit)])])
    #expect(try world.server.assetBytesKept(by: "alice") == limit.count)
  }

  @Test(arguments: CloudBacking.allCases)
  func assetsCountTowardTheZoneOwnersQuotaWhoeverSavesThem(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    try world.server.setAssetQuota(20)
    try world.share(
      "root", with: [ShareParticipant(userName: "bob", permission: .readWrite)], accepting: [world.bob])
    let twelve = [UInt8](repeating: 1, count: 12)
    try world.save([world.record("a", parent: "root", fields: ["photo": asset(twelve)])])
    // bob's save into alice's zone would take alice past 20 bytes.
    let before = try world.server.dump()
    let bobs = world.record("b", parent: "root", fields: ["photo": asset(twelve)])
    let refused = try world.bob.sharedDatabase.modifyRecords(saving: [bobs])
    expectNoDifference([bobs.id: CloudError.quotaExceeded], refused.failures)
    expectNoDifference(before, try world.server.dump())
    // Replacing 12 bytes by 20 fits; removing an asset always does.
    var a = try world.alice.privateDatabase.record(for: world.id("a"))
    a["photo"] = asset([UInt8](repeating: 2, count: 20))
    a = try world.save([a])[0]
    #expect(try world.server.assetBytesKept(by: "alice") == 20)
    a["photo"] = nil
    try world.save([a])
    #expect(try world.server.assetBytesKept(by: "alice") == 0)
    try world.save([bobs], in: world.bob.sharedDatabase)
    #expect(try world.server.assetBytesKept(by: "alice") == 12)
    #expect(try world.server.assetBytesKept(by: "bob") == 0)
  }

  @Test(arguments: CloudBacking.allCases)
  func anAssetGoesWithItsRecordAndItsZone(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    try world.save([
      world.record("r1", fields: ["photo": asset(photo)]), world.record("r2", fields: ["photo": asset([9])]),
    ])
    _ = try world.alice.privateDatabase.modifyRecords(deleting: [world.id("r1")])
    #expect(try world.alice.privateDatabase.assetContents(for: [key(world, "r1", photo)]) == [:])
    #expect(try world.server.assetBytesKept(by: "alice") == 1)
    _ = try world.alice.privateDatabase.modifyRecordZones(deleting: [world.zone])
    #expect(try world.server.assetBytesKept(by: "alice") == 0)
  }

  @Test(arguments: CloudBacking.allCases)
  func onlyThoseWhoReadTheRecordGetItsBytes(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    try world.save([
      world.record("root", fields: ["photo": asset(photo)]),
      world.record("private-note", fields: ["photo": asset(photo)]),
    ])
    try world.share(
      "root", with: [ShareParticipant(userName: "bob", permission: .readOnly)], accepting: [world.bob])
    let shared = key(world, "root", photo)
    let unshared = key(world, "private-note", photo)
    for database in [world.bob.sharedDatabase, world.bob.privateDatabase, world.carol.sharedDatabase] {
      let expected: [AssetKey: [UInt8]] =
        database.scope == .shared && database.userName == "bob" ? [shared: photo] : [:]
      expectNoDifference(
        expected, try database.assetContents(for: [shared, unshared]),
        "\(database.userName) \(database.scope)")
    }
  }
}

extension CloudValue {
  var asset: CloudAsset? {
    if case .asset(let asset) = self { asset } else { nil }
  }

  /// An asset's bytes, when this value is an asset carrying them.
  var assetBytes: [UInt8]? { asset?.bytes }
}
