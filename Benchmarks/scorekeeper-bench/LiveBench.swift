import Glibc
import ScorekeeperCore
import ThrowawayPostgres

/// A live server for the benchmarks: a throwaway cluster (socket, and TCP
/// on 127.0.0.1 with a SCRAM password), one database per cloud asked for.
enum LiveBench {
  static let user = "bench"
  static let password = "bench-password"

  static func server() throws -> TestPostgres {
    let server = try TestPostgres.shared()
    try server.ensureUser(user)
    try PGConnection(server.connectionString()).query(
      "ALTER ROLE \(user) PASSWORD '\(password)'")
    return server
  }

  /// Writes out what the benchmarks before left to write (the server's
  /// dirty buffers, the files' dirty pages), so that it is not written on
  /// the same two cores while the next ones are timed.
  static func settle(_ server: TestPostgres) throws {
    try PGConnection(server.connectionString()).query("CHECKPOINT")
    Glibc.sync()
  }

  /// The psql of the server's installation.
  static func psql() throws -> [String] {
    [try ShellCommand.output(["pg_config", "--bindir"]).split(separator: "\n")[0] + "/psql"]
  }

  /// The sync bench's two live backends: socket and TCP.
  static func backends(_ server: TestPostgres) -> [SyncBench.Backend] {
    [("pg socket", false), ("pg TCP", true)].map { name, tcp in
      SyncBench.Backend(name: name) { _ in
        let database = try server.newCloudDatabase()
        let location =
          tcp
          ? server.tcpConnectionString(database: database, user: user)
          : server.connectionString(database: database, user: user)
        let cloud = LiveCloud(connectionString: location, password: { password })
        return SyncBench.Cloud(container: cloud.container(), location: location) {
          try PGConnection(server.connectionString()).queryAlone("DROP DATABASE \(database) WITH (FORCE)")
        }
      }
    }
  }

  /// The automatic sync around a command when nothing changed, against
  /// the same command `--offline`, beside what psql pays to connect and
  /// send the one statement the sync sends (the handshake and both
  /// database feeds, on a new backend), and to connect and send `SELECT
  /// 1`. Returns the names of missed targets.
  static func automaticSync(
    _ server: TestPostgres, scorekeeper: String, directory: String, runs: Int
  ) throws -> [String] {
    print("\nAutomatic sync against a live server when nothing changed, medians of \(runs):")
    print(
      pad("", 24) + pad("online", 10) + pad("--offline", 11) + pad("added", 9) + pad("psql, same", 12)
        + pad("ratio", 8) + pad("target", 14) + "psql, SELECT 1")
    let passwords = directory + "/pgpass"
    let port = server.port
    let pgpass = "127.0.0.1:\(port):*:\(user):\(password)\n"
    _ = pgpass.withCString { text in
      let file = fopen(passwords, "w")
      defer { fclose(file) }
      return fputs(text, file)
    }
    chmod(passwords, 0o600)
    setenv("PGPASSFILE", passwords, 1)
    let psql = try Self.psql()[0]
    var missed: [String] = []
    for (name, tcp) in [("socket", false), ("TCP, SCRAM", true)] {
      let database = try server.newCloudDatabase()
      let location =
        tcp
        ? server.tcpConnectionString(database: database, user: nil)
        : server.connectionString(database: database, user: nil)
      let file = directory + "/auto-\(tcp).sqlite"
      let command = [scorekeeper, "--db", file, "--cloud", location, "--user", user]
      try ProcessTimer.run(command + ["demo"])
      var online: [Double] = []
      var offline: [Double] = []
      var sameStatement: [Double] = []
      var selectOne: [Double] = []
      var psqlAlone: [Double] = []
      // libpq is loaded only to talk to a server, so --offline does not pay
      // for it, while psql --version (psql links libpq) does: its cost,
      // measured as a command that loads libpq and fails at once against
      // its own start, is taken from ours as psql's baseline takes it.
      var loadsLibPQ: [Double] = []
      var startsAlone: [Double] = []
      let noServer = [scorekeeper, "server", "status", "host=/nonexistent-scorekeeper-bench dbname=x"]
      let psqlCommand = [String(psql), "-X", "-q", "-d", location + " user=\(user)"]
      let greeting = try greetingStatement(tokensIn: file)
      for _ in 0..<runs {
        online.append(try ProcessTimer.milliseconds(command + ["list", "Poker night"]))
        offline.append(try ProcessTimer.milliseconds(command + ["--offline", "list", "Poker night"]))
        sameStatement.append(try ProcessTimer.milliseconds(psqlCommand + ["-c", greeting]))
        selectOne.append(try ProcessTimer.milliseconds(psqlCommand + ["-c", "SELECT 1"]))
        psqlAlone.append(try ProcessTimer.milliseconds([String(psql), "--version"]))
        loadsLibPQ.append(try ProcessTimer.milliseconds(noServer, allowFailure: true))
        startsAlone.append(try ProcessTimer.milliseconds([scorekeeper, "--version"]))
      }
      let added = median(online) - median(offline) - max(0, median(loadsLibPQ) - median(startsAlone))
      let baseline = median(sameStatement) - median(psqlAlone)
      let ratio = added / baseline
      let met = ratio <= 1.5
      print(
        pad("  list GAME, " + name, 24) + pad(format(median(online)) + " ms", 10)
          + pad(format(median(offline)) + " ms", 11) + pad(format(added) + " ms", 9)
          + pad(format(baseline) + " ms", 12) + pad(format(ratio) + "×", 8)
          + pad("≤ 1.50× \(met ? "ok" : "MISSED")", 14) + format(median(selectOne) - median(psqlAlone))
          + " ms")
      if !met { missed.append("automatic sync, " + name) }
    }
    print(
      "  (added: online − offline − loading libpq; psql: connecting and one statement, less psql --version;")
    print("   the same statement is the sync's one: the handshake and both feeds, since its tokens)")
    return missed
  }

  /// The statement a quiet sync sends after connecting, with the tokens
  /// the database at `path` holds.
  private static func greetingStatement(tokensIn path: String) throws -> String {
    let tokens =
      try Database(path: path, create: false).fetchOne(
        "SELECT privateToken, sharedToken FROM syncState"
      ) { [try $0.optionalText(0), try $0.optionalText(1)] } ?? [nil, nil]
    let literals = tokens.map { token in
      token.map { "'" + $0.replacingOccurrences(of: "'", with: "''") + "'" } ?? "NULL"
    }
    return "SELECT scorekeeper.server_hello(), scorekeeper.database_changes('private', \(literals[0])), "
      + "scorekeeper.database_changes('shared', \(literals[1]))"
  }
}
