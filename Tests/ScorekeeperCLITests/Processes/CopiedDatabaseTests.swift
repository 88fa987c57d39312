import Foundation
@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

/// A copy of a database becomes a device of its own, but only through a
/// command that changes it: a refused command leaves a copy byte for byte
/// as it was, and a copy that is damaged is never written. Real ids here
/// (no deterministic mode), as a person's database has.
@Suite(.tags(.process), .runAsTagged) struct CopiedDatabaseProcessTests {
  let directory: TemporaryDirectory
  let process: BinaryProcess
  var copy: String { directory.file("copy.sqlite") }

  init() throws {
    directory = try TemporaryDirectory()
    process = try BinaryProcess.personalDatabase(in: directory)
    try copyDatabase(from: directory.file("games.sqlite"), to: copy)
  }

  /// Every file of the copy's (the database, and any journal beside it).
  func copyFiles() throws -> [String: String] {
    try directory.dataFiles { $0.hasPrefix("copy.sqlite") }
  }

  func device(of path: String) throws -> String {
    let status = try process.run(["--db", path, "--json", "status"])
    let json = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
    return try #require(json?["device"] as? String)
  }

  /// Commands that change nothing, each with its exit status.
  static let changingNothing: [(arguments: [String], status: Int32)] = [
    (["undo"], 1), (["score", "Poker", "Nobody", "+1"], 1),
    (["remove-player", "Poker", "Nobody", "--force"], 1),
    (["score", "Poker", "Ann", "+x"], 2), (["rename-game", "Poker", ""], 2), (["list"], 0),
    (["history", "Poker"], 0), (["status"], 0),
  ]

  @Test(
    "a command refused on a copy, or one that only reads, leaves it byte for byte as it was",
    arguments: changingNothing)
  func refusedLeavesCopy(command: (arguments: [String], status: Int32)) throws {
    let before = try copyFiles()
    let result = try process.run(["--db", copy] + command.arguments)
    #expect(result.status == command.status, "\(result)")
    expectNoDifference(try copyFiles(), before)
  }

  @Test("the copy becomes a device of its own with its first change, and undo never reaches the original's")
  func firstChangeClaims() throws {
    let original = try device(of: directory.file("games.sqlite"))
    expectNoDifference(
      try process.run(["--db", copy, "undo"]),
      ProcessResult(
        status: 1, stdout: "",
        stderr: "Nothing to undo: no score change made on this device is left to revert.\n"))
    #expect(try process.run(["--db", copy, "score", "Poker", "Ann", "+2"]).status == 0)
    let copied = try device(of: copy)
    #expect(copied != original)
    #expect(try device(of: directory.file("games.sqlite")) == original)
    #expect(try process.run(["--db", copy, "undo"]).status == 0)
    #expect(try process.run(["--db", copy, "undo"]).status == 1)
    #expect(try device(of: copy) == copied)
  }

  /// Overwrites the players' page of `copy`: the header, the schema and
  /// the device's row still read, so the file opens, but its players do not.
  func damage() throws {
    let (page, pageSize) = try {
      let db = try Database(path: copy, create: false)
      defer { db.close() }
      return (
        try #require(
          db.fetchOne("SELECT rootpage FROM sqlite_schema WHERE name = 'players'") { try $0.int(0) }),
        try #require(db.fetchOne("PRAGMA page_size") { try $0.int(0) })
      )
    }()
    let file = try #require(FileHandle(forUpdatingAtPath: copy))
    try file.seek(toOffset: UInt64((page - 1) * pageSize))
    try file.write(contentsOf: Data(repeating: 0xA5, count: pageSize))
    try file.close()
  }

  @Test(
    "a damaged copy is never written: the command fails and the file stays as it was, online too",
    arguments: [false, true])
  func damagedCopy(online: Bool) throws {
    let process =
      online
      ? BinaryProcess(directory: directory, unset: ["SCOREKEEPER_IDS", "SCOREKEEPER_NOW"]) : self.process
    if online {
      // The original synced, then copied: the copy's first sync would
      // claim a device of its own before anything else.
      #expect(try process.run(["sync"]).status == 0)
      try copyDatabase(from: directory.file("games.sqlite"), to: copy)
    }
    try damage()
    let before = try copyFiles()
    // `list` streams: its header (the count, from the index
    // `players_standings`) is out before the rows reach the damaged page.
    for (arguments, printed) in [
      (["score", "Poker", "Ann", "+1"], ""), (["list", "Poker"], "Poker (1 player)\n"),
    ] {
      let result = try process.run(["--db", copy] + arguments)
      // (Exit 3, and it says so truly now.)
      expectNoDifference(
        result,
        ProcessResult(
          status: 3, stdout: printed,
          stderr:
            "The database cannot be used: database disk image is malformed (SQLITE_CORRUPT). Nothing was changed.\n"
        ), "\(arguments)")
      expectNoDifference(try copyFiles(), before, "\(arguments)")
    }
  }
}

extension CopiedDatabaseProcessTests {
  @Test("status shows the device id a copy will take before its first change, and reading it writes nothing")
  func statusShowsTheCopysDevice() throws {
    let original = try device(of: directory.file("games.sqlite"))
    let before = try copyFiles()
    let shown = try device(of: copy)
    #expect(shown != original)
    #expect(try copyFiles() == before)
    #expect(try process.run(["--db", copy, "score", "Poker", "Ann", "+2"]).status == 0)
    #expect(try device(of: copy) == shown)
    // A second copy of the original is a device of its own too.
    let second = directory.file("second.sqlite")
    try copyDatabase(from: directory.file("games.sqlite"), to: second)
    let secondShown = try device(of: second)
    #expect(secondShown != shown && secondShown != original)
  }
}
