import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// A server put back from an older physical backup (issue 50), on a real
/// server the test starts: the administrator restores a `pg_basebackup`
/// and runs `server install --after-restore` before the devices come
/// back, as Docs/deployment.md says; every device then repairs.
@Suite(.tags(.postgres), .runAsTagged(hardTimeLimit: 120)) struct RestoredServerTests {
  @Test(
    "a server restored from an older base backup and marked: every device repairs; nothing any device held is lost"
  )
  func restoredFromBaseBackup() throws {
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
    let admin = { try PGConnection(pair.connectionString(.primary, user: TestPostgres.admin)) }
    let recordCount = { try admin().query("SELECT count(*) FROM scorekeeper.records").scalar }
    try pair.backUpPrimary(as: "nightly")
    let backedUp = try recordCount()
    // After the backup, acknowledged: device 1's score and a new game,
    // which device 2 fetched; device 3 scores without syncing.
    _ = try devices[0].store.score(in: "Poker", "Ann", .add(5))
    _ = try devices[0].store.addGame(title: "Chess")
    #expect(try sync(devices[0]).sent == 2)
    #expect(try sync(devices[1]).received == 2)
    _ = try devices[2].store.score(in: "Poker", "Bob", .add(3))

    let acknowledged = try recordCount()
    try pair.restorePrimary(from: "nightly")
    // The game, its two players; then Chess and Ann's score; then back.
    #expect(try [backedUp, acknowledged, recordCount()] == ["3", "5", "3"])
    // A physical restore keeps the server's timeline: only the
    // administrator's step tells the devices.
    #expect(
      try admin().query("SELECT substr(pg_walfile_name(pg_current_wal_lsn()), 1, 8)").scalar == "00000001")
    #expect(try ServerInstaller(connection: admin()).install(afterRestore: true) == .init(from: 8, to: 8))

    // Every device repairs, device 3 too, whose tokens are not from the
    // restored server's future.
    for device in devices {
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
