import Foundation
import ScorekeeperTestSupport

/// How a finished process ended and what it printed.
struct ProcessResult: Equatable {
  var status: Int32
  var stdout: String
  var stderr: String
}

extension Process {
  /// Starts the process with stdout and stderr going to files named after
  /// `name` in `directory`, and returns a function that waits for it.
  /// Files, not pipes: a process printing 100 KB cannot fill a pipe and hang.
  func startCapturing(
    in directory: TemporaryDirectory, name: String, stdin: FileHandle = .nullDevice
  ) throws -> () throws -> ProcessResult {
    let out = directory.file("\(name).out")
    let err = directory.file("\(name).err")
    _ = FileManager.default.createFile(atPath: out, contents: nil)
    _ = FileManager.default.createFile(atPath: err, contents: nil)
    let stdout = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
    let stderr = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
    standardOutput = stdout
    standardError = stderr
    standardInput = stdin
    try run()
    return {
      self.waitUntilExit()
      try stdout.close()
      try stderr.close()
      return ProcessResult(
        status: self.terminationStatus,
        stdout: try String(contentsOfFile: out, encoding: .utf8),
        stderr: try String(contentsOfFile: err, encoding: .utf8))
    }
  }
}
