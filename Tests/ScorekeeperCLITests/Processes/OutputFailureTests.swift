import Foundation
import ScorekeeperTestSupport
import Testing

/// Output that cannot be written: a full disk is an error worth a message
/// (the printed id is lost, the change is not); a reader that stopped
/// reading (`history | head`) is not.
@Suite(.tags(.process), .runAsTagged) struct OutputFailureTests {
  let binary: BinaryProcess

  init() throws {
    binary = BinaryProcess(directory: try TemporaryDirectory())
  }

  @Test("a full disk on stdout is reported on stderr with status 4, and the change is kept")
  func fullDisk() throws {
    let full = try binary.startShell(#""$0" add-game Go > /dev/full; echo "status $?""#, name: "full")()
    #expect(
      full
        == ProcessResult(
          status: 0, stdout: "status 4\n",
          stderr: "Could not write the output: No space left on device. The command itself ran: "
            + "any change it made is saved.\n"))
    #expect(
      try binary.run(["list"]) == ProcessResult(status: 0, stdout: "0000…0001  0 players  Go\n", stderr: ""))
  }

  @Test("a closed pipe ends the process quietly, killed by SIGPIPE as cat would be")
  func closedPipe() throws {
    _ = try binary.run(["add-game", "Go"])
    let pipe = Pipe()
    try pipe.fileHandleForReading.close()  // nobody will read
    let errors = binary.directory.file("pipe.err")
    _ = FileManager.default.createFile(atPath: errors, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: SharedCopies.builtBinary)
    process.arguments = ["list"]
    process.environment = binary.environment
    process.standardOutput = pipe.fileHandleForWriting
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == SIGPIPE)
    #expect(try String(contentsOfFile: errors, encoding: .utf8) == "")
  }
}
