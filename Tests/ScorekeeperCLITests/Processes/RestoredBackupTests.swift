import Foundation
import ScorekeeperTestSupport
import Testing

/// A backup restored over the database is a device of its own, however it
/// is put back: `cp` keeps the file (its inode), so only the mark beside
/// the database can tell that the content is older than what was there.
/// Real ids here (no deterministic mode), as a person's database has.
@Suite struct RestoredBackupTests {
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
    try shell("cp games.sqlite backup.sqlite")
    for change in ["+2", "+3"] { #expect(try process.run(["score", "Poker", "Ann", change]).status == 0) }
    #expect(try device() == before, "opening the same database again keeps its device")
    let file = try inode(directory.file("games.sqlite"))
    try shell("cp backup.sqlite games.sqlite")
    #expect(try inode(directory.file("games.sqlite")) == file, "cp kept the file")
    expectNoDifference(
      try process.run(["undo"]),
      ProcessResult(
        status: 1, stdout: "",
        stderr: "Nothing to undo: no score change made on this device is left to revert.\n"))
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
  @Test("a game a sync removes is said to be removed, even when the command then fails on it")
  func removalSaidOnFailure() throws {
    let online = BinaryProcess(directory: directory)
    for arguments in [
      ["add-game", "Keep"], ["add-game", "Oops"], ["backup", directory.file("b.sqlite")],
      ["delete-game", "Oops", "--force"], ["restore", directory.file("b.sqlite")],
    ] {
      let result = try online.run(arguments)
      guard result.status == 0 else { throw SetUpFailure("\(arguments): \(result)") }
    }
    // The restored database holds Oops; the sync before list deletes it
    // again (a deletion wins), and says so before the command's refusal.
    expectNoDifference(
      try online.run(["list", "Oops"]),
      ProcessResult(
        status: 1, stdout: "",
        stderr:
          "warning: \"Oops\" was deleted on another device, so it is gone from this one too (a deletion "
          + "wins, even over a backup restored here); to play it again, add it as a new game.\n"
          + "No game named \"Oops\".\nRun \"scorekeeper list\" to see your games.\n"))
  }
}
