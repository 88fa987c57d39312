import Foundation
@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

/// Every mock cloud version ever shipped has a fixture file made by that
/// version's binary (`Fixtures/mock-clouds/make-fixture.sh`): ann's shared
/// "Hearts" (Ann 5 with a photo where the version had photos, Bob 1 after
/// bob's +4), bob's "Chess", ann's deleted "Gone". Each upgrades through
/// the `Migrator` to exactly a fresh file's structure, and devices that
/// start from it see that story and can add to it.
@Suite(.tags(.process), .runAsTagged) struct FileCloudFixtureTests {
  static let fixtures = FixtureFolder(packageRoot + "/Fixtures/mock-clouds")
  static let versions = Array(1...FileCloudSchema.version)
  /// The first version whose binary could set a photo.
  static let firstWithPhotos = 4
  /// The first version whose binary made ids that carry their time.
  static let firstWithTimedIDs = 6

  @Test(
    "the fixture of each mock cloud version upgrades to a fresh file's structure and ledger",
    arguments: versions)
  func upgradesToTheCurrentStructure(version: Int) throws {
    let scratch = try TemporaryDirectory()
    let copy = scratch.file("cloud.sqlite")
    try Self.fixtures.copy(version, to: copy)
    // From version 6 on, the fixture's binary kept a ledger, with its times.
    let recorded = try Self.recordedTimes(of: copy)
    _ = try FileCloud(path: copy, clock: .constant(testNow))
    _ = try FileCloud(path: scratch.file("fresh.sqlite"), clock: .constant(testNow))

    let upgraded = try Database(path: copy, create: false)
    let fresh = try Database(path: scratch.file("fresh.sqlite"), create: false)
    expectNoDifference(try fresh.structureDump(), try upgraded.structureDump())
    // Versions 1–5 kept no ledger: the fixture's own steps are adopted,
    // with no times to tell; a later fixture's keep the times its binary
    // wrote; the steps applied here have the clock's.
    #expect(
      try upgraded.rows(of: "schemaMigrations", columns: ["version", "identifier", "appliedAt"])
        == FileCloudSchema.history.migrations.map {
          [
            .integer(Int64($0.version)), .text($0.identifier),
            .text(
              $0.version > version
                ? testNow.iso8601 : recorded[$0.version] ?? SchemaHistory.unrecordedAppliedAt),
          ]
        })
    #expect(try upgraded.fetchAll("PRAGMA foreign_key_check") { $0.value(0) } == [])
    #expect(try upgraded.fetchAll("PRAGMA integrity_check") { try $0.text(0) } == ["ok"])
  }

  /// The times a fixture's own ledger gives its steps, by version (none
  /// before version 6: no ledger).
  static func recordedTimes(of path: String) throws -> [Int: String] {
    let file = try Database(path: path, create: false)
    defer { file.close() }
    let hasLedger =
      try file.fetchOne(
        "SELECT count(*) FROM sqlite_schema WHERE name = 'schemaMigrations'"
      ) { try $0.int(0) } == 1
    guard hasLedger else { return [:] }
    return Dictionary(
      uniqueKeysWithValues: try file.fetchAll("SELECT version, appliedAt FROM schemaMigrations") {
        (try $0.int(0), try $0.text(1))
      })
  }

  @Test(
    "new devices see every game, score, share and photo of an upgraded fixture, and add to it",
    arguments: versions)
  func devicesSeeTheStory(version: Int) throws {
    let scratch = try TemporaryDirectory()
    try Self.fixtures.copy(version, to: scratch.file("cloud.sqlite"))
    let ann = BinaryProcess(directory: scratch, overrides: ["SCOREKEEPER_USER": "ann"])
    // Real ids: deterministic ones would give both databases one device id.
    let bob = BinaryProcess(
      directory: scratch,
      overrides: ["SCOREKEEPER_USER": "bob", "SCOREKEEPER_DB": scratch.file("bob.sqlite")],
      unset: ["SCOREKEEPER_IDS"])
    let photo = version >= Self.firstWithPhotos

    func hearts(ann: Int) -> String {
      photo
        ? "Hearts (2 players; * has a photo)\n  1  \(ann)  * Ann\n  2  1    Bob\n"
        : "Hearts (2 players)\n  1  \(ann)  Ann\n  2  1  Bob\n"
    }

    #expect(
      try ann.run(["sync"])
        == ProcessResult(status: 0, stdout: "0 sent, \(photo ? 7 : 6) received.\n", stderr: ""))
    #expect(try ann.run(["list", "Hearts"]) == ProcessResult(status: 0, stdout: hearts(ann: 5), stderr: ""))
    #expect(
      try ann.run(["list", "Gone"])
        == ProcessResult(
          status: 1, stdout: "",
          stderr: "No game named \"Gone\".\nRun \"scorekeeper list\" to see your games.\n"))
    if photo {
      let written = scratch.file("ann.png")
      #expect(try ann.run(["photo", "Hearts", "Ann", "--output", written]).status == 0)
      #expect(try sha256Hex(fileAt: written) == sha256Hex(fileAt: Self.fixtures.path + "/photo.png"))
    }

    #expect(try bob.run(["sync"]).status == 0)
    // Ids and times were made by the fixture's binary, when it ran: Hearts'
    // last score's; Chess none where its id is of a version without a
    // time, else its adding (after Hearts' last score: the latest first).
    let games = try bob.run(["--json", "list"]).stdout
      .replacing(/"id": "[0-9a-f-]{36}"/, with: "\"id\": ID")
      .replacing(/"lastActivity": "[0-9T:.Z-]{24}"/, with: "\"lastActivity\": TIME")
    let heartsRow =
      #"{"id": ID, "title": "Hearts", "playerCount": 2, "isShared": true, "owner": "ann", "permission": "read-write", "state": "in progress", "kind": null, "lastActivity": TIME}"#
    let chessRow = { (activity: String) in
      #"{"id": ID, "title": "Chess", "playerCount": 1, "isShared": false, "owner": null, "permission": "owner", "state": "in progress", "kind": null, "lastActivity": \#(activity)}"#
    }
    let rows =
      version >= Self.firstWithTimedIDs ? [chessRow("TIME"), heartsRow] : [heartsRow, chessRow("null")]
    #expect(games == "{\n  \"games\": [\n    " + rows.joined(separator: ",\n    ") + "\n  ]\n}\n")
    #expect(try bob.run(["score", "Hearts", "Ann", "+1"]).status == 0)
    #expect(try ann.run(["list", "Hearts"]) == ProcessResult(status: 0, stdout: hearts(ann: 6), stderr: ""))
  }

  @Test("SHA256SUMS lists every fixture, and no fixture was edited")
  func manifest() throws {
    try Self.fixtures.expectManifest(versions: Self.versions)
  }
}
