import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// A streaming standby that takes over (issue 50), on real servers the
/// test starts (`TestStandbyPair`): what clients see when the primary
/// dies and the standby is promoted.
@Suite(.tags(.postgres), .runAsTagged(hardTimeLimit: 120)) struct StandbyTakeoverTests {
  let zone = ZoneID(name: "games", ownerName: "alice")

  func record(_ name: String) -> CloudRecord {
    CloudRecord(id: RecordID(name: name, zoneID: zone), type: "items", fields: [:])
  }

  @Test(
    "a standby held behind and promoted after the primary crashed: the same string finds it; what it never got is gone"
  )
  func heldBehind() throws {
    let pair = try TestStandbyPair()
    try pair.ensureUser("alice")
    let database = LiveCloud(connectionString: pair.primaryConnectionString(user: "alice")).container()
      .privateDatabase
    _ = try database.modifyRecordZones(saving: [zone])
    _ = try database.modifyRecords(saving: [record("r1")])
    try pair.waitForStandby()
    try pair.holdStandbyBehind()
    // Acknowledged by the primary alone.
    #expect(try database.modifyRecords(saving: [record("r2")]).saveResults.values.map(\.failure) == [nil])
    let token = try database.zoneChanges(in: zone, since: nil).token
    try pair.crashPrimary()
    try pair.promoteStandby()
    // The call that meets the dead connection fails; the next finds the
    // new primary through the same multi-host string.
    _ = try? database.zoneChanges(in: zone, since: nil)
    #expect(try database.zoneChanges(in: zone, since: nil).changed.map(\.id.name) == ["r1"])
    // Its history went back: a token from after r2 is from its future.
    #expect(throws: CloudError.historyWentBack) { try database.zoneChanges(in: zone, since: token) }
    // A promotion starts a new WAL timeline.
    let admin = try PGConnection(pair.connectionString(.standby, user: TestPostgres.admin))
    #expect(
      try admin.query("SELECT substr(pg_walfile_name(pg_current_wal_lsn()), 1, 8)").scalar == "00000002")
  }

  @Test("with synchronous replication nothing acknowledged is lost; while the standby is away, writes wait")
  func synchronous() throws {
    let pair = try TestStandbyPair(synchronous: true)
    try pair.ensureUser("alice")
    let database = LiveCloud(connectionString: pair.primaryConnectionString(user: "alice"), timeLimit: 2)
      .container().privateDatabase
    _ = try database.modifyRecordZones(saving: [zone])
    _ = try database.modifyRecords(saving: [record("r1")])
    // Acknowledged, then the primary dies at once: the standby has it.
    try pair.crashPrimary()
    try pair.promoteStandby()
    _ = try? database.zoneChanges(in: zone, since: nil)
    #expect(try database.zoneChanges(in: zone, since: nil).changed.map(\.id.name) == ["r1"])

    // The trade: with the standby away, a write is not acknowledged at
    // all; the client gives up at its time limit, its change kept to send
    // again.
    let waiting = try TestStandbyPair(synchronous: true)
    try waiting.ensureUser("alice")
    let stalled = LiveCloud(connectionString: waiting.primaryConnectionString(user: "alice"), timeLimit: 1)
      .container().privateDatabase
    _ = try stalled.modifyRecordZones(saving: [zone])
    try waiting.holdStandbyBehind()
    #expect(
      throws: CloudError.unreachable(
        "no answer from the server on the socket in \(waiting.directory)/primary, port 5432 within 1 s "
          + "(waiting for the answer to a statement)")
    ) { try stalled.modifyRecords(saving: [record("r2")]) }
  }

  @Test(
    "devices repair a promoted standby that was behind: what only the old primary had is sent again; all converge"
  )
  func devicesRepair() throws {
    let pair = try TestStandbyPair()
    let world = try PairDevices(pair)
    try pair.waitForStandby()
    try pair.holdStandbyBehind()
    // Acknowledged by the primary alone.
    try world.changeWhatWillBeLost()
    try pair.crashPrimary()
    try pair.promoteStandby()
    // Device 2 meets the new primary first: its tokens are from the
    // server's future; it says so and sends again what it holds (the
    // two players' records and the game and the score the server lost).
    // The others' tokens are not from the future, but of the old timeline:
    // each repairs as well (device 3 sends its score, held back till now).
    try world.expectRepairs(in: [1, 0, 2])
  }
}
