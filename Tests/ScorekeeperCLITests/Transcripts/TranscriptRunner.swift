import Foundation
import ScorekeeperTestSupport

/// Runs transcripts against the built `scorekeeper` binary, one fresh
/// home directory per transcript, with deterministic ids and time.
///
/// Every step runs in `/bin/sh` with the binary first on PATH, so steps can
/// also set up files (`printf … > notes.txt`, `chmod 444 …`). When the tests
/// run as root, steps run as the unprivileged user `nobody` (via
/// `setpriv`), so file permissions mean what they mean for real users.
struct TranscriptRunner {
  /// The fixed moment of every transcript (SCOREKEEPER_NOW).
  static let now = "2026-01-01T12:00:00Z"

  /// A live server's connection string, to run against instead of the
  /// mock cloud's file `team.sqlite`; nil for the mock.
  var live: String? = nil

  /// The mock cloud every syncing transcript names.
  static let mockCloud = "team.sqlite"

  enum Outcome: Equatable {
    case matched
    /// The actual session differs; `diff` shows how (− expected, + actual).
    case mismatch(diff: String)
    /// Recording mode wrote a changed transcript; the run still fails so
    /// a freshly recorded golden never passes unreviewed.
    case recorded(diff: String)
  }

  /// Whether `make golden` asked to rewrite the files.
  static var isRecording: Bool {
    ProcessInfo.processInfo.environment["SCOREKEEPER_RECORD"] == "1"
  }

  /// Runs the steps of `transcript` and returns each step's output.
  func run(_ transcript: Transcript) throws -> [[String]] {
    let home = try TemporaryDirectory(prefix: "scorekeeper-transcript")
    let binaryDirectory = try SharedCopies.binaryDirectory()
    let fixtures = try SharedCopies.fixturesDirectory()
    if Self.runsUnprivileged {
      try FileManager.default.setAttributes(
        [.ownerAccountID: 65534, .groupOwnerAccountID: 65534], ofItemAtPath: home.path)
    }
    let captures = try TemporaryDirectory(prefix: "scorekeeper-steps")
    // The program prints resolved paths (status shows where the cloud is):
    // those are the home too.
    let homes = [home.path, URL(fileURLWithPath: home.path).resolvingSymlinksInPath().path]
    func relative(_ text: String) -> String {
      homes.reduce(text) { $0.replacing($1, with: "~") }
    }
    return try transcript.commands.enumerated().map { index, command in
      let result = try runStep(
        live == nil ? command : command.replacing(Self.mockCloud, with: "\"$LIVE_CLOUD\""), home: home.path,
        binaryDirectory: binaryDirectory, fixtures: fixtures, capture: captures, name: "step\(index)")
      return Transcript.output(
        stdout: relative(asOnMock(result.stdout)), stderr: relative(asOnMock(result.stderr)),
        status: result.status)
    }
  }

  /// On a live server, what the mock prints: the only differences allowed
  /// are those naming the backend. The mode says "live", status has a
  /// Server line (or key), and the cloud is named by its connection
  /// string, where the mock's transcript has `~/team.sqlite`.
  private func asOnMock(_ text: String) -> String {
    guard let live else { return text }
    return text.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.hasPrefix("Server:      ") }
      .map { line in
        if line == "Mode:        live (PostgreSQL)" { return "Mode:        mock cloud" }
        if line == "  \"mode\": \"live\"," { return "  \"mode\": \"mock\"," }
        if line.hasPrefix("  \"server\": {") {
          return "  \"server\": null" + (line.hasSuffix(",") ? "," : "")
        }
        return String(line).replacing(live, with: "~/" + Self.mockCloud)
      }.joined(separator: "\n")
  }

  /// Checks (or, when recording, rewrites) the transcript stored at `path`
  /// by running its steps. On a live server, only the steps that run
  /// there, and never recording: the mock's transcript is the golden one.
  func check(fileAt path: String) throws -> Outcome {
    let expectedText = try String(contentsOfFile: path, encoding: .utf8)
    let expected =
      live == nil ? Transcript(parsing: expectedText) : Transcript(parsing: expectedText).liveSteps
    let actual = expected.replacingOutputs(try run(expected))
    // The mock's run compares with the file as written, byte for byte.
    guard actual.text != (live == nil ? expectedText : expected.text) else { return .matched }
    let diff = renderDiff(lineDiff(expected: expected.lines, actual: actual.lines))
    if Self.isRecording && live == nil {
      try actual.text.write(toFile: path, atomically: true, encoding: .utf8)
      return .recorded(diff: diff)
    }
    return .mismatch(diff: diff)
  }

  private static let runsUnprivileged = geteuid() == 0

  private func runStep(
    _ command: String, home: String, binaryDirectory: String, fixtures: String,
    capture: TemporaryDirectory, name: String
  ) throws -> ProcessResult {
    let process = Process()
    let shell = ["/bin/sh", "-c", command]
    if Self.runsUnprivileged {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
      process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups"] + shell
    } else {
      process.executableURL = URL(fileURLWithPath: shell[0])
      process.arguments = Array(shell.dropFirst())
    }
    process.currentDirectoryURL = URL(fileURLWithPath: home)
    process.environment = [
      "HOME": home,
      "PATH": "\(binaryDirectory):/usr/local/bin:/usr/bin:/bin",
      "LANG": "C.UTF-8",
      "TZ": "UTC",
      "SCOREKEEPER_TESTING": "1",
      "SCOREKEEPER_IDS": "incrementing",
      "SCOREKEEPER_NOW": Self.now,
      // Files that steps may copy (`cp "$FIXTURES/files/…" .`).
      "FIXTURES": fixtures,
    ].merging(live.map { ["LIVE_CLOUD": $0] } ?? [:]) { $1 }
    return try process.startCapturing(in: capture, name: name)()
  }
}
