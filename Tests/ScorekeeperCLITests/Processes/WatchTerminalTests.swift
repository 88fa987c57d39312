import Foundation
import ScorekeeperTestSupport
import Testing

/// `watch` on a terminal (issue 34): the full-screen view, from the real
/// binary on a real pseudo-terminal (`script` runs it there and copies
/// what the screen gets): the alternate screen, a frame redrawn in place
/// on a change, the terminal's size followed, and the terminal put back
/// as it was on `q` and on SIGTERM.
@Suite(.tags(.process), .runAsTagged(hardTimeLimit: 120)) struct WatchTerminalTests {
  let directory: TemporaryDirectory
  let environment: [String: String]

  init() throws {
    directory = try TemporaryDirectory()
    environment = binaryEnvironment(now: "2026-01-01T12:00:00Z").merging([
      "TERM": "xterm", "HOME": directory.path, "SCOREKEEPER_DB": directory.file("games.sqlite"),
      "SCOREKEEPER_OFFLINE": "1",
    ]) { $1 }
    for arguments in [["add-game", "Poker"], ["add-player", "Poker", "Ann", "--score", "3"]] {
      #expect(try run(arguments).status == 0)
    }
  }

  func run(_ arguments: [String]) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: SharedCopies.builtBinary)
    process.arguments = arguments
    process.environment = environment
    return try process.startCapturing(in: directory, name: UUID().uuidString)()
  }

  /// Starts `script` running `shell` (with the binary as $0) on a pseudo-
  /// terminal, its screen in screen.out; the pipe is its keyboard.
  func startTerminal(_ shell: String) throws -> (keyboard: Pipe, result: () throws -> ProcessResult) {
    let keyboard = Pipe()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    let command = "sh -c '\(shell)' '\(SharedCopies.builtBinary)'"
    process.arguments = ["-q", "-e", "-c", command, "/dev/null"]
    process.environment = environment
    return (
      keyboard,
      try process.startCapturing(in: directory, name: "screen", stdin: keyboard.fileHandleForReading)
    )
  }

  /// What the screen got so far, once it holds `text` (or 30 s passed).
  func screen(containing text: String) throws -> String {
    try Polling.value({ try String(contentsOfFile: directory.file("screen.out"), encoding: .utf8) }) {
      $0.contains(text)
    }
  }

  static let enter = "\u{1B}[?1049h\u{1B}[?25l"
  static let leave = "\u{1B}[?25h\u{1B}[?1049l"
  static func header(_ change: String) -> String {
    "\u{1B}[2mlast change: Ann \(change), 0 s ago · offline: this database only · q quits\u{1B}[0m"
  }

  /// A frame as drawn: from the top left, each line cleared to its end,
  /// the rest of the screen cleared.
  static func frame(_ lines: [String]) -> String {
    "\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n") + "\u{1B}[J"
  }

  static func standings(_ score: Int, change: String = "+3") -> [String] {
    [header(change), "", "Poker (1 player)", "  \u{1B}[1m1\u{1B}[0m  \(score)  Ann"]
  }

  @Test("a change is drawn in place on the alternate screen; q leaves it, the terminal as it was")
  func quitWithQ() throws {
    let terminal = try startTerminal(#"stty -g; "$0" watch Poker; echo "status=$?"; stty -g"#)
    _ = try screen(containing: Self.frame(Self.standings(3)))
    #expect(try run(["score", "Poker", "Ann", "+2"]).status == 0)
    _ = try screen(containing: Self.frame(Self.standings(5, change: "+2")))
    terminal.keyboard.fileHandleForWriting.write(Data("q".utf8))
    let result = try terminal.result()
    #expect(result.status == 0, "\(result)")
    let lines = result.stdout.split(separator: "\r\n", omittingEmptySubsequences: false)
    let settings = try #require(lines.first)
    // The terminal's settings after are those before (echo, line editing back).
    expectNoDifference(
      result.stdout,
      "\(settings)\r\n" + Self.enter + Self.frame(Self.standings(3))
        + Self.frame(Self.standings(5, change: "+2"))
        + Self.leave + "status=0\r\n\(settings)\r\n")
  }

  @Test(
    "a frame is cut to the terminal's rows and columns, and drawn again when it narrows; SIGTERM ends the watch by the signal, terminal back"
  )
  func resizeAndTerminate() throws {
    // In the background of a shell that is not interactive, the watch
    // reads no keys (its stdin is /dev/null), and its screen is the
    // terminal's; stty's resize sends it SIGWINCH.
    let terminal = try startTerminal(
      #"stty -g; stty rows 3; "$0" watch Poker & p=$!; sleep 1; stty cols 20; "#
        + #"sleep 1; kill -TERM $p; wait $p 2>/dev/null; echo "status=$?"; stty -g"#)
    let result = try terminal.result()
    let settings = try #require(result.stdout.split(separator: "\r\n").first)
    // Narrowed, the header is broken between words, not cut mid-word.
    let narrow = Self.frame(
      ["last change: Ann +3,", "0 s ago offline:", "this database only"].map { "\u{1B}[2m\($0)\u{1B}[0m" })
    expectNoDifference(
      result.stdout,
      "\(settings)\r\n" + Self.enter + Self.frame(Array(Self.standings(3).prefix(3))) + narrow + Self.leave
        + "status=143\r\n\(settings)\r\n")
  }
}
