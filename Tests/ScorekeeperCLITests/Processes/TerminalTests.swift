import Foundation
import ScorekeeperTestSupport
import Testing

/// What a person sees at a terminal, from the real binary under a real
/// pseudo-terminal (`script` runs it on one and copies what the screen
/// gets), against what a pipe gets.
@Suite(.tags(.process), .runAsTagged) struct TerminalTests {
  let directory: TemporaryDirectory
  let environment: [String: String]

  init() throws {
    directory = try TemporaryDirectory()
    environment = binaryEnvironment(now: "2026-01-01T12:00:00Z").merging([
      "TERM": "xterm", "HOME": directory.path, "SCOREKEEPER_DB": directory.file("games.sqlite"),
      "SCOREKEEPER_OFFLINE": "1",
    ]) { $1 }
    for arguments in [
      ["add-game", "Poker"], ["add-player", "Poker", "Ann", "--score", "3"], ["add-player", "Poker", "Bob"],
      ["score", "Poker", "Bob", "-2"],
    ] {
      #expect(try pipe(arguments).status == 0)
    }
  }

  /// The binary in a pipe (stdout and stderr files).
  func pipe(_ arguments: [String], _ extra: [String: String] = [:]) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: SharedCopies.builtBinary)
    process.arguments = arguments
    process.environment = environment.merging(extra) { $1 }
    return try process.startCapturing(in: directory, name: UUID().uuidString)()
  }

  /// What the terminal shows for the binary run on one, its line ends as
  /// a file's ("\r\n" → "\n").
  func terminal(_ arguments: [String], _ extra: [String: String] = [:], status: Int32 = 0) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    let command = ([SharedCopies.builtBinary] + arguments).map { "'\($0)'" }.joined(separator: " ")
    process.arguments = ["-q", "-e", "-c", command, "/dev/null"]
    process.environment = environment.merging(extra) { $1 }
    let result = try process.startCapturing(in: directory, name: UUID().uuidString)()
    #expect(result.status == status, "\(result)")
    return result.stdout.replacing("\r\n", with: "\n")
  }

  static let bold = "\u{1B}[1m"
  static let red = "\u{1B}[31m"
  static let green = "\u{1B}[32m"
  static let reset = "\u{1B}[0m"

  @Test("TERM=dumb on a terminal starts no pager, which would wait for RETURN there")
  func dumbTerminalHasNoPager() throws {
    let paged = ["SCOREKEEPER_PAGER": "sed s/^/paged:/"]
    #expect(try terminal(["list", "Poker"], paged).hasPrefix("paged:"))
    #expect(
      try terminal(["list", "Poker"], paged.merging(["TERM": "dumb"]) { $1 })
        == "Poker (2 players)\n  1   3  Ann\n  2  -2  Bob\n")
  }

  @Test(
    "on a terminal ranks are bold and changes green or red; plain in a pipe, with NO_COLOR, TERM=dumb or --color=never"
  )
  func colour() throws {
    let (b, r) = (Self.bold, Self.reset)
    let coloured = "Poker (2 players)\n  \(b)1\(r)   3  Ann\n  \(b)2\(r)  -2  Bob\n"
    let plain = "Poker (2 players)\n  1   3  Ann\n  2  -2  Bob\n"
    #expect(try terminal(["list", "Poker", "--no-pager"]) == coloured)
    #expect(try pipe(["list", "Poker"]).stdout == plain)
    #expect(try terminal(["list", "Poker", "--no-pager"], ["NO_COLOR": "1"]) == plain)
    #expect(try terminal(["list", "Poker", "--no-pager"], ["TERM": "dumb"]) == plain)
    #expect(try terminal(["list", "Poker", "--no-pager", "--color=never"]) == plain)
    #expect(try pipe(["list", "Poker", "--color=always"]).stdout == coloured)
    #expect(try pipe(["list", "Poker", "--color", "always"], ["NO_COLOR": "1"]).stdout == coloured)
    #expect(
      try terminal(["history", "Poker", "--no-pager"])
        == "Score changes in \"Poker\", newest first:\n"
        + "  2026-01-01 12:00:00 UTC  Bob  \(Self.red)-2\(r)  this device\n"
        + "  2026-01-01 12:00:00 UTC  Ann  \(Self.green)+3\(r)  this device\n")
    // An error in red on a terminal's stderr (script shows both streams),
    // and no pager started for it.
    #expect(
      try terminal(["list", "Chess"], status: 1)
        == "\u{1B}[1;31mNo game named \"Chess\".\(r)\nRun \"scorekeeper list\" to see your games.\n")
    let bad = try pipe(["list", "--color=sometimes"])
    #expect(bad.status == 2)
    #expect(bad.stderr == "--color takes auto, always or never (got \"sometimes\").\n")
  }

  @Test(
    "a listing goes through the pager on a terminal; never in a pipe, with --no-pager or --json, or to an echo"
  )
  func pager() throws {
    let marked = ["PAGER": "sed 's/^/| /'"]
    #expect(
      try terminal(["list", "Poker", "--color=never"], marked)
        == "| Poker (2 players)\n|   1   3  Ann\n|   2  -2  Bob\n")
    #expect(
      try terminal(["list", "Poker", "--color=never", "--no-pager"], marked)
        == "Poker (2 players)\n  1   3  Ann\n  2  -2  Bob\n")
    #expect(
      try terminal(["list", "Poker", "--color=never"], marked.merging(["SCOREKEEPER_PAGER": ""]) { $1 })
        == "Poker (2 players)\n  1   3  Ann\n  2  -2  Bob\n")
    #expect(try pipe(["list", "Poker"], marked).stdout == "Poker (2 players)\n  1   3  Ann\n  2  -2  Bob\n")
    #expect(try terminal(["--json", "list", "Poker"], marked).hasPrefix("{"))
    #expect(try terminal(["add-game", "Chess"], marked).hasPrefix("Added game \"Chess\" (0000…"))
  }

  @Test("under a locale that is not UTF-8, … and → are written as ... and ->")
  func ascii() throws {
    #expect(
      try pipe(["list"], ["LC_ALL": "C"]).stdout == "0000...0001  2 players  Poker  2026-01-01 12:00:00 UTC\n"
    )
    #expect(
      try pipe(["list"], ["LC_ALL": "", "LC_CTYPE": "", "LANG": "en_US.UTF-8"]).stdout
        == "0000…0001  2 players  Poker  2026-01-01 12:00:00 UTC\n")
    #expect(
      try pipe(["undo"], ["LC_ALL": "POSIX"]).stdout
        == "Undid -2 for \"Bob\" in \"Poker\", made 2026-01-01 12:00:00 UTC: -2 -> 0\n")
  }

  @Test(
    "--quiet: a command that changes data prints nothing but errors; one asked to show something still shows it"
  )
  func quiet() throws {
    #expect(
      try pipe(["--quiet", "score", "Poker", "Ann", "+1"]) == ProcessResult(status: 0, stdout: "", stderr: "")
    )
    #expect(try pipe(["list", "Poker", "-q"]).stdout == "Poker (2 players)\n  1   4  Ann\n  2  -2  Bob\n")
    // Backup, import and restore change data too; a dry run was asked to show.
    let backup = directory.file("b.sqlite")
    #expect(try pipe(["-q", "backup", backup]) == ProcessResult(status: 0, stdout: "", stderr: ""))
    let csv = directory.file("more.csv")
    try Data("game,player,points\nDarts,Ann,5\n".utf8).write(to: URL(fileURLWithPath: csv))
    #expect(
      try pipe(["-q", "import", csv, "--dry-run"])
        == ProcessResult(
          status: 0,
          stdout:
            "Would import \"\(csv)\": 1 game, 1 player, 1 score change.\n(--dry-run: nothing was written.)\n",
          stderr: ""))
    #expect(try pipe(["-q", "import", csv]) == ProcessResult(status: 0, stdout: "", stderr: ""))
    #expect(try pipe(["-q", "restore", backup]) == ProcessResult(status: 0, stdout: "", stderr: ""))
    let refused = try pipe(["-q", "score", "Poker", "Zed", "+1"])
    #expect(refused.status == 1)
    #expect(refused.stdout == "")
    #expect(refused.stderr.hasPrefix("No player named \"Zed\" in \"Poker\"."))
  }

  @Test(
    "a long sync shows what it sent and received so far on a terminal's stderr, then wipes the line; a pipe gets none"
  )
  func progress() throws {
    for number in 1...20 { #expect(try pipe(["add-game", "Game \(number)"]).status == 0) }
    let online = [
      "SCOREKEEPER_OFFLINE": "0", "SCOREKEEPER_CLOUD": directory.file("cloud.sqlite"),
      "SCOREKEEPER_USER": "ann", "SCOREKEEPER_PROGRESS_AFTER": "0",
    ]
    let screen = try terminal(["sync"], online)
    let lines = screen.split(separator: "\r", omittingEmptySubsequences: false).map(String.init)
    // Redrawn in place (carriage returns), counting up, then wiped before the result.
    #expect(lines.first == "")
    #expect(
      lines.dropFirst().dropLast().allSatisfy {
        $0.hasPrefix("Syncing: ") && $0.hasSuffix(" received…\u{1B}[K")
      })
    #expect(lines.count >= 3, "\(lines)")
    // (The 20 games, and Poker, its players and changes.)
    #expect(lines.last == "\u{1B}[K25 sent, 0 received.\n")
    #expect(try pipe(["add-game", "More"], online).stderr == "")
    let piped = try pipe(["sync"], online)
    #expect(piped == ProcessResult(status: 0, stdout: "0 sent, 0 received.\n", stderr: ""))
  }
}
