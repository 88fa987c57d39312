@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

/// Who created a record is the server's word (issue 49): the caller when
/// the record is first saved, kept by every later save, whoever makes it,
/// and never taken from the client. Both backings.
@Suite struct CreatorConformanceTests {
  static let carolReadWrite = [ShareParticipant(userName: "carol", permission: .readWrite)]

  @Test(
    "a record's creator is whoever first saved it, in every copy the server gives",
    arguments: CloudBacking.allCases)
  func theFirstSaverIsTheCreator(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    try world.share("root", with: Self.carolReadWrite, accepting: [world.carol])
    let carols = try world.save(
      [world.record("carols", parent: "root", fields: ["n": .int64(1)])], in: world.carol.sharedDatabase)[0]
    #expect(carols.creatorUserName == "carol")
    // alice's edit of carol's record keeps carol; carol's of alice's keeps alice.
    var edit = try world.alice.privateDatabase.record(for: carols.id)
    #expect(edit.creatorUserName == "carol")
    edit["n"] = .int64(2)
    #expect(try world.save([edit])[0].creatorUserName == "carol")
    var root = try world.carol.sharedDatabase.record(for: world.id("root"))
    #expect(root.creatorUserName == "alice")
    root["title"] = .string("Club")
    #expect(try world.save([root], in: world.carol.sharedDatabase)[0].creatorUserName == "alice")
    // The change feed carries it too.
    let changes = try world.alice.privateDatabase.zoneChanges(in: world.zone, since: nil)
    expectNoDifference(
      ["carols carol", "root alice", "share-root alice"],
      changes.changed.map { "\($0.id.name) \($0.creatorUserName ?? "-")" }.sorted())
  }

  @Test(
    "a creator a client puts on a record it saves is not taken: the server names the caller",
    arguments: CloudBacking.allCases)
  func aSentCreatorIsIgnored(backing: CloudBacking) throws {
    let world = try CloudWorld(backing)
    try world.share("root", with: Self.carolReadWrite, accepting: [world.carol])
    var forged = world.record("forged", parent: "root")
    forged.creatorUserName = "alice"
    #expect(try world.save([forged], in: world.carol.sharedDatabase)[0].creatorUserName == "carol")
    #expect(try world.alice.privateDatabase.record(for: forged.id).creatorUserName == "carol")
  }
}
