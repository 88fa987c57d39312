import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// Photos travel with their player to the user's other devices and to
/// the people a game is shared with, on each backend, byte for byte.
@Suite struct PhotoSyncTests {
  func id(_ device: UInt64, _ n: UInt64) -> String { UUIDGenerator.format(device << 32 + n) }

  static let first = TestImages.jpeg(width: 640, height: 480)
  static let second = TestImages.png(width: 640, height: 480)  // the same size: merged whole, never mixed

  /// Two devices of one user with a game whose player Ann both have.
  func world(_ backing: CloudBacking) throws -> SyncScenario {
    let world = try SyncScenario(backing: backing)
    _ = try world[0].store.addGame(title: "Poker")
    _ = try world[0].store.addPlayer(to: "Poker", name: "Ann")
    try world[0].sync()
    try world[1].sync()
    return world
  }

  /// Bob, who joined Poker read-write (on a device of his own).
  func readWriteParticipant(in world: SyncScenario) throws -> TestDevice {
    let bob = try TestDevice(3, user: "bob", cloud: world.cloud, clock: world.clock)
    let share = try world[0].engine().share(gameID: id(1, 1), permission: .readWrite)
    _ = try bob.engine().accept(link: share.link)
    return bob
  }

  func photoLine(_ bytes: [UInt8], type: String, player: String) -> String {
    let begins = bytes.prefix(16).map { String(format: "%02X", $0) }.joined()
    return "photo of \(player) \(type) 640x480 \(bytes.count) bytes sha256 \(sha256Hex(bytes)) "
      + "begins \(begins) length \(bytes.count)"
  }

  @Test(
    "a photo set on one device arrives byte-identical on the other; so do its replacement and its removal",
    arguments: CloudBacking.backends)
  func setReplaceRemove(backing: CloudBacking) throws {
    let world = try world(backing)
    let ann = id(1, 2)
    try world[0].store.photos.set(in: "Poker", "Ann", bytes: Self.first)
    #expect(try world[0].sync().counts == SyncReport.counts(sent: 1))
    #expect(try world[1].sync().counts == SyncReport.counts(received: 1))
    #expect(
      try world.converge().first { $0.hasPrefix("photo") } == photoLine(Self.first, type: "jpeg", player: ann)
    )
    #expect(try world[1].store.photos.withBytes(in: "Poker", "Ann").bytes == Self.first)

