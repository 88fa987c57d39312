import Foundation
import ScorekeeperTestSupport

/// Runs the built binary as a real process, for what only a process can
/// show: a terminal on stdin, and several processes at once.
struct BinaryProcess {
  struct Result: Equatable {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  let directory: TemporaryDirectory

  var environment: [String: String] {
    [
      "SCOREKEEPER_DB": directory.file("games.sqlite"), "SCOREKEEPER_IDS": "incrementing",
      "SCOREKEEPER_NOW": "2026-01-01T00:00:00Z", "PATH": "/usr/bin:/bin",
    ]
  }

  /// Starts the binary (or `executable`) with `arguments`; stdin defaults
  /// to /dev/null. Returns a function that waits for the result.
  func start(
    _ arguments: [String], executable: String = SharedCopies.builtBinary,
    stdin: FileHandle = .nullDevice, name: String = UUID().uuidString
  ) throws -> () throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    let out = directory.file("\(name).out")
    let err = directory.file("\(name).err")
    _ = FileManager.default.createFile(atPath: out, contents: nil)
    _ = FileManager.default.createFile(atPath: err, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
    process.standardInput = stdin
    try process.run()
    return {
      process.waitUntilExit()
      return Result(
        status: process.terminationStatus,
        stdout: try String(contentsOfFile: out, encoding: .utf8),
        stderr: try String(contentsOfFile: err, encoding: .utf8))
    }
  }

  func run(_ arguments: [String]) throws -> Result {
    try start(arguments)()
  }

  /// Starts `script` in /bin/sh with the binary as $0.
  func startShell(_ script: String, name: String) throws -> () throws -> Result {
    try start(["-c", script, SharedCopies.builtBinary], executable: "/bin/sh", name: name)
  }
}
