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
  private let users = Mutex<Set<String>>([])

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
    guard let made = mkdtemp(&template) else { throw SetUpFailure("mkdtemp: errno \(errno)") }
    directory = String(cString: made)
    let bin = try ShellCommand.output(["pg_config", "--bindir"]).trimmingCharacters(
      in: .whitespacesAndNewlines)
    if geteuid() == 0 { try ShellCommand.output(["chown", "postgres:", directory]) }
    try ShellCommand.output(
      Self.asServer(
        [
          bin + "/initdb", "--no-sync", "-D", directory + "/data", "-A", "trust", "-U", Self.admin, "-E",
          "UTF8",
          "--locale", "C",
        ]))
    try ShellCommand.runLeavingDaemon(
      Self.asServer(
        [
          bin + "/pg_ctl", "-w", "-D", directory + "/data", "-l", directory + "/server.log",
          "-o", "-k \(directory) -c listen_addresses='' -F", "start",
        ]))
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

  /// A login role for `name`, made once per cluster (roles are
  /// cluster-wide; each test's database grants it its users group).
  public func ensureUser(_ name: String) throws {
    try users.withLock { users in
      guard !users.contains(name) else { return }
      try PGConnection(connectionString()).query("CREATE ROLE \(Self.identifier(name)) LOGIN")
      users.insert(name)
    }
  }

  /// `name` as a quoted SQL identifier.
  public static func identifier(_ name: String) -> String {
    "\"" + name.replacing("\"", with: "\"\"") + "\""
  }

  /// As root, commands for the cluster run as the `postgres` system user.
  private static func asServer(_ command: [String]) -> [String] {
    geteuid() == 0 ? ["runuser", "-u", "postgres", "--"] + command : command
  }

  private static func stopAtExit(bin: String, directory: String) {
    stopCommand.withLock { $0 = (bin, directory) }
    atexit {
      guard let (bin, directory) = TestPostgres.stopCommand.withLock({ $0 }) else { return }
      let stop = [bin + "/pg_ctl", "-D", directory + "/data", "-m", "immediate", "stop"]
      _ = try? ShellCommand.output(TestPostgres.asServer(stop))
      try? FileManager.default.removeItem(atPath: directory)
    }
  }

  private static let stopCommand = Mutex<(String, String)?>(nil)
}
