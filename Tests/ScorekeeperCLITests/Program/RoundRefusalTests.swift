import Foundation
@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

@testable import scorekeeper

/// Every bad input to rules, rounds, results and teams is refused with
/// its documented exit code and a message quoting what was typed, and
/// changes nothing: not the database, not the cloud.
extension ProgramTests {
  /// Hearts (lowest wins at 100, two rounds played) and Done (finished),
  /// synced to the cloud.
  func playedGames() {
    for arguments in [
      ["add-game", "Hearts", "--lowest-wins", "--target", "100"], ["add-player", "Hearts", "Ann"],
      ["add-player", "Hearts", "Bob"], ["round", "Hearts", "Ann=5", "Bob=3"], ["round", "Hearts", "Ann=1"],
      ["add-game", "Done"], ["add-player", "Done", "Ann"], ["finish", "Done"],
    ] {
      #expect(run(arguments).status == .success, "\(arguments)")
    }
  }

  /// Every row of the database's tables of games (not the sync
  /// bookkeeping, which the fetch before a command may bring up to date),
  /// and every record of the cloud, its fields in it.
  func everything() throws -> [String: [[SQLValue]]] {
    var rows: [String: [[SQLValue]]] = [:]
    let database = try Database(path: directory.file("games.sqlite"), create: false)
    for table in ["games", "players", "scoreEvents", "rounds", "gameEvents", "localChanges"] {
      rows[table] = try database.rows(of: table, columns: try database.columnNames(of: table))
    }
    let cloud = try Database(path: directory.file("cloud.sqlite"), create: false)
    rows["cloud records"] = try cloud.rows(of: "records", columns: try cloud.columnNames(of: "records"))
    return rows
  }

  static let usage =
    "Usage: scorekeeper round GAME NAME=N [NAME=N …] [--fix K] [--name NAME] [--at TIME]\n"
    + "Run \"scorekeeper help round\" for more.\n"
  static let finished =
    "\"Done\" is finished: its scores and players no longer change; to change it, reopen it first: "
    + "scorekeeper reopen Done. Nothing was changed.\n"

