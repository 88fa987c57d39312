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
    let world = try PairDevices(pair)
    let admin = { try PGConnection(pair.connectionString(.primary, user: TestPostgres.admin)) }
    let recordCount = { try admin().query("SELECT count(*) FROM scorekeeper.records").scalar }
    try pair.backUpPrimary(as: "nightly")
    let backedUp = try recordCount()
    // After the backup, acknowledged.
    try world.changeWhatWillBeLost()
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
    try world.expectRepairs(in: [0, 1, 2])
  }
}
