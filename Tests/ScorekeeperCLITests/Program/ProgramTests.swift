import Foundation
@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

@testable import scorekeeper

/// The program run in-process, for what transcripts cannot show: a person
/// at a terminal, and the environment variables.
@Suite struct ProgramTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  struct Result: Equatable {
    var status: ExitCode
    var stdout: String
    var stderr: String
  }

  func run(
    _ arguments: [String], environment: [String: String]? = nil, terminal: Terminal = .none
  ) -> Result {
    let environment =
      environment ?? [
        "SCOREKEEPER_DB": directory.file("games.sqlite"), "SCOREKEEPER_TESTING": "1",
        "SCOREKEEPER_IDS": "incrementing",
        "SCOREKEEPER_CLOUD": directory.file("cloud.sqlite"), "SCOREKEEPER_USER": "alice",
        "SCOREKEEPER_NOW": "2026-01-01T00:00:00Z", "LC_ALL": "C.UTF-8",
      ]
    let output = Output.memory()
    let errors = Output.memory()
    let program = Program(
      environment: { environment[$0] }, output: output, errors: errors, terminal: terminal)
    let status = program.run(arguments)
    return Result(status: status, stdout: output.text, stderr: errors.text)
  }

  @Test("status on a mock cloud not made yet shows it and creates no file")
  func statusCreatesNoCloud() {
    #expect(run(["--offline", "add-game", "Poker"]).status == .success)
    let result = run(["status"])
    #expect(result.status == .success && result.stderr == "")
    let cloud = URL(fileURLWithPath: directory.path).resolvingSymlinksInPath().path + "/cloud.sqlite"
    #expect(
      result.stdout.hasPrefix(
        "Mode:        mock cloud\nCloud:       \(cloud)\nUser:        alice (not synced yet)\n"))
    #expect(!FileManager.default.fileExists(atPath: directory.file("cloud.sqlite")))
  }

  @Test("delete-game asks on a terminal and deletes on yes")
  func deleteConfirmed() {
    _ = run(["add-game", "Poker"])
    _ = run(["add-player", "Poker", "Ann"])
    #expect(
      run(["delete-game", "poker"], terminal: .answering(["Y"]))
        == Result(
          status: .success, stdout: "Deleted game \"Poker\" and its 1 player\n",
          stderr: "Delete \"Poker\" and its 1 player? [y/N] "))
    #expect(run(["list"]).stdout == "No games yet. Add one with: scorekeeper add-game TITLE\n")
  }

  @Test("delete-game keeps the game when the answer is not yes", arguments: ["n", "", "maybe"])
  func deleteDeclined(answer: String) {
    _ = run(["add-game", "Poker"])
    #expect(
      run(["delete-game", "Poker"], terminal: .answering([answer]))
        == Result(
          status: .failure, stdout: "",
          stderr: "Delete \"Poker\" (no players)? [y/N] Nothing was changed.\n"))
    #expect(run(["list"]).stdout == "0000…0001  0 players  Poker\n")
  }

  @Test("remove-player asks on a terminal too: no keeps the player, yes removes them")
  func otherConfirmations() {
    _ = run(["add-game", "Poker"])
    _ = run(["add-player", "Poker", "Ann", "--score", "3"])
    #expect(
      run(["remove-player", "Poker", "Ann"], terminal: .answering(["n"]))
        == Result(
          status: .failure, stdout: "",
          stderr: "Remove \"Ann\" (3 points) from \"Poker\"? Their score changes go too, on every device. "
            + "[y/N] Nothing was changed.\n"))
    #expect(
      run(["remove-player", "Poker", "Ann"], terminal: .answering(["yes"]))
        == Result(
          status: .success, stdout: "Removed player \"Ann\" (3 points) from \"Poker\"\n",
          stderr:
            "Remove \"Ann\" (3 points) from \"Poker\"? Their score changes go too, on every device. [y/N] "))
    #expect(
      run(["list", "Poker"]).stdout
        == "Poker (0 players)\nNo players yet. Add one with: scorekeeper add-player Poker NAME\n")
  }

  @Test("delete-game treats the end of input as no")
  func deleteEndOfInput() {
    _ = run(["add-game", "Poker"])
    #expect(run(["delete-game", "Poker"], terminal: .answering([])).status == .failure)
    #expect(run(["list"]).stdout == "0000…0001  0 players  Poker\n")
  }

  @Test("a bad SCOREKEEPER_IDS or SCOREKEEPER_NOW is a usage error, and no file is made")
  func badEnvironment() throws {
    let path = directory.file("games.sqlite")
    #expect(
      run(
        ["list"],
        environment: ["SCOREKEEPER_DB": path, "SCOREKEEPER_TESTING": "1", "SCOREKEEPER_IDS": "sequential"])
        == Result(
          status: .usage, stdout: "",
          stderr: "SCOREKEEPER_IDS=\"sequential\" is not understood; the only value is \"incrementing\".\n"))
    #expect(
      run(
        ["list"],
        environment: ["SCOREKEEPER_DB": path, "SCOREKEEPER_TESTING": "1", "SCOREKEEPER_NOW": "yesterday"])
        == Result(
          status: .usage, stdout: "",
          stderr: "SCOREKEEPER_NOW=\"yesterday\" is not an ISO 8601 time like 2026-01-01T12:00:00Z.\n"))
    #expect(try directory.entries() == [])
  }

  @Test("the default database lives in XDG_DATA_HOME, its folder made private")
  func xdgDataHome() throws {
    let data = directory.file("data")
    let result = run(["add-game", "Poker"], environment: ["XDG_DATA_HOME": data, "HOME": "/nonexistent"])
    #expect(result.status == .success)
    let folder = data + "/scorekeeper"
    #expect(FileManager.default.fileExists(atPath: folder + "/scorekeeper.sqlite"))
    let mode = try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int
    #expect(mode == 0o700)
  }

  @Test("a relative XDG_DATA_HOME is ignored, as the XDG spec says; HOME is used")
  func relativeXDG() {
    let home = directory.file("home")
    let result = run(["add-game", "Poker"], environment: ["XDG_DATA_HOME": "relative", "HOME": home])
    #expect(result.status == .success)
    #expect(FileManager.default.fileExists(atPath: home + "/.local/share/scorekeeper/scorekeeper.sqlite"))
  }

  @Test("without HOME or a path there is nowhere to keep the database")
  func noHome() {
    #expect(
      run(["list"], environment: [:])
        == Result(
          status: .usage, stdout: "",
          stderr: "Cannot tell where to keep the database: HOME is not set. "
            + "Use --db PATH or SCOREKEEPER_DB.\n"))
  }

  @Test(
    "help, --version and usage errors never create a database",
    arguments: [
      ["help"], ["--version"], ["list", "--help"], ["frobnicate"], ["add-game"],
    ])
  func noDatabaseWithoutACommand(arguments: [String]) throws {
    _ = run(arguments)
    #expect(try directory.entries() == [])
  }

  @Test("no command prints the overview to stderr with status 2")
  func noCommand() {
    let result = run([])
    #expect(result.status == .usage)
    #expect(result.stdout == "")
    #expect(result.stderr == HelpText.overview())
  }

  @Test("photo writes no image to a terminal, and says how to get it; --json and --output still work")
  func photoNotToATerminal() throws {
    let image = TestImages.gif(width: 2, height: 3)
    try Data(image).write(to: URL(fileURLWithPath: directory.file("ann.gif")))
    _ = run(["add-game", "Poker"])
    _ = run(["add-player", "Poker", "Ann"])
    _ = run(["set-photo", "Poker", "Ann", directory.file("ann.gif")])
    let screen = Terminal(isInteractive: true, outputIsTerminal: true, readLine: { nil })
    #expect(
      run(["photo", "Poker", "Ann"], terminal: screen)
        == Result(
          status: .usage, stdout: "",
          stderr: "Not writing an image to the terminal: redirect it (> photo.png) or use --output FILE.\n"
            + "Usage: scorekeeper photo GAME PLAYER [--output FILE]\n"
            + "Run \"scorekeeper help photo\" for more.\n"))
    #expect(run(["photo", "Poker", "Ann", "--output", "-"], terminal: screen).status == .usage)
    #expect(run(["photo", "Poker", "Ann", "--json"], terminal: screen).status == .success)
    let file = directory.file("out.gif")
    #expect(
      run(["photo", "Poker", "Ann", "--output", file], terminal: screen)
        == Result(
          status: .success,
          stdout: "Wrote the photo of \"Ann\" in \"Poker\" to \"\(file)\": GIF, 2×3, 14 bytes\n",
          stderr: ""))
    #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: file))) == image)
    // Piped, the bytes are written as they are.
    #expect(run(["photo", "Poker", "Ann"]).stdout.utf8.elementsEqual(image))
  }

  @Test("set-photo - does not wait on a terminal for an image; it says how to give one")
  func setPhotoFromATerminal() throws {
    _ = run(["add-game", "Poker"])
    _ = run(["add-player", "Poker", "Ann"])
    let before = try sha256Hex(ofDatabaseAt: directory.file("games.sqlite"))
    #expect(
      run(["set-photo", "Poker", "Ann", "-"], terminal: .answering([]))
        == Result(
          status: .usage, stdout: "",
          stderr: "The standard input is a terminal: name an image file, or pipe one in "
            + "(scorekeeper set-photo GAME PLAYER - < photo.png).\n"
            + "Usage: scorekeeper set-photo GAME PLAYER FILE\n"
            + "Run \"scorekeeper help set-photo\" for more.\n"))
    #expect(try sha256Hex(ofDatabaseAt: directory.file("games.sqlite")) == before)
  }
}

