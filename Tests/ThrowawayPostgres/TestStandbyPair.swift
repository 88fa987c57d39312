import Foundation
@_spi(Testing) import ScorekeeperCore

/// A primary and its streaming standby (`pg_basebackup -R`), made for one
/// test in a directory of their own, reached through Unix sockets only,
/// without fsync; stopped and removed when the test lets go of it. For
/// the tests of a standby that takes over (issue 50): the primary's
/// database `scores` has the server side installed, and clients reach
/// whichever server is the primary through one multi-host connection
/// string with `target_session_attrs=read-write`, as libpq documents.
///
/// Slow next to `TestPostgres` (two clusters, a base backup): about two
/// seconds. As root, the servers run as the `postgres` system user.
public final class TestStandbyPair {
  public enum Server: String, Sendable {
    case primary, standby
  }

  /// Where both clusters and their sockets live.
  public let directory: String
  private let bin: String
  /// The port both sockets are named after (each in its own directory).
  public let port = 5432
  public static let database = "scores"
  public let roles = ServerRoles(database: TestStandbyPair.database)

  /// - Parameter synchronous: the primary waits for the standby to have
  ///   each commit before it answers (`synchronous_standby_names`).
  public init(synchronous: Bool = false) throws {
    let parent = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
    var template = Array("\(parent)/scorekeeper-pair.XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw SetUpFailure("mkdtemp: errno \(errno)") }
    directory = String(cString: made)
    bin = try ShellCommand.output(["pg_config", "--bindir"]).trimmingCharacters(in: .whitespacesAndNewlines)
    for server in [Server.primary, .standby] {
      try FileManager.default.createDirectory(atPath: folder(server), withIntermediateDirectories: false)
    }
    if geteuid() == 0 { try ShellCommand.output(["chown", "-R", "postgres:", directory]) }
    try ShellCommand.output(
      TestPostgres.asServer([
        bin + "/initdb", "--no-sync", "-D", folder(.primary) + "/data", "--auth-local=trust",
        "-U", TestPostgres.admin, "-E", "UTF8", "--locale", "C",
      ]))
    try start(.primary, synchronous ? ["-c", "synchronous_standby_names=standby"] : [])
    try ShellCommand.output(
      TestPostgres.asServer([
        bin + "/pg_basebackup", "-D", folder(.standby) + "/data", "-R", "-X", "stream", "-c", "fast",
        "-d", connectionString(.primary, database: "postgres", user: TestPostgres.admin),
      ]))
    // (The walreceiver names itself after cluster_name: what
    // synchronous_standby_names waits for.)
    try start(.standby, ["-c", "cluster_name=standby"])
    let admin = try PGConnection(connectionString(.primary, database: "postgres", user: TestPostgres.admin))
    try admin.queryAlone("CREATE DATABASE \(Self.database)")
    let connection = try PGConnection(
      connectionString(.primary, database: Self.database, user: TestPostgres.admin))
    defer { connection.close() }
    _ = try ServerInstaller(connection: connection).install()
  }

  deinit {
    for server in [Server.standby, .primary] {
      _ = try? ShellCommand.output(
        TestPostgres.asServer([bin + "/pg_ctl", "-D", folder(server) + "/data", "-m", "immediate", "stop"]))
    }
    try? FileManager.default.removeItem(atPath: directory)
  }

  private func folder(_ server: Server) -> String { directory + "/" + server.rawValue }

  private func start(_ server: Server, _ settings: [String]) throws {
    try ShellCommand.runLeavingDaemon(
      TestPostgres.asServer([
        bin + "/pg_ctl", "-w", "-D", folder(server) + "/data", "-l", folder(server) + "/server.log", "-o",
        (["-k \(folder(server)) -p \(port) -c listen_addresses='' -F"] + settings).joined(separator: " "),
        "start",
      ]))
  }

  /// One server, as `user` (nil: none named).
  public func connectionString(_ server: Server, database: String = database, user: String?) -> String {
    "host=\(folder(server)) port=\(port) dbname=\(database)" + (user.map { " user=\($0)" } ?? "")
  }

  /// Whichever of the two takes writes, as `user`: libpq tries both.
  public func primaryConnectionString(user: String?) -> String {
    "host=\(folder(.primary)),\(folder(.standby)) port=\(port),\(port) dbname=\(Self.database) "
      + "target_session_attrs=read-write" + (user.map { " user=\($0)" } ?? "")
  }

  /// A login role in the cloud's users group (on the primary; the
  /// standby has it once it has replayed that far).
  public func ensureUser(_ name: String) throws {
    let admin = try PGConnection(connectionString(.primary, user: TestPostgres.admin))
    try admin.query("CREATE ROLE \(quotedIdentifier(name)) LOGIN")
    try admin.query("GRANT \(quotedIdentifier(roles.users)) TO \(quotedIdentifier(name))")
  }

  /// Waits (within 30 s) until the standby has replayed everything the
  /// primary wrote so far.
  public func waitForStandby() throws {
    let primary = try PGConnection(connectionString(.primary, user: TestPostgres.admin))
    let standby = try PGConnection(connectionString(.standby, user: TestPostgres.admin))
    let written = try require_(try primary.query("SELECT pg_current_wal_lsn()::text").scalar)
    let deadline = Date().addingTimeInterval(30)
    while try standby.query("SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn", [written]).scalar != "t" {
      guard Date() < deadline else {
        throw SetUpFailure("the standby did not replay up to \(written) in 30 s")
      }
      usleep(10_000)
    }
  }

  /// Cuts the standby off from the primary, as a network partition or a
  /// lagging standby would: what the primary writes from now on, the
  /// standby never gets.
  public func holdStandbyBehind() throws {
    let standby = try PGConnection(connectionString(.standby, user: TestPostgres.admin))
    try standby.queryAlone("ALTER SYSTEM SET primary_conninfo = ''")
    try standby.query("SELECT pg_reload_conf()")
    let deadline = Date().addingTimeInterval(30)
    while try standby.query("SELECT count(*) FROM pg_stat_wal_receiver").scalar != "0" {
      guard Date() < deadline else { throw SetUpFailure("the standby's WAL receiver did not stop in 30 s") }
      usleep(10_000)
    }
  }

  /// The primary dies as in a power cut: no shutdown checkpoint, clients
  /// cut off.
  public func crashPrimary() throws {
    try ShellCommand.output(
      TestPostgres.asServer([bin + "/pg_ctl", "-D", folder(.primary) + "/data", "-m", "immediate", "stop"]))
  }

  /// The standby becomes the primary (a new timeline), once it takes writes.
  public func promoteStandby() throws {
    try ShellCommand.output(
      TestPostgres.asServer([bin + "/pg_ctl", "-w", "-D", folder(.standby) + "/data", "promote"]))
  }

  /// A base backup of the primary as it is now (`pg_basebackup -X
  /// stream`, what a backup tool takes), named `name`.
  public func backUpPrimary(as name: String) throws {
    try ShellCommand.output(
      TestPostgres.asServer([
        bin + "/pg_basebackup", "-D", directory + "/" + name, "-X", "stream", "-c", "fast",
        "-d", connectionString(.primary, database: "postgres", user: TestPostgres.admin),
      ]))
  }

  /// The primary put back from the backup `name`, as an administrator
  /// restores one after losing the server: stopped, its data replaced by
  /// a copy of the backup's, started (it recovers to the backup's end and
  /// takes writes on the same timeline).
  public func restorePrimary(from name: String) throws {
    let data = folder(.primary) + "/data"
    try ShellCommand.output(
      TestPostgres.asServer([bin + "/pg_ctl", "-D", data, "-m", "immediate", "stop"]))
    try ShellCommand.output(TestPostgres.asServer(["rm", "-rf", data]))
    try ShellCommand.output(TestPostgres.asServer(["cp", "-a", directory + "/" + name, data]))
    try start(.primary, [])
  }
}

/// `value`, or a set-up failure saying it was missing.
private func require_<T>(_ value: T?) throws -> T {
  guard let value else { throw SetUpFailure("a value the set-up needed was missing") }
  return value
}
