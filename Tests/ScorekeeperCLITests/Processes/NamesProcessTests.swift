import Foundation
import ScorekeeperTestSupport
import Testing

/// How games, players and teams are named (issue 46): a player's name is
/// one in its game, a team is one in any case, and a season of one title
/// is addressed by the title while one of its games is in progress.
@Suite(.tags(.process), .runAsTagged) struct NamesProcessTests {
  let directory: TemporaryDirectory
  let process: BinaryProcess
  var database: String { directory.file("games.sqlite") }

  init() throws {
    directory = try TemporaryDirectory()
    process = BinaryProcess(directory: directory, overrides: ["SCOREKEEPER_OFFLINE": "1"])
    for arguments in [
      ["add-game", "Spades"], ["add-player", "Spades", "Ann", "--team", "Kids"],
      ["add-player", "Spades", "Bob"],
    ] {
      let result = try process.run(arguments)
      guard result.status == 0 else { throw SetUpFailure("\(arguments): \(result)") }
    }
  }

  func dump() throws -> String { try ShellCommand.output(["sqlite3", database, ".dump"]) }

  @Test(
    "a second player of one name, in any case, is refused by add-player and rename-player; nothing changes")
  func samePlayerName() throws {
    let before = try dump()
    let refusal =
      "\"Spades\" has a player named \"Ann\" already (0000…0002): give another name, such as \"Ann 2\". "
      + "Nothing was changed.\n"
    expectNoDifference(
      try process.run(["add-player", "Spades", "ann"]), ProcessResult(status: 1, stdout: "", stderr: refusal))
    expectNoDifference(
      try process.run(["rename-player", "Spades", "Bob", " ANN "]),
      ProcessResult(status: 1, stdout: "", stderr: refusal))
    #expect(try dump() == before)
    // Her own name in another case is hers to take.
    #expect(try process.run(["rename-player", "Spades", "Ann", "ANN"]).status == 0)
  }

  @Test("a team is one in any case: \"kids\" joins \"Kids\", spelled as the game spells it")
  func teamCase() throws {
    expectNoDifference(
      try process.run(["add-player", "Spades", "Cy", "--team", "kids"]).stdout,
      "Added player \"Cy\" (0000…0004) to \"Spades\" with 0 points in team \"Kids\"\n")
    #expect(try process.run(["set-team", "Spades", "Bob", "KIDS"]).status == 0)
    expectNoDifference(
      try process.run(["list", "Spades"]).stdout,
      """
      Spades (3 players)
        1  0  Ann (Kids)
        1  0  Bob (Kids)
        1  0  Cy (Kids)
      Teams:
        1  0  Kids: Ann, Bob, Cy

      """)
  }

  @Test("a season of one title: the title names the game in progress; two in progress are ambiguous")
  func season() throws {
    #expect(try process.run(["finish", "Spades"]).status == 0)
    expectNoDifference(
      try process.run(["add-game", "Spades"]),
      ProcessResult(
        status: 0,
        stdout: "Added game \"Spades\" (0000…0005)\n"
          + "2 games are titled \"Spades\" now: the title names the one in progress, the others go by id "
          + "(as list shows it).\n",
        stderr: ""))
    #expect(try process.run(["add-player", "Spades", "Dee"]).stdout.contains("(0000…0006) to \"Spades\""))
    #expect(try process.run(["score", "SPADES", "Dee", "+3"]).status == 0)
    #expect(try process.run(["list", "0000…0001"]).stdout.hasPrefix("Spades (2 players; finished)\n"))
    // A second one in progress: the title no longer says which.
    #expect(try process.run(["add-game", "Spades"]).status == 0)
    let ambiguous = try process.run(["score", "spades", "Dee", "+1"])
    #expect(ambiguous.status == 1 && ambiguous.stderr.contains("0000…0005"), "\(ambiguous)")
  }
}
