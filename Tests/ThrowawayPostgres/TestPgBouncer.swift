import Foundation
import Synchronization

/// A throwaway PgBouncer in front of the process's cluster, as a hosted
/// service runs one: transaction pooling, every other setting PgBouncer's
/// default. Started on first use, reached through a Unix socket of its
/// own, stopped with the cluster. Any role the cluster has may log in
/// (PgBouncer asks the cluster through its administrator, `auth_user`),
/// trusted as the cluster's socket trusts them.
///
/// As root, PgBouncer runs as the `postgres` system user, as the cluster
/// does (it refuses root).
public final class TestPgBouncer: Sendable {
  /// Where its socket, configuration and log live.
  public let directory: String
  /// The port its socket is named after (the cluster's: another directory).
  public let port: Int

  private static let pooler = Mutex<Result<TestPgBouncer, Error>?>(nil)

  /// The process's PgBouncer, started (with the cluster) the first time
  /// it is asked for.
  public static func shared() throws -> TestPgBouncer {
    try pooler.withLock { pooler in
      if pooler == nil { pooler = Result { try TestPgBouncer(in: try TestPostgres.shared()) } }
      return try pooler!.get()
    }
  }

  private init(in cluster: TestPostgres) throws {
    directory = cluster.directory + "/bouncer"
    port = cluster.port
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    let configuration = """
      [databases]
      * = host=\(cluster.directory) port=\(cluster.port)
      [pgbouncer]
      listen_addr =
      listen_port = \(port)
      unix_socket_dir = \(directory)
      pool_mode = transaction
      auth_type = trust
      auth_user = \(TestPostgres.admin)
      auth_file = \(directory)/users.txt
      logfile = \(directory)/pgbouncer.log
      pidfile = \(directory)/pgbouncer.pid
      """
    try configuration.write(toFile: directory + "/pgbouncer.ini", atomically: false, encoding: .utf8)
    try "\"\(TestPostgres.admin)\" \"\"\n".write(
      toFile: directory + "/users.txt", atomically: false, encoding: .utf8)
    if geteuid() == 0 { try ShellCommand.output(["chown", "-R", "postgres:", directory]) }
    try ShellCommand.runLeavingDaemon(
      TestPostgres.asServer([try Self.program(), "-d", directory + "/pgbouncer.ini"]))
    TestPostgres.stopAtExit(pooler: directory + "/pgbouncer.pid")
    // The daemon listens a moment after its parent returned.
    let socket = "\(directory)/.s.PGSQL.\(port)"
    let deadline = Date().addingTimeInterval(10)
    while access(socket, F_OK) != 0 {
      guard Date() < deadline else {
        let log = (try? String(contentsOfFile: directory + "/pgbouncer.log", encoding: .utf8)) ?? ""
        throw SetUpFailure("PgBouncer did not listen on \(socket) within 10 s: \(log)")
      }
      usleep(10_000)
    }
  }

  /// Debian installs PgBouncer in /usr/sbin, which a user's PATH may lack.
  private static func program() throws -> String {
    for candidate in ["/usr/sbin/pgbouncer", "/usr/bin/pgbouncer"] where access(candidate, X_OK) == 0 {
      return candidate
    }
    throw SetUpFailure("no pgbouncer (the test command installs Debian's package)")
  }

  /// A connection string for `database` as `user` (nil: none named),
  /// through the pooler.
  public func connectionString(database: String, user: String?) -> String {
    "host=\(directory) port=\(port) dbname=\(database)" + (user.map { " user=\($0)" } ?? "")
  }
}
