import Foundation
import ScorekeeperTestSupport
import Testing

/// The database's write-ahead log (`games.sqlite-wal`) stays beside it
/// between commands, holding the changes since the last checkpoint
/// (issue 51: one flush per change). What a person does with the files
/// must still come out right: a backup copied back over the database with
/// `cp` is the backup, never the backup with the old log replayed onto
/// it; a copy of the database and its log, made as the README says, has
/// every change.
@Suite(.tags(.process), .runAsTagged) struct KeptLogProcessTests {
  let directory: TemporaryDirectory
  let process: BinaryProcess

  init() throws {
    directory = try TemporaryDirectory()
    process = try BinaryProcess.personalDatabase(in: directory)
  }

  func shell(_ script: String) throws -> String {
    try ShellCommand.output(["sh", "-c", "cd '\(directory.path)' && " + script])
  }

  func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: directory.file(name)) }

  func size(_ name: String) throws -> Int {
    try #require(try FileManager.default.attributesOfItem(atPath: directory.file(name))[.size] as? Int)
  }

  /// SQLite's own check of the whole file, by the sqlite3 tool.
  func integrity(_ name: String) throws -> String {
    try ShellCommand.output(["sqlite3", directory.file(name), "PRAGMA integrity_check"])
  }

  /// What a command says when it finds `database` replaced under its log.
  static func setAsideWarning(_ database: String) -> String {
    "warning: \"\(database)\" was replaced (a backup copied over it?) while its log still held changes made "
      + "to the file it replaced; the log does not belong to it, so it was set aside as "
      + "\"\(database)-wal-set-aside\" and not applied.\n"
  }

  @Test("the log stays beside the database between commands, and the next command reads on from it")
  func logKept() throws {
    #expect(try process.run(["score", "Poker", "Ann", "+2"]).status == 0)
    #expect(exists("games.sqlite-wal"))
    #expect(try size("games.sqlite-wal") > 32, "it holds changes, not only its header")
    expectNoDifference(
      try process.run(["list", "Poker"]),
      ProcessResult(status: 0, stdout: "Poker (1 player)\n  1  3  Ann\n", stderr: ""))
  }

  @Test(
    "a backup copied back over the database with cp is the backup: the log beside it is set aside, never replayed onto it"
  )
  func backupCopiedOver() throws {
    #expect(try process.run(["backup", directory.file("b.sqlite")]).status == 0)
    for change in ["+2", "+3"] { #expect(try process.run(["score", "Poker", "Ann", change]).status == 0) }
    #expect(try size("games.sqlite-wal") > 32)
    #expect(try shell("cp b.sqlite games.sqlite") == "")
    expectNoDifference(
      try process.run(["list", "Poker"]),
      ProcessResult(
        status: 0, stdout: "Poker (1 player)\n  1  1  Ann\n",
        stderr: Self.setAsideWarning(directory.file("games.sqlite"))))
    #expect(try integrity("games.sqlite") == "ok\n")
    #expect(try size("games.sqlite-wal-set-aside") > 32, "what the log held is kept")
    // Said once: the next command finds the database and its own log.
    #expect(try process.run(["score", "Poker", "Ann", "+4"]).status == 0)
    expectNoDifference(
      try process.run(["list", "Poker"]),
      ProcessResult(status: 0, stdout: "Poker (1 player)\n  1  5  Ann\n", stderr: ""))
    #expect(try integrity("games.sqlite") == "ok\n")
  }

  @Test("the mock cloud's file put back with cp while its log held changes: the log is set aside, said once")
  func cloudFileCopiedOver() throws {
    let online = BinaryProcess(
      directory: directory, overrides: ["SCOREKEEPER_DB": directory.file("online.sqlite")])
    #expect(try online.run(["add-game", "Chess"]).status == 0)
    // A whole copy of the cloud's file (its log folded in by the sqlite3
    // tool), then a change the copy lacks, then the copy put back.
    #expect(
      try shell(
        "cp cloud.sqlite b.sqlite && cp cloud.sqlite-wal b.sqlite-wal && "
          + "sqlite3 b.sqlite 'PRAGMA wal_checkpoint(TRUNCATE)' >/dev/null") == "")
    #expect(try online.run(["add-game", "Go"]).status == 0)
    #expect(try shell("cp b.sqlite cloud.sqlite") == "")
    let games = "0000…0001  0 players  Chess\n0000…0002  0 players  Go\n"
    expectNoDifference(
      try online.run(["list"]),
      ProcessResult(status: 0, stdout: games, stderr: Self.setAsideWarning(directory.file("cloud.sqlite"))))
    #expect(try size("cloud.sqlite-wal-set-aside") > 32, "what the log held is kept")
    expectNoDifference(try online.run(["list"]), ProcessResult(status: 0, stdout: games, stderr: ""))
    #expect(try integrity("cloud.sqlite") == "ok\n")
  }

  @Test("a copy of the database and its log, made as the README says, has every change")
  func copyWithLog() throws {
    for change in ["+2", "+3"] { #expect(try process.run(["score", "Poker", "Ann", change]).status == 0) }
    #expect(try shell("mkdir copy && cp games.sqlite games.sqlite-wal copy/") == "")
    let copy = BinaryProcess(
      directory: directory,
      overrides: ["SCOREKEEPER_OFFLINE": "1", "SCOREKEEPER_DB": directory.file("copy/games.sqlite")],
      unset: ["SCOREKEEPER_IDS", "SCOREKEEPER_NOW"])
    expectNoDifference(
      try copy.run(["list", "Poker"]),
      ProcessResult(status: 0, stdout: "Poker (1 player)\n  1  6  Ann\n", stderr: ""))
  }
}
