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
    // NB: Nothing else goes along: a daemon holding an inherited descriptor
    // keeps it for good. Foundation's `Process` learns that a child exited
    // when a socket it gave the child closes; a server started while
    // another test spawned its process held that socket, and the test
    // waited forever for a child long dead (a zombie).
    try closeEverythingAbove(2, in: &actions)
    // NB: Nor the signals this thread blocks: a daemon that inherits them
    // (PgBouncer, which leaves its mask as it finds it) never hears the
    // SIGTERM that stops it, and outlives the tests.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let arguments = command.map { strdup($0) } + [nil]
    defer { arguments.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, command[0], &actions, &attributes, arguments, environ)
    guard spawned == 0 else { throw SetUpFailure("\(command[0]): \(String(cString: strerror(spawned)))") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    guard status == 0 else {
      throw SetUpFailure("\(command.joined(separator: " ")) exited with status \(status)")
    }
  }
}

/// Makes a spawn close every descriptor above `lowest`
/// (`posix_spawn_file_actions_addclosefrom_np`, glibc 2.34, which Swift's
/// Glibc module does not declare: looked up by name).
private func closeEverythingAbove(_ lowest: Int32, in actions: inout posix_spawn_file_actions_t) throws {
  typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
  guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else {
    throw SetUpFailure(
      "this C library cannot close a spawned process's descriptors (glibc 2.34 or later can)")
  }
  let closeFrom = unsafeBitCast(symbol, to: CloseFrom.self)
  guard closeFrom(&actions, lowest + 1) == 0 else { throw SetUpFailure("closefrom: errno \(errno)") }
}

/// A test's set-up that did not work: the test fails, saying why.
public struct SetUpFailure: Error, CustomStringConvertible {
  public let description: String

  public init(_ description: String) {
    self.description = description
  }
}
