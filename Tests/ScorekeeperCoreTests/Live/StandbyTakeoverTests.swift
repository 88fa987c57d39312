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
    try pair.ensureUser("alice")
    let clock = ManualClock()
    // (The devices' own cloud is never used: each syncs through the pair.)
    let unused = try TestCloud(.memory, clock: clock.clock)
    let devices = try (1...3).map { try TestDevice(UInt64($0), cloud: unused, clock: clock) }
    func sync(_ device: TestDevice) throws -> SyncReport {
      try device.sync(
        through: LiveCloud(connectionString: pair.primaryConnectionString(user: "alice")).container())
    }
    _ = try devices[0].store.addGame(title: "Poker")
    for name in ["Ann", "Bob"] { _ = try devices[0].store.addPlayer(to: "Poker", name: name) }
    for device in devices { _ = try sync(device) }
    try pair.waitForStandby()
    try pair.holdStandbyBehind()
    // Acknowledged by the primary alone: device 1's score, and a new game
    // device 2 fetched; device 3 scores meanwhile without syncing.
    _ = try devices[0].store.score(in: "Poker", "Ann", .add(5))
    _ = try devices[0].store.addGame(title: "Chess")
    #expect(try sync(devices[0]).sent == 2)
    #expect(try sync(devices[1]).received == 2)
    _ = try devices[2].store.score(in: "Poker", "Bob", .add(3))
    try pair.crashPrimary()
    try pair.promoteStandby()
    // Device 2 meets the new primary first: its tokens are from the
    // server's future; it says so and sends again what it holds (the
    // two players' records and the game and the score the server lost).
    let repair = try sync(devices[1])
    #expect(repair.historyWentBack && repair.problem == nil)
    // The others' tokens are not from the future, but of the old timeline:
    // each repairs as well (device 3 sends its score, held back till now).
    for device in [devices[0], devices[2]] {
      let report = try sync(device)
      #expect(report.historyWentBack && report.problem == nil, "\(device.name)")
    }
    for _ in 0..<2 { for device in devices { #expect(try sync(device).historyWentBack == false) } }
    let contents = try devices[0].contents()
    for device in devices {
      expectNoDifference(contents, try device.contents())
      #expect(try device.unsynced() == [], "\(device.name)")
    }
    #expect(try devices[2].store.games().map(\.game.title).sorted() == ["Chess", "Poker"])
    #expect(
      try devices[2].store.database.fetchAll("SELECT delta FROM scoreEvents ORDER BY delta") {
        try $0.int64(0)
      }
        == [3, 5])
  }
}