  @Test(
    "bad rounds, rules, results and teams are refused with a clear message, and nothing changes anywhere",
    arguments: [
      (
        ["round", "Hearts", "Ann=5", "Anne=3"], ExitCode.failure,
        "No player named \"Anne\" in \"Hearts\". Did you mean \"Ann\"?\n"
      ),
      (
        ["round", "Hearts", "Ann=1", "ann=2"], .failure,
        "\"Ann\" is named twice in one round of \"Hearts\": give each player's points once. Nothing was changed.\n"
      ),
      (
        ["round", "Hearts", "Ann="], .usage,
        "\"Ann=\" gives \"Ann\" no points: write Ann=N, as Ann=5.\n" + usage
      ),
      (
        ["round", "Hearts", "Ann=x"], .usage,
        "\"x\" in \"Ann=x\" is not a number (write 5, -3 or 13.5).\n" + usage
      ),
      (
        ["round", "Hearts", "Ann=1,5"], .usage,
        "\"1,5\" in \"Ann=1,5\" has a decimal comma; write decimals with a point (1.5).\n" + usage
      ),
      (
        ["round", "Hearts", "Ann=1.2345"], .usage,
        "\"1.2345\" in \"Ann=1.2345\" has more than three decimals: points are kept to thousandths.\n" + usage
      ),
      (
        ["round", "Hearts", "Ann=99999999999999999999"], .usage,
        "\"99999999999999999999\" in \"Ann=99999999999999999999\" is out of range: points go from -9223372036854775808 to 9223372036854775807.\n"
          + usage
      ),
      (
        ["round", "Hearts", "Bob=1", "Ann=9223372036854775807"], .failure,
        "Can't apply +9223372036854775807 to \"Ann\" in \"Hearts\": the score 6 would go past the largest possible score (9223372036854775807). Nothing was changed.\n"
      ),
      (["round", "Done", "Ann=1"], .failure, finished),
      (["score", "Done", "Ann", "+1"], .failure, finished),
      (["add-player", "Done", "Cy"], .failure, finished),
      // What is refused on a finished game is said as it is (issue 46 item 11).
      (
        ["finish", "Done"], .failure,
        "\"Done\" is already finished; to change it, reopen it first: scorekeeper reopen Done. "
          + "Nothing was changed.\n"
      ),
      (
        ["set-rules", "Done", "--target", "10"], .failure,
        "\"Done\" is already finished: its winner, target and rounds no longer change (--counted, "
          + "--not-counted and --kind still do); to change it, reopen it first: scorekeeper reopen Done. "
          + "Nothing was changed.\n"
      ),
      (
        ["add-game", "Golf", "--target", "0"], .usage,
        "--target 0 ends a countdown: give --start above it (and --lowest-wins), or a target above 0.\n"
      ),
      (
        ["add-game", "Golf", "--target", "-5"], .usage,
        "--target takes a target total of 0 or more (got \"-5\").\n"
      ),
      (
        ["set-rules", "Hearts", "--target", "0"], .failure,
        "The target 0 is not a total a game can reach: give a number above 0 (0 only for a countdown: --start "
          + "above it and --lowest-wins). Nothing was changed.\n"
      ),
      (
        ["add-game", "Darts", "--start", "0"], .usage,
        "--start takes a starting score above 0 (got \"0\").\n"
      ),
      (
        ["add-game", "Darts", "--start", "501", "--target", "0"], .failure,
        "Starting at 501, the target 0 is reached by counting down, where the lowest total wins: add "
          + "--lowest-wins (darts 501), or give a target above the start. Nothing was changed.\n"
      ),
      (
        ["add-game", "Darts", "--start", "501", "--lowest-wins", "--target", "501"], .failure,
        "A game that starts at its target 501 would end before anyone played: give another --start or --target. "
          + "Nothing was changed.\n"
      ),
      (
        ["add-game", "Darts", "--bust"], .failure,
        "A bust is a score that would pass the target: give --target too (darts: --start 501 --target 0 --bust). "
          + "Nothing was changed.\n"
      ),
      (
        ["set-rules", "Hearts", "--bust", "--no-target"], .failure,
        "A bust is a score that would pass the target: give --target too (darts: --start 501 --target 0 --bust). "
          + "Nothing was changed.\n"
      ),
      (
        ["add-game", "Golf", "--target", "10.5555"], .usage,
        "\"10.5555\" in \"--target 10.5555\" has more than three decimals: points are kept to thousandths.\n"
      ),
      (
        ["add-game", "Golf", "--rounds", "two"], .usage,
        "--rounds takes a number of rounds, a whole number from 1 to 1000000 (got \"two\").\n"
      ),
      (
        ["set-rules", "Hearts", "--rounds", "1"], .failure,
        "\"Hearts\" already played 2 rounds: a limit of 1 would end it in the past. Give 2 or more. Nothing was changed.\n"
      ),
      (
        ["add-game", "Go", "--result"], .usage,
        "--result takes each player's points after the title: add-game TITLE --result Ann=5 Bob=3.\n"
          + "Usage: scorekeeper \(Command.addGame.spec.usage)\nRun \"scorekeeper help add-game\" for more.\n"
      ),
      (
        ["add-game", "Go", "Ann=1"], .usage,
        "\"Ann=1\" is a NAME=N of --result: add --result (add-game TITLE --result Ann=5 Bob=3).\n"
          + "Usage: scorekeeper \(Command.addGame.spec.usage)\nRun \"scorekeeper help add-game\" for more.\n"
      ),
      (
        ["add-game", "Go", "--result", "Ann=1", "ann=2"], .failure,
        "\"ann\" is named twice in the result of \"Go\": give each player once. Nothing was changed.\n"
      ),
      (
        ["add-game", "Go", "--result", "Ann=1", "--winner", "Bob"], .failure,
        "\"Bob\" is not in the result of \"Go\": the winner is one of \"Ann\". Nothing was changed.\n"
      ),
      (
        ["add-game", "Go", "--result", "Ann=1", "--at", "2026-01-01T12:00:01Z"], .failure,
        "2026-01-01T12:00:01.000Z is in the future (it is 2026-01-01T00:00:00.000Z now): --at says when "
          + "something already happened. Nothing was changed.\n"
      ),
      (
        ["round", "Hearts", "Ann=1", "--at", "2025-12-31T23:00:00Z"], .failure,
        "2025-12-31T23:00:00.000Z is before \"Hearts\" began (2026-01-01T00:00:00.000Z, its first change). "
          + "Nothing was changed.\n"
      ),
      (
        ["score", "Hearts", "Ann", "+1", "--at", "last week"], .usage,
        "--at takes a past time such as 2026-11-20T21:30 (local time), 2026-11-20 or 2026-11-20T20:30:00Z "
          + "(got \"last week\").\n"
      ),
      (
        ["list", "Hearts", "--finished"], .usage,
        "--finished chooses among your games: leave out GAME and --archived (scorekeeper list --finished…).\n"
          + "Usage: scorekeeper \(Command.list.spec.usage)\nRun \"scorekeeper help list\" for more.\n"
      ),
      (
        ["list", "--finished", "--in-progress"], .usage,
        "Give --in-progress or --finished, not both.\n"
          + "Usage: scorekeeper \(Command.list.spec.usage)\nRun \"scorekeeper help list\" for more.\n"
      ),
      (
        ["list", "--kind", "Heart"], .failure,
        "No game is of the kind \"Heart\". Run \"scorekeeper kinds\" to see them.\n"
      ),
      (
        ["round", "Hearts", "--fix", "Closing", "Ann=1"], .failure,
        "\"Hearts\" has no round named \"Closing\": none of its rounds has a name. Nothing was changed.\n"
      ),
      (
        ["round", "Hearts", "--name", "", "Ann=1"], .usage,
        "A round name can't be empty (got \"\").\n"
      ),
      (
        ["round", "Hearts", "--fix", "3", "Ann=1"], .failure,
        "\"Hearts\" has no round 3: its rounds are 1 to 2. Nothing was changed.\n"
      ),
      (
        ["reopen", "Hearts"], .failure,
        "\"Hearts\" is in progress: there is nothing to reopen. Nothing was changed.\n"
      ),
      (
        ["finish", "Hearts", "--winner", "Zed"], .failure,
        "No player named \"Zed\" in \"Hearts\".\nRun \"scorekeeper list Hearts\" to see its players.\n"
      ),
      (
        ["set-team", "Hearts", "Ann", "Owls\u{202E}"], .usage,
        "A team name can't contain control or invisible formatting characters; \"Owls\\u{202E}\" has U+202E at character 5.\n"
      ),
      (["add-player", "Hearts", "Cy", "--team", " "], .usage, "A team name can't be empty (got \" \").\n"),
    ])
  func refusedChangesNothing(arguments: [String], status: ExitCode, message: String) throws {
    playedGames()
    let before = try everything()
    #expect(run(arguments) == Result(status: status, stdout: "", stderr: message))
    expectNoDifference(before, try everything())
  }
}