    try world[1].store.photos.set(in: "Poker", "Ann", bytes: Self.second)
    #expect(
      try world.converge().first { $0.hasPrefix("photo") } == photoLine(Self.second, type: "png", player: ann)
    )
    #expect(try world[0].store.photos.withBytes(in: "Poker", "Ann").bytes == Self.second)

    _ = try world[0].store.photos.remove(in: "Poker", "Ann")
    #expect(try world.converge().first { $0.hasPrefix("photo") } == "photo of \(ann) removed")
  }

  @Test(
    "a photo's bytes travel once each way: uploaded when set, fetched by the other device; never for what did not change",
    arguments: CloudBacking.backends)
  func bytesTravelOnlyWhenChanged(backing: CloudBacking) throws {
    let world = try world(backing)
    let traffic = (0..<2).map { InterceptingContainer(world[$0].cloud.container(world[$0].user)) }
    func syncBoth() throws {
      for _ in 0..<2 {
        for device in 0..<2 { try world[device].sync(through: traffic[device]) }
      }
    }
    let record = id(1, 2) + ":playerPhotos"
    try world[0].store.photos.set(in: "Poker", "Ann", bytes: Self.first)
    try syncBoth()
    // A rename of the player, and the same photo set again, move no photo.
    _ = try world[1].store.renamePlayer(in: "Poker", "Ann", to: "Annie")
    try world[1].store.photos.set(in: "Poker", "Annie", bytes: Self.first)
    try syncBoth()
    try world[1].store.photos.set(in: "Poker", "Annie", bytes: Self.second)
    try syncBoth()
    expectNoDifference(["\(record) \(Self.first.count)"], traffic[0].uploaded)
    expectNoDifference(["\(record) \(Self.second.count)"], traffic[0].fetched)
    expectNoDifference(["\(record) \(Self.second.count)"], traffic[1].uploaded)
    expectNoDifference(["\(record) \(Self.first.count)"], traffic[1].fetched)
    #expect(
      try world.converge().first { $0.hasPrefix("photo") }
        == photoLine(Self.second, type: "png", player: id(1, 2)))
  }

  @Test(
    "two devices giving a player the same photo at once: the second uploads it once, fetches nothing, and sends its later time without the bytes",
    arguments: CloudBacking.backends)
  func samePhotoAtOnce(backing: CloudBacking) throws {
    let world = try world(backing)
    let traffic = InterceptingContainer(world[1].cloud.container(world[1].user))
    try world[0].store.photos.set(in: "Poker", "Ann", bytes: Self.first)
    world.clock.advance()
    try world[1].store.photos.set(in: "Poker", "Ann", bytes: Self.first)
    try world[0].sync()
    #expect(try world[1].sync(through: traffic).counts == SyncReport.counts(sent: 1, merged: 1))
    let record = id(1, 2) + ":playerPhotos"
    // The first save met the server's copy (a new record it has); the
    // merge kept this device's later time, sent again without the bytes.
    expectNoDifference(["\(record) \(Self.first.count)"], traffic.uploaded)
    expectNoDifference([], traffic.fetched)
    #expect(
      try world.converge().first { $0.hasPrefix("photo") }
        == photoLine(Self.first, type: "jpeg", player: id(1, 2)))
  }

  @Test(
    "a removal on one device against a new photo on another: the later change wins on every device, whichever syncs first",
    arguments: CloudBacking.backends, [false, true])
  func removalAgainstNewPhoto(backing: CloudBacking, removalIsLater: Bool) throws {
    let world = try world(backing)
    try world[0].store.photos.set(in: "Poker", "Ann", bytes: Self.first)
    try world.converge()
    let (remover, setter) = (world[0], world[1])
    func remove() throws { _ = try remover.store.photos.remove(in: "Poker", "Ann") }
    func set() throws { try setter.store.photos.set(in: "Poker", "Ann", bytes: Self.second) }
    if removalIsLater {
      try set()
      world.clock.advance()
      try remove()
    } else {
      try remove()
      world.clock.advance()
      try set()
    }
    try remover.sync()
    #expect(try setter.sync().merged == 1)
    let expected =
      removalIsLater ? "photo of \(id(1, 2)) removed" : photoLine(Self.second, type: "png", player: id(1, 2))
    #expect(try world.converge().first { $0.hasPrefix("photo") } == expected)
  }

  @Test(
    "two devices give one player a photo at once: one record, merged, and the later photo wins whole",
    arguments: CloudBacking.backends, [false, true])
  func concurrentPhotos(backing: CloudBacking, laterSyncsFirst: Bool) throws {
    let world = try world(backing)
    try world[1].store.photos.set(in: "Poker", "Ann", bytes: Self.first)
    world.clock.advance()
    try world[0].store.photos.set(in: "Poker", "Ann", bytes: Self.second)
    let (earlier, later) = (world[1], world[0])
    let sent = try (laterSyncsFirst ? later : earlier).sync()
    #expect(sent.counts == SyncReport.counts(sent: 1), "\(sent.counts)")
    let report = try (laterSyncsFirst ? earlier : later).sync()
    // The later photo, arriving second, is sent again over the earlier.
    let expected = laterSyncsFirst ? SyncReport.counts(merged: 1) : SyncReport.counts(sent: 1, merged: 1)
    #expect(report.counts == expected, "\(report.counts)")
    #expect(
      try world.converge().first { $0.hasPrefix("photo") }
        == photoLine(Self.second, type: "png", player: id(1, 2)))
  }

  @Test(
    "removing a player removes its photo on every device and on the cloud", arguments: CloudBacking.backends)
  func removedWithPlayer(backing: CloudBacking) throws {
    let world = try world(backing)
    try world[0].store.photos.set(in: "Poker", "Ann", bytes: Self.first)
    try world.converge()
    _ = try world[1].store.removePlayer(from: "Poker", "Ann")
    #expect(try world.converge() == ["game \(id(1, 1)) 'Poker'"])
    let zone = ZoneID(name: "game-\(id(1, 1))", ownerName: "alice")
    let changes = try world.cloud.container("alice").privateDatabase.zoneChanges(in: zone, since: nil)
    #expect(changes.changed.map(\.id.name) == ["\(id(1, 1)):games"])
  }

  @Test(
    "a participant gets the owner's photos, and a read-write participant's photo reaches the owner",
    arguments: CloudBacking.backends)
  func shared(backing: CloudBacking) throws {
    let world = try world(backing)
    try world[0].store.photos.set(in: "Poker", "Ann", bytes: Self.first)
    try world[0].sync()
    let bob = try readWriteParticipant(in: world)
    #expect(try bob.store.photos.withBytes(in: "Poker", "Ann").bytes == Self.first)
    try bob.store.photos.set(in: "Poker", "Ann", bytes: Self.second)
    try bob.sync()
    try world.converge()
    #expect(try world[1].store.photos.withBytes(in: "Poker", "Ann").bytes == Self.second)
    #expect(try bob.photoBytes() == world[0].photoBytes())
  }

  @Test(
    "a photo past its game owner's quota stays here, the sync says whose storage is full, and it goes once there is room",
    arguments: CloudBacking.backends)
  func overQuota(backing: CloudBacking) throws {
    let world = try world(backing)
    let bob = try readWriteParticipant(in: world)
    _ = try bob.store.addGame(title: "Bob's")
    _ = try bob.store.addPlayer(to: "Bob's", name: "Bo")
    try bob.sync()
    try world.cloud.setAssetQuota(min(Self.first.count, Self.second.count) - 1)
    let before = try world.cloud.dump()

    try world[0].store.photos.set(in: "Poker", "Ann", bytes: Self.first)
    #expect(throws: SyncError.overQuota(owners: ["alice"], user: "alice", refused: 1)) { try world[0].sync() }
    // A participant's photo counts against the owner's storage, not his.
    world.clock.advance()
    try bob.store.photos.set(in: "Poker", "Ann", bytes: Self.second)
    try bob.store.photos.set(in: "Bob's", "Bo", bytes: Self.first)
    let refused = SyncError.overQuota(owners: ["alice", "bob"], user: "bob", refused: 2)
    #expect(throws: refused) { try bob.sync() }
    #expect(
      refused.description
        == "The cloud has no room for 2 changes: a photo counts against its game owner's storage, "
        + "and alice's and yours are full. Remove photos or games to make room; the changes are kept "
        + "here and sent once there is room.")
    #expect(try world.cloud.dump() == before)
    #expect(try world[0].store.photos.withBytes(in: "Poker", "Ann").bytes == Self.first)
    #expect(try bob.store.photos.withBytes(in: "Poker", "Ann").bytes == Self.second)

    try world.cloud.setAssetQuota(1 << 30)
    try bob.sync()
    #expect(
      try world.converge().first { $0.hasPrefix("photo") }
        == photoLine(Self.second, type: "png", player: id(1, 2)))
    #expect(try bob.store.photos.withBytes(in: "Poker", "Ann").bytes == Self.second)
  }
}
