import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// A participant of a shared game with a modified program (or an older
/// one that took any name) saves records the commands would refuse
/// straight to the cloud (issue 44). The owner's device keeps them out
/// and says so in the commands' words; a good copy later is taken; the
/// owner's own change replaces the bad one on the cloud. On both clouds:
/// the live server takes any field values, as CloudKit does.
@Suite final class KeptOutRecordTests {
  private(set) var world: SyncScenario!
  private(set) var alice: TestDevice!
  private(set) var bob: TestDevice!
  private(set) var game = ""
  private(set) var zone = ZoneID(name: "", ownerName: "")

  static let escapes = "\u{1B}]0;owned\u{07}\u{1B}[2J"

  func id(_ device: UInt64, _ n: UInt64) -> String { UUIDGenerator.format(device << 32 + n) }

  /// Alice's "Poker" with Ann, shared read-write with Bob, who joined.
  func start(_ backing: CloudBacking) throws {
    world = try SyncScenario(devices: 1, backing: backing)
    alice = world[0]
    bob = try TestDevice(2, user: "bob", cloud: world.cloud, clock: world.clock)
    game = try alice.store.addGame(title: "Poker").id
    _ = try alice.store.addPlayer(to: "Poker", name: "Ann", score: 3)
    let share = try alice.engine().share(gameID: game, permission: nil)
    _ = try bob.engine().accept(link: share.link)
    zone = ZoneID(name: "game-\(game)", ownerName: "alice")
  }

  /// Saves `records` as Bob's modified program would: straight to the
  /// shared database, no check of its own.
  func saveAsBob(_ records: [CloudRecord]) throws {
    let result = try world.cloud.container("bob").sharedDatabase.modifyRecords(saving: records)
    for record in records { _ = try result.saveResults[record.id]!.get() }
  }

  func record(_ name: String) throws -> CloudRecord {
    try world.cloud.container("bob").sharedDatabase.record(for: RecordID(name: name, zoneID: zone))
  }

  /// A new player under the game, named `name`, and a score change of 5 for them.
  func playerWithPoints(_ playerID: String, named name: String) -> [CloudRecord] {
    let gameRecord = RecordID(name: "\(game):games", zoneID: zone)
    var player = CloudRecord(
      id: RecordID(name: "\(playerID):players", zoneID: zone), type: "players", parent: gameRecord)
    let later = Timestamp(millisecondsSince1970: testNow.millisecondsSince1970 + 60_000)
    player.fields = ["name": .string(name), "name.modifiedAt": .date(later), "team.modifiedAt": .date(later)]
    var points = CloudRecord(
      id: RecordID(name: "\(playerID.dropLast(4))beef:scoreEvents", zoneID: zone), type: "scoreEvents",
      parent: player.id)
    points.fields = [
      "delta": .int64(5), "time": .date(later), "device": .string("d0000000-0000-0000-0000-000000000002"),
    ]
    return [player, points]
  }

  @Test(
    "names with terminal escapes or invisible characters are kept out, in the commands' words",
    arguments: CloudBacking.backends)
  func hostileNames(backing: CloudBacking) throws {
    try start(backing)
    let before = try alice.contents()
    var ann = try record("\(id(1, 2)):players")
    ann.fields["name"] = .string(Self.escapes)
    ann.fields["name.modifiedAt"] = .date(Timestamp(millisecondsSince1970: testNow.millisecondsSince1970 + 1))
    let evil = id(2, 100)
    try saveAsBob([ann] + playerWithPoints(evil, named: "Eve\u{202E}"))

    let report = try alice.sync()
    expectNoDifference(
      Set(report.keptOut),
      [
        KeptOutRecord(
          table: "players", owner: "",
          problem:
            #"A player name can't contain control or invisible formatting characters; "\u{1B}]0;owned\u{7}\u{1B}[2J" has U+001B at character 1."#
        ),
        KeptOutRecord(
          table: "players", owner: "",
          problem:
            #"A player name can't contain control or invisible formatting characters; "Eve\u{202E}" has U+202E at character 4."#
        ),
      ])
    // Nothing of them here: Ann as she was; the new player and the points
    // under it wait for a good copy.
    expectNoDifference(try alice.contents(), before)
    expectNoDifference(
      try alice.unsynced(),
      ["\(id(1, 2)):players parked", "\(evil):players parked", "\(evil.dropLast(4))beef:scoreEvents parked"])

    // A good copy is taken, with what waited under it.
    var eve = try record("\(evil):players")
    eve.fields["name"] = .string("Eve")
    try saveAsBob([eve])
    #expect(try alice.sync().keptOut == [])
    #expect(try alice.store.players(of: "Poker").map { "\($0.name) \($0.score)" } == ["Eve 5", "Ann 3"])

    // Alice renames Ann here: her name goes, and replaces the bad one on the cloud.
    _ = try alice.store.renamePlayer(in: "Poker", "Ann", to: "Anna")
    #expect(try alice.sync().keptOut == [])
    #expect(try record("\(id(1, 2)):players").fields["name"] == .string("Anna"))
    #expect(try alice.unsynced() == [])
    try bob.sync()
    expectNoDifference(try bob.contents(), try alice.contents())
  }

  @Test(
    "an untypable id, a device with escapes, a missing title: each kept out, the sync goes on",
    arguments: CloudBacking.backends)
  func otherValues(backing: CloudBacking) throws {
    try start(backing)
    let before = try alice.contents()
    var points = playerWithPoints(id(2, 100), named: "Eve")
    points[1].fields["device"] = .string("\u{1B}[2J")
    var untypable = playerWithPoints("player_1.x", named: "Cy")[0]
    untypable.fields["team"] = .string("Owls")
    var root = try record("\(game):games")
    root.fields["title"] = nil
    try saveAsBob(points + [untypable, root])
    let report = try alice.sync()
    expectNoDifference(
      Set(report.keptOut),
      [
        KeptOutRecord(
          table: "scoreEvents", owner: "",
          problem: #""\u{1B}[2J" is not a device (1 to 64 letters, digits, '-', '_' or '.')."#),
        KeptOutRecord(
          table: "players", owner: "",
          problem:
            #""player_1.x" is not an id (hex digits and dashes, at least 4 digits, as scorekeeper makes them)."#
        ),
        KeptOutRecord(
          table: "games", owner: "",
          problem: "the database refuses it: NOT NULL constraint failed: games.title"),
      ])
    // Eve came (her record is good); her points did not.
    expectNoDifference(
      try alice.contents(),
      (before + ["player \(id(2, 100)) in \(game) 'Eve' score 0"]).sorted())
  }
}
