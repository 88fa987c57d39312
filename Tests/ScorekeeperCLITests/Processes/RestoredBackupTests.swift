import Foundation
import ScorekeeperTestSupport
import Testing

/// A backup restored over the database is a device of its own, however it
/// is put back: `cp` keeps the file (its inode), so only the mark beside
/// the database can tell that the content is older than what was there.
/// Real ids here (no deterministic mode), as a person's database has.
@Suite(.tags(.process), .runAsTagged) struct RestoredBackupTests {
  let directory: TemporaryDirectory
  let process: BinaryProcess

  init() throws {
    directory = try TemporaryDirectory()
    process = try BinaryProcess.personalDatabase(in: directory)
  }

  func device() throws -> String {
    let status = try process.run(["--json", "status"])
    let json = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
    return try #require(json?["device"] as? String)
  }

  func inode(_ path: String) throws -> Int {
    try #require(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int)
  }

  func shell(_ script: String) throws {
    #expect(try ShellCommand.output(["sh", "-c", "cd '\(directory.path)' && " + script]) == "")
  }

  @Test("a backup copied back with cp takes a new device id: undo never reaches past the backup")
  func restoredWithCp() throws {
    let before = try device()
    #expect(try process.run(["backup", directory.file("backup.sqlite")]).status == 0)
    for change in ["+2", "+3"] { #expect(try process.run(["score", "Poker", "Ann", change]).status == 0) }
    #expect(try device() == before, "opening the same database again keeps its device")
    let file = try inode(directory.file("games.sqlite"))
    try shell("cp backup.sqlite games.sqlite")
    #expect(try inode(directory.file("games.sqlite")) == file, "cp kept the file")
    expectNoDifference(
      try process.run(["undo"]),
      ProcessResult(
        status: 1, stdout: "",
        stderr: KeptLogProcessTests.setAsideWarning(directory.file("games.sqlite"))
          + "Nothing to undo: no score change made on this device is left to revert.\n"))
    // Its first change makes it a device of its own, and its changes are
    // its own from then on.
    #expect(try process.run(["score", "Poker", "Ann", "+5"]).status == 0)
    let after = try device()
    #expect(after != before)
    #expect(try process.run(["undo"]).status == 0)
    #expect(try process.run(["undo"]).status == 1)
    #expect(try device() == after)
  }
}

extension RestoredBackupTests {
  /// The steps: a game deleted after a backup, which is then
  /// restored. `restore` puts the backup back, or `cp` over the database.
  func restoreAfterDeleting(with putBack: String) throws -> BinaryProcess {
    let online = BinaryProcess(directory: directory)
    for arguments in [
      ["add-game", "Keep"], ["add-game", "Oops"], ["add-player", "Oops", "Ann"],
      ["score", "Oops", "Ann", "+3"],
      ["backup", directory.file("b.sqlite")], ["delete-game", "Oops", "--force"],
    ] + (putBack == "restore" ? [["restore", directory.file("b.sqlite")]] : []) {
      let result = try online.run(arguments)
      guard result.status == 0 else { throw SetUpFailure("\(arguments): \(result)") }
    }
    if putBack == "cp" { try shell("cp b.sqlite games.sqlite") }
    return online
  }

  @Test(
    "a game deleted after a backup stays as a read-only copy when the backup is put back, said even if the command fails",
    arguments: ["restore", "cp"])
  func deletedGameKept(putBack: String) throws {
    let online = try restoreAfterDeleting(with: putBack)
    // The sync before list finds Oops deleted since the backup: it keeps
    // it as a read-only copy, and says so before the command's refusal.
    expectNoDifference(
      try online.run(["list", "Oops"]),
      ProcessResult(
        status: 1, stdout: "",
        stderr: (putBack == "cp" ? KeptLogProcessTests.setAsideWarning(directory.file("games.sqlite")) : "")
          + "warning: \"Oops\" was deleted after the backup restored here was made: it left your games, and a "
          + "read-only copy is kept (scorekeeper list --archived; scorekeeper revive-game Oops makes it a "
          + "game again).\n"
          + "\"Oops\" is a read-only copy of your game, deleted since the backup restored here was made: "
          + "\"scorekeeper list --archived\" shows it, \"scorekeeper revive-game Oops\" makes it a game "
          + "again, and delete-game with --archived deletes it; nothing else changes it.\n"))
    expectNoDifference(
      try online.run(["list", "Oops", "--archived"]),
      ProcessResult(status: 0, stdout: "Oops (1 player)\n  1  3  Ann\n", stderr: ""))
    #expect(try online.run(["revive-game", "Oops"]).status == 0)
    // Revived, it is a game again, here and in the cloud (a new device
    // of alice's sees it); the copy stays until deleted.
    let other = BinaryProcess(
      directory: directory,
      overrides: ["SCOREKEEPER_DB": directory.file("other.sqlite"), "SCOREKEEPER_DEVICE": "2"])
    #expect(try other.run(["sync"]).status == 0)
    for process in [online, other] {
      expectNoDifference(
        try process.run(["list", "Oops"]),
        ProcessResult(status: 0, stdout: "Oops (1 player)\n  1  3  Ann\n", stderr: ""))
    }
    // The copy is the user's own: no owner.
    let archived =
      try JSONSerialization.jsonObject(
        with: Data(try online.run(["list", "--archived", "--json"]).stdout.utf8))
      as? [String: [[String: Any]]]
    let copy = try #require(archived?["games"]?.first)
    #expect(archived?["games"]?.count == 1)
    #expect((copy["id"] as? String)?.count == 36)
    expectNoDifference(
      copy.filter { $0.key != "id" }.mapValues { "\($0)" },
      ["title": "Oops", "playerCount": "1", "owner": "<null>", "archivedAt": "2026-01-01T00:00:00.000Z"])
    // A deletion after the restore's first sync wins, as any other does.
    #expect(try other.run(["delete-game", "Keep", "--force"]).status == 0)
    expectNoDifference(
      try online.run(["list", "Keep"]),
      ProcessResult(
        status: 1, stdout: "",
        stderr:
          "warning: \"Keep\" was deleted on another device, so it is gone from this one too; to play it "
          + "again, add it as a new game.\nNo game named \"Keep\".\nRun \"scorekeeper list\" to see your games.\n"
      ))
  }
}