extension ProgramTests {
  @Test("config list --origin names a cloud that holds a password without printing it, and writes nothing")
  func originNeverPrintsAPassword() throws {
    let home = directory.file("home")
    let result = run(
      ["config", "list", "--origin"],
      environment: [
        "HOME": home, "SCOREKEEPER_CLOUD": "postgresql://ann:hunter2@db/scores",
        "SCOREKEEPER_DB": "/x/g.sqlite",
        "USER": "ann",
      ])
    #expect(
      result
        == Result(
          status: .success,
          stdout: """
            db = /x/g.sqlite  (environment SCOREKEEPER_DB)
            cloud is not usable (environment SCOREKEEPER_CLOUD): The connection string in SCOREKEEPER_CLOUD holds a password; scorekeeper never stores or prints one. Put it in ~/.pgpass (mode 0600) or a service file and use service=NAME, or leave it out to be asked for it at a terminal.
            listen-cloud =   (default)
            user = ann  (environment USER)
            offline = 0  (default)
            sync-budget = 10  (default)
            color = auto  (default)
            pager = less -FRX  (default)

            """, stderr: ""))
    #expect(!FileManager.default.fileExists(atPath: home))
  }
}

extension ProgramTests {
  @Test(
    "arguments and options are decoded before the command runs: a bad one is refused before any sync",
    arguments: [
      (
        ["score", "Poker", "Ann", "five"],
        "The score change \"five\" needs a sign: +N adds, -N subtracts, =N sets (for example +5).\n"
      ),
      (
        ["add-player", "Poker", "Bob", "--score", "lots"],
        "\"lots\" in \"--score lots\" is not a number (write 5, -3 or 13.5).\n"
          + "Usage: scorekeeper add-player GAME NAME [--score N] [--team TEAM] [--at TIME]\nRun \"scorekeeper help add-player\" for more.\n"
      ),
    ])
  func badValuesRefusedBeforeSync(arguments: [String], message: String) throws {
    #expect(run(["--offline", "add-game", "Poker"]).status == .success)
    #expect(run(["--offline", "add-player", "Poker", "Ann"]).status == .success)
    let before = try sha256Hex(ofDatabaseAt: directory.file("games.sqlite"))
    #expect(run(arguments) == Result(status: .usage, stdout: "", stderr: message))
    // Not even fetched: the cloud was never made, the database never bound.
    #expect(!FileManager.default.fileExists(atPath: directory.file("cloud.sqlite")))
    #expect(try sha256Hex(ofDatabaseAt: directory.file("games.sqlite")) == before)
  }
}
