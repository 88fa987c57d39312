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
        command, home: home.path, binaryDirectory: binaryDirectory, fixtures: fixtures,
        capture: captures, name: "step\(index)")
      return Transcript.output(
        stdout: relative(result.stdout), stderr: relative(result.stderr), status: result.status)
    }
  }

  /// Checks (or, when recording, rewrites) the transcript stored at `path`
  /// by running its steps.
  func check(fileAt path: String) throws -> Outcome {
    let expectedText = try String(contentsOfFile: path, encoding: .utf8)
    let expected = Transcript(parsing: expectedText)
    let actual = expected.replacingOutputs(try run(expected))
    guard actual.text != expectedText else { return .matched }
    let diff = renderDiff(lineDiff(expected: expected.lines, actual: actual.lines))
    if Self.isRecording {
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
      "SCOREKEEPER_IDS": "incrementing",
      "SCOREKEEPER_NOW": Self.now,
      // Files that steps may copy (`cp "$FIXTURES/files/…" .`).
      "FIXTURES": fixtures,
    ]
    return try process.startCapturing(in: capture, name: name)()
  }
}
