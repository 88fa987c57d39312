import Foundation
import ScorekeeperTestSupport
import Testing

/// A database file is made only by a command that succeeds: a command that
/// only shows what a database holds says there is none (a typo in --db is
/// no new, empty database), and one that fails leaves no new file behind.
@Suite(.tags(.process), .runAsTagged) struct NewDatabaseTests {
  let directory: TemporaryDirectory
  let process: BinaryProcess

  init() throws {
    directory = try TemporaryDirectory()
    process = BinaryProcess(
      directory: directory, overrides: ["SCOREKEEPER_DB": directory.file("typo.sqlite")])
  }

  func files() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
      !$0.hasSuffix(".out") && !$0.hasSuffix(".err")
    }
    .sorted()
  }

  @Test(
    "a reading command on a missing database says so, exit 1, and creates nothing",
    arguments: [
      ["list"], ["history", "Poker"], ["photo", "Poker", "Ann"], ["status"], ["sync", "status"],
      ["--offline", "list"],
    ])
  func readingCommand(arguments: [String]) throws {
    expectNoDifference(
      try process.run(arguments),
      ProcessResult(
        status: 1, stdout: "",
        stderr:
          "There is no database at \"\(directory.file("typo.sqlite"))\"; nothing was created. Check --db (or "
          + "SCOREKEEPER_DB); to start one, add a game, or run \"scorekeeper sync\" to fetch your games on a new "
          + "device.\n"))
    #expect(try files().contains("typo.sqlite") == false)
  }

  @Test("a command that fails on a new database leaves no file; one that succeeds makes it")
  func failingCommand() throws {
    var unreachable = process
    unreachable.overrides["SCOREKEEPER_CLOUD_FAULTS"] = "network-unavailable*20"
    for (process, arguments) in [
      (process, ["--offline", "score", "Poker", "Ann", "+1"]), (process, ["--offline", "undo"]),
      (process, ["--offline", "add-player", "Poker", "Ann"]), (unreachable, ["score", "Poker", "Ann", "+1"]),
      (process, ["accept-share", "https://share.scorekeeper.invalid/00000000000000000000000000000009"]),
    ] {
      let result = try process.run(arguments)
      #expect(result.status == 1, "\(arguments): \(result)")
      let left = try files()
      #expect(left.contains { $0.hasPrefix("typo.sqlite") } == false, "\(arguments) left \(left)")
    }
    #expect(try process.run(["add-game", "Poker"]).status == 0)
    #expect(try files().contains("typo.sqlite"))
  }
}
