import Foundation

/// Runs the system commands tests set up with (`chattr`, `initdb`,
/// `pg_ctl`), found on the PATH.
public enum ShellCommand {
  /// Runs `command` and returns what it printed on stdout and stderr;
  /// throws when it exits non-zero.
  @discardableResult
  public static func output(_ command: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = command
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw SetUpFailure("\(command.joined(separator: " ")) exited \(process.terminationStatus): \(output)")
    }
    return output
  }

  /// Runs a command that leaves a daemon behind (`pg_ctl start`), its
  /// output to /dev/null, and waits for the command itself. (Foundation's
  /// `Process` would wait for the daemon too: it holds the pipes.)
  public static func runLeavingDaemon(_ command: [String]) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for descriptor: Int32 in 0...2 {
      posix_spawn_file_actions_addopen(
        &actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
    }
    let arguments = command.map { strdup($0) } + [nil]
    defer { arguments.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, command[0], &actions, nil, arguments, environ)
    guard spawned == 0 else { throw SetUpFailure("\(command[0]): \(String(cString: strerror(spawned)))") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    guard status == 0 else {
      throw SetUpFailure("\(command.joined(separator: " ")) exited with status \(status)")
    }
  }
}

/// A test's set-up that did not work: the test fails, saying why.
public struct SetUpFailure: Error, CustomStringConvertible {
  public let description: String

  public init(_ description: String) {
    self.description = description
  }
}
