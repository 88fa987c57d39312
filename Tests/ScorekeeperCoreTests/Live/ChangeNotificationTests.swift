import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore
@testable import ScorekeeperPostgreSQL

/// The live server's notifications (issue 34, R__10_notifications.sql):
/// a change to a zone notifies, on their secret channels, its owner and
/// those who accepted a share in it, and nobody else; a notification
/// carries nothing. `OutsideSecurityTests` listens as a stranger would.
@Suite(.tags(.postgres), .runAsTagged(hardTimeLimit: 120)) struct ChangeNotificationTests {
  let world: CloudWorld
  let server: TestCloud

  init() throws {
    world = try CloudWorld(.postgres)
    server = world.server
    try world.save([world.record("root"), world.record("private-note")])
    try world.share(
      "root", with: [ShareParticipant(userName: "bob", permission: .readWrite)], accepting: [world.bob])
    _ = world.carol  // a user of the server with no share of alice's
  }

  /// A connection of `user`'s listening on their channel, as a client
  /// other than ours would (`LiveCloud.changeSignal` does the same).
  func listener(_ user: String) throws -> (connection: PGConnection, channel: String) {
    let connection = try PGConnection(try server.connectionString(for: user))
    let answer = try connection.query("SELECT scorekeeper.my_channel()").firstRow?.optionalText(0)
    let channel = try #require(try JSON.parse(answer ?? "null").stringValue)
    _ = try connection.query("LISTEN \"\(channel)\"")
    return (connection, channel)
  }

  /// The notifications `connection` has received, once a round trip has
  /// made sure any sent to it by now has arrived.
  func received(_ connection: PGConnection) throws -> [PGNotification] {
    _ = try connection.query("SELECT 1")
    return try connection.takeNotifications()
  }

  @Test("a change notifies the owner and the share's participant, each once, with no payload; not carol")
  func readersNotified() throws {
    let (alice, bob, carol) = (try listener("alice"), try listener("bob"), try listener("carol"))
    #expect(Set([alice.channel, bob.channel, carol.channel]).count == 3)
    // Asking again gives the same channel.
    #expect(try listener("alice").channel == alice.channel)
    // One call changing several records: one notification each (NOTIFY
    // folds a transaction's repeats).
    try world.save([world.record("child", parent: "root"), world.record("other", parent: "root")])
    #expect(try received(alice.connection) == [PGNotification(channel: alice.channel, payload: "")])
    #expect(try received(bob.connection) == [PGNotification(channel: bob.channel, payload: "")])
    #expect(try received(carol.connection) == [])
    // bob's change in alice's zone, through his shared database: both again.
    try world.save([world.record("bobs", parent: "root")], in: world.bob.sharedDatabase)
    #expect(try received(alice.connection) == [PGNotification(channel: alice.channel, payload: "")])
    #expect(try received(bob.connection) == [PGNotification(channel: bob.channel, payload: "")])
    // A zone of carol's own: only her.
    let carolZone = ZoneID(name: "games", ownerName: "carol")
    _ = try world.carol.privateDatabase.modifyRecordZones(saving: [carolZone])
    #expect(try received(carol.connection) == [PGNotification(channel: carol.channel, payload: "")])
    #expect(try received(alice.connection) == [])
    #expect(try received(bob.connection) == [])
  }

  @Test("losing access notifies the one who lost it: alice stops sharing, bob hears of it")
  func accessChange() throws {
    let bob = try listener("bob")
    _ = try world.alice.privateDatabase.modifyRecords(deleting: [world.id("share-root")])
    #expect(try received(bob.connection) == [PGNotification(channel: bob.channel, payload: "")])
  }

  @Test("LiveCloud's change signal: a change by another user in a shared zone wakes it, and only then")
  func signal() throws {
    let signal = try server.liveCloud(for: "alice").changeSignal()
    #expect(try signal.takeChange() == false)
    try world.save([world.record("bobs", parent: "root")], in: world.bob.sharedDatabase)
    #expect(try signal.wait(until: .after(30)) == true)
    #expect(try signal.takeChange() == false)
  }

  /// alice's sessions on the server, as its administrator sees them.
  func aliceSessions(_ admin: PGConnection) throws -> [String] {
    try admin.query(
      "SELECT application_name FROM pg_stat_activity WHERE usename = 'alice' AND datname = current_database()"
    ).rows.map { $0[0] ?? "" }
  }

  @Test("the signal listens on the cloud's own connection: a follower holds one server connection")
  func oneConnection() throws {
    let admin = try PGConnection(server.adminLocation)
    let cloud = try server.liveCloud(for: "alice")
    let signal = try cloud.changeSignal()
    _ = try world.alice.privateDatabase.records(for: [world.id("root")])
    #expect(try aliceSessions(admin) == ["scorekeeper"])
    try world.save([world.record("bobs", parent: "root")], in: world.bob.sharedDatabase)
    #expect(try signal.wait(until: .after(30)) == true)
  }

  @Test("a connection made again after one was lost listens again; the first look after says changed")
  func listensAgain() throws {
    let admin = try PGConnection(server.adminLocation)
    let cloud = try server.liveCloud(for: "alice")
    let signal = try cloud.changeSignal()
    try admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'alice' AND datname = current_database()"
    )
    // The call that meets the closed connection fails; the next connects
    // again (and listens as it does).
    let zone = [world.id("root")]
    let firstTry = Result { try world.alice.privateDatabase.records(for: zone) }
    if case .failure = firstTry { _ = try world.alice.privateDatabase.records(for: zone) }
    #expect(try signal.takeChange() == true)
    #expect(try signal.takeChange() == false)
    try world.save([world.record("bobs", parent: "root")], in: world.bob.sharedDatabase)
    #expect(try signal.wait(until: .after(30)) == true)
    #expect(try aliceSessions(admin) == ["scorekeeper"])
  }

  @Test("through a pooler in transaction mode, where a LISTEN is lost, the signal polls every 5 s instead")
  func pooled() throws {
    let pooled = try TestCloud(.pooled)
    let signal = try pooled.liveCloud(for: "alice").changeSignal()
    #expect((signal as? PollingSignal)?.interval == 5)
    #expect(signal.descriptor == -1)
    #expect(try signal.takeChange() == false)
  }
}
