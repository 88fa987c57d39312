import Foundation
@_spi(Testing) import ScorekeeperCore
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
  /// The port of the socket and of TCP on 127.0.0.1 (SCRAM passwords).
  public let port: Int
  /// Where the server's programs are (`psql`, `pg_dump`, …).
  public let bin: String
  private let databases = Atomic<Int>(0)
  /// Logins made, and those granted the cloud's users group.
  private let users = Mutex<(logins: Set<String>, members: Set<String>)>(([], []))

  private static let cluster = Mutex<Result<TestPostgres, Error>?>(nil)

  /// The process's cluster, started the first time it is asked for.
  public static func shared() throws -> TestPostgres {
    try cluster.withLock { cluster in
      if cluster == nil { cluster = Result { try TestPostgres() } }
      return try cluster!.get()
    }
  }

  /// A cluster of its own beside the shared one, stopped at exit like it:
  /// for what needs server settings of its own (`settings`, each
  /// `name=value`, as the server's `-c` options), such as more
  /// connections than the default 100.
  public static func started(settings: [String]) throws -> TestPostgres {
    try TestPostgres(settings: settings)
  }

  private init(settings: [String] = []) throws {
    // NB: In memory where the system offers it: each test's database is a
    // few hundred files, and creating them on a disk's file system costs
    // more than the test itself.
    let parent = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
    var template = Array("\(parent)/scorekeeper-pg.XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw SetUpFailure("mkdtemp: errno \(errno)") }
    directory = String(cString: made)
    bin = try ShellCommand.output(["pg_config", "--bindir"]).trimmingCharacters(
      in: .whitespacesAndNewlines)
    if geteuid() == 0 {
      try ShellCommand.output(["chown", "postgres:", directory])
      // Transcript steps run as `nobody`, and reach the socket in here.
      chmod(directory, 0o755)
    }
    // The socket trusts (the tests' own processes); TCP asks for a SCRAM
    // password, as a real server would.
    try ShellCommand.output(
      Self.asServer(
        [
          bin + "/initdb", "--no-sync", "-D", directory + "/data", "--auth-local=trust",
          "--auth-host=scram-sha-256", "-U", Self.admin, "-E", "UTF8", "--locale", "C",
        ]))
    try Self.makeCertificate(in: directory)
    // NB: A free port now may be taken before the server binds it; then
    // the start fails and another port is tried.
    var started: Int?
    for _ in 1...5 where started == nil {
      let candidate = try Self.freeLoopbackPort()
      do {
        try ShellCommand.runLeavingDaemon(
          Self.asServer(
            [
              bin + "/pg_ctl", "-w", "-D", directory + "/data", "-l", directory + "/server.log",
              "-o",
              "-k \(directory) -p \(candidate) -c listen_addresses=127.0.0.1 -F -c ssl=on "
                + "-c ssl_cert_file=\(directory)/server.crt -c ssl_key_file=\(directory)/server.key"
                + settings.map { " -c " + $0 }.joined(),
              "start",
            ]))
        started = candidate
      } catch {
        continue
      }
    }
    guard let started else {
      throw SetUpFailure("the cluster in \(directory) did not start on any port tried")
    }
    port = started
    Self.stopAtExit(bin: bin, directory: directory)
  }

  /// A self-signed certificate for "localhost" (its own CA), so TCP
  /// connections use TLS and a client can be shown one it does not trust
  /// (or trusts, but for another host name). Made by openssl, the
  /// server's key readable by the server alone.
  private static func makeCertificate(in directory: String) throws {
    try ShellCommand.output([
      "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
      "-days", "2", "-subj", "/CN=localhost", "-keyout", directory + "/server.key", "-out",
      directory + "/server.crt",
    ])
    chmod(directory + "/server.key", 0o600)
    chmod(directory + "/server.crt", 0o644)
    if geteuid() == 0 {
      try ShellCommand.output(["chown", "postgres:", directory + "/server.key", directory + "/server.crt"])
    }
  }

  /// The server's certificate, which is its own CA: a client that names it
  /// as `sslrootcert` trusts the server (for the host name "localhost").
  public var certificate: String { directory + "/server.crt" }

  /// A connection string for `database` (default: the cluster's
  /// `postgres`) as `user` (default: the superuser; nil: none named),
  /// through the socket.
  public func connectionString(database: String = "postgres", user: String? = TestPostgres.admin) -> String {
    "host=\(directory) port=\(port) dbname=\(database)" + (user.map { " user=\($0)" } ?? "")
  }

  /// The cluster's Unix socket (where it trusts every role), as a file.
  public var socketPath: String { "\(directory)/.s.PGSQL.\(port)" }

  /// The same through TCP on 127.0.0.1, where the server asks for the
  /// user's password.
  public func tcpConnectionString(database: String, user: String?) -> String {
    "host=127.0.0.1 port=\(port) dbname=\(database)" + (user.map { " user=\($0)" } ?? "")
  }

  /// A port on 127.0.0.1 that nothing listens on now.
  private static func freeLoopbackPort() throws -> Int {
    let (socket, port) = try boundLoopbackSocket()
    close(socket)
    return port
  }

  /// A TCP socket bound to a free port on 127.0.0.1 (SO_REUSEADDR, not
  /// listening yet), and the port: the caller closes it.
  public static func boundLoopbackSocket() throws -> (socket: Int32, port: Int) {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw SetUpFailure("socket: errno \(errno)") }
    var yes: Int32 = 1
    setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
      }
    }
    guard bound else {
      close(socket)
      throw SetUpFailure("bind: errno \(errno)")
    }
    return (socket, Int(UInt16(bigEndian: address.sin_port)))
  }

  /// A new, empty database of its own for one test.
  public func newDatabase() throws -> String {
    let name = "test_\(getpid())_\(databases.add(1, ordering: .relaxed).newValue)"
    try PGConnection(connectionString()).queryAlone("CREATE DATABASE \(name) TEMPLATE template0")
    return name
  }

  /// A new database with the server side installed, copied from a
  /// template installed once per cluster (a copy takes half the time of
  /// an install). Its roles are the template's (`cloudRoles`); its
  /// identity is its own, as an install would make it. It is a test
  /// server (`testSwitches`): share links are sequential, as the mock's.
  public func newCloudDatabase() throws -> String {
    try installTemplate()
    let name = "test_\(getpid())_\(databases.add(1, ordering: .relaxed).newValue)"
    try PGConnection(connectionString()).queryAlone("CREATE DATABASE \(name) TEMPLATE \(Self.cloudTemplate)")
    try PGConnection(connectionString(database: name)).query(
      """
      UPDATE scorekeeper.server SET identity = 'postgres-' || system_identifier || '/' || current_database()
      FROM pg_control_system()
      """)
    return name
  }

  /// The template every cloud database is copied from, installed once;
  /// its install makes the group roles too.
  private func installTemplate() throws {
    try templateInstalled.withLock { installed in
      if installed == nil {
        installed = Result {
          try PGConnection(connectionString()).queryAlone(
            "CREATE DATABASE \(Self.cloudTemplate) TEMPLATE template0")
          let connection = try PGConnection(connectionString(database: Self.cloudTemplate))
          defer { connection.close() }  // a template is copied only while nobody is connected to it
          _ = try ServerInstaller(connection: connection).install()
          try ServerInstaller.run(
            try String(contentsOfFile: Self.testSwitches, encoding: .utf8), roles: cloudRoles, on: connection)
        }
      }
      try installed!.get()
    }
  }

  /// The SQL that makes a server a test server (`test-switches.sql`,
  /// beside this file): share links in order, and a setting that saves
  /// records one by one.
  static let testSwitches = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appending(path: "test-switches.sql").path(percentEncoded: false)

  /// The group roles of every database `newCloudDatabase` makes.
  public var cloudRoles: ServerRoles { ServerRoles(database: Self.cloudTemplate) }

  private static let cloudTemplate = "cloud_template"
  private let templateInstalled = Mutex<Result<Void, Error>?>(nil)

  /// A login role for `name`, made once per cluster (roles are
  /// cluster-wide), and a member of the users group of the databases
  /// `newCloudDatabase` makes, unless `joining` is false.
  public func ensureUser(_ name: String, joining: Bool = true) throws {
    try installTemplate()  // the users group is made with it
    try users.withLock { users in
      let admin = try PGConnection(connectionString())
      if !users.logins.contains(name) {
        try admin.query("CREATE ROLE \(quotedIdentifier(name)) LOGIN")
        users.logins.insert(name)
      }
      // NB: Under the lock: two GRANTs of one membership at once collide.
      if joining, !users.members.contains(name) {
        try admin.query("GRANT \(quotedIdentifier(cloudRoles.users)) TO \(quotedIdentifier(name))")
        users.members.insert(name)
      }
    }
  }

  /// As root, commands for the cluster run as the `postgres` system user.
  static func asServer(_ command: [String]) -> [String] {
    geteuid() == 0 ? ["runuser", "-u", "postgres", "--"] + command : command
  }

  private static func stopAtExit(bin: String, directory: String) {
    let first = clusters.withLock { clusters in
      defer { clusters.append((bin, directory)) }
      return clusters.isEmpty
    }
    if first { atexit { TestPostgres.stopCluster() } }
  }

  /// A pooler in front of the cluster (`TestPgBouncer`), stopped with it:
  /// its pid file.
  static func stopAtExit(pooler pidFile: String) {
    poolerPIDFile.withLock { $0 = pidFile }
  }

  /// Stops the process's clusters, if any were started, and removes them:
  /// at exit, and before a test process is stopped on purpose (an abort
  /// runs no atexit handler, and would leave the clusters running).
  public static func stopCluster() {
    let started = clusters.withLock { clusters in
      defer { clusters = [] }
      return clusters
    }
    guard !started.isEmpty else { return }
    if let pidFile = poolerPIDFile.withLock({ $0 }),
      let pid = (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap({
        pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
      })
    {
      kill(pid, SIGTERM)
    }
    for (bin, directory) in started {
      let stop = [bin + "/pg_ctl", "-D", directory + "/data", "-m", "immediate", "stop"]
      _ = try? ShellCommand.output(asServer(stop))
      try? FileManager.default.removeItem(atPath: directory)
    }
  }

  /// Each started cluster's programs and directory.
  private static let clusters = Mutex<[(bin: String, directory: String)]>([])
  private static let poolerPIDFile = Mutex<String?>(nil)
}
