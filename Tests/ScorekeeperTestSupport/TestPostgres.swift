import Foundation
import ScorekeeperCore
import Synchronization

/// A throwaway PostgreSQL cluster for one test process, started on first
/// use in a temporary directory, reached through a Unix socket only (no
/// TCP port to collide on), without fsync, and stopped when the process
/// exits. Each test makes a database of its own (`newDatabase`), so tests
/// run in parallel. There is no skipping: the test command installs
/// PostgreSQL, and a cluster that cannot start fails the tests that need it.
///
/// As root, `initdb` and `pg_ctl` run as the `postgres` system user
/// (`initdb` refuses root), in a directory owned by that user.
public final class TestPostgres: Sendable {
  /// Where the socket and the cluster live.
  public let directory: String
  /// The cluster's superuser, trusted on the socket.
  public static let admin = "admin"
  private let databases = Atomic<Int>(0)

  private static let cluster = Mutex<Result<TestPostgres, Error>?>(nil)

  /// The process's cluster, started the first time it is asked for.
  public static func shared() throws -> TestPostgres {
    try cluster.withLock { cluster in
      if cluster == nil { cluster = Result { try TestPostgres() } }
      return try cluster!.get()
    }
  }

  private init() throws {
    var template = Array("/tmp/scorekeeper-pg.XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw Failure("mkdtemp: errno \(errno)") }
    directory = String(cString: made)
    let bin = try Self.output(["pg_config", "--bindir"]).trimmingCharacters(in: .whitespacesAndNewlines)
    if geteuid() == 0 { try Self.run(["chown", "postgres:", directory]) }
    try runAsServer(
      [bin + "/initdb", "--no-sync", "-D", directory + "/data", "-A", "trust", "-U", Self.admin, "-E", "UTF8",
       "--locale", "C"])
    // The server outlives pg_ctl and would hold a captured pipe open.
    try runAsServer(
      [bin + "/pg_ctl", "-w", "-D", directory + "/data", "-l", directory + "/server.log",
       "-o", "-k \(directory) -c listen_addresses='' -F", "start"], capturing: false)
    Self.stopAtExit(bin: bin, directory: directory)
  }

  /// A connection string for `database` (default: the cluster's
  /// `postgres`) as `user` (default: the superuser).
  public func connectionString(database: String = "postgres", user: String = TestPostgres.admin) -> String {
    "host=\(directory) dbname=\(database) user=\(user)"
  }

  /// A new, empty database of its own for one test.
  public func newDatabase() throws -> String {
    let name = "test_\(getpid())_\(databases.add(1, ordering: .relaxed).newValue)"
    try PGConnection(connectionString()).query("CREATE DATABASE \(name) TEMPLATE template0")
    return name
  }

  private func runAsServer(_ command: [String], capturing: Bool = true) throws {
    try Self.run(geteuid() == 0 ? ["runuser", "-u", "postgres", "--"] + command : command, capturing: capturing)
  }

  private static func stopAtExit(bin: String, directory: String) {
    stopCommand.withLock { $0 = (bin, directory) }
    atexit {
      guard let (bin, directory) = TestPostgres.stopCommand.withLock({ $0 }) else { return }
      let stop = [bin + "/pg_ctl", "-D", directory + "/data", "-m", "immediate", "stop"]
      _ = try? TestPostgres.run(geteuid() == 0 ? ["runuser", "-u", "postgres", "--"] + stop : stop)
      try? FileManager.default.removeItem(atPath: directory)
    }
  }

  private static let stopCommand = Mutex<(String, String)?>(nil)

  @discardableResult
  private static func run(_ command: [String], capturing: Bool = true) throws -> String {
    try output(command, capturing: capturing)
  }

  /// Runs `command`, returning what it printed (when `capturing`; else
  /// its output is discarded).
  private static func output(_ command: [String], capturing: Bool = true) throws -> String {
    if !capturing {
      let status = try spawnDetached(command)
      guard status == 0 else { throw Failure("\(command.joined(separator: " ")) exited \(status)") }
      return ""
    }
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
      throw Failure("\(command.joined(separator: " ")) exited \(process.terminationStatus): \(output)")
    }
    return output
  }

  /// Runs a command that leaves a daemon behind (`pg_ctl start`): with
  /// no descriptor of this process but /dev/null, so the daemon holds
  /// nothing open here (Foundation's `Process` waits for descriptors it
  /// gave the child to close), and waits for the command itself.
  private static func spawnDetached(_ command: [String]) throws -> Int32 {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for descriptor: Int32 in 0...2 {
      posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
    }
    let arguments = command.map { strdup($0) } + [nil]
    defer { arguments.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, command[0], &actions, nil, arguments, environ)
    guard spawned == 0 else { throw Failure("\(command[0]): \(String(cString: strerror(spawned)))") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    return status
  }

  public struct Failure: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
  }
}
