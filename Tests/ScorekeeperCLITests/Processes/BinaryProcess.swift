import Foundation
import ScorekeeperTestSupport

/// Runs the built binary as a real process, for what only a process can
/// show: a terminal on stdin, and several processes at once.
struct BinaryProcess {
  let directory: TemporaryDirectory
  /// Variables set over the defaults (another cloud, user or device).
  var overrides: [String: String] = [:]
  /// Variables of the defaults left unset.
  var unset: Set<String> = []

  var environment: [String: String] {
    binaryEnvironment().merging([
      "SCOREKEEPER_DB": directory.file("games.sqlite"), "SCOREKEEPER_CLOUD": directory.file("cloud.sqlite"),
      "SCOREKEEPER_USER": "alice",
    ]) { $1 }.merging(overrides) { $1 }.filter { !unset.contains($0.key) }
  }

  /// Offline, with real ids and time, as a person's database has them,
  /// holding "Poker" with Ann at 1 point.
  static func personalDatabase(in directory: TemporaryDirectory) throws -> BinaryProcess {
    let process = BinaryProcess(
      directory: directory, overrides: ["SCOREKEEPER_OFFLINE": "1"],
      unset: ["SCOREKEEPER_IDS", "SCOREKEEPER_NOW"])
    for arguments in [
      ["add-game", "Poker"], ["add-player", "Poker", "Ann"], ["score", "Poker", "Ann", "+1"],
    ] {
      let result = try process.run(arguments)
      guard result.status == 0 else { throw SetUpFailure("\(arguments): \(result)") }
    }
    return process
  }

  /// Starts the binary (or `executable`) with `arguments`; stdin defaults
  /// to /dev/null. Returns a function that waits for the result.
  func start(
    _ arguments: [String], executable: String = SharedCopies.builtBinary,
    stdin: FileHandle = .nullDevice, name: String = UUID().uuidString
  ) throws -> () throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    return try process.startCapturing(in: directory, name: name, stdin: stdin)
  }

  func run(_ arguments: [String]) throws -> ProcessResult {
    try start(arguments)()
  }

  /// Starts `script` in /bin/sh with the binary as $0 and `arguments` as $1….
  func startShell(_ script: String, name: String, arguments: [String] = []) throws
    -> () throws -> ProcessResult
  {
    try start(["-c", script, SharedCopies.builtBinary] + arguments, executable: "/bin/sh", name: name)
  }
}
