/// Creates or upgrades the server side of one scorekeeper database, as
/// `scorekeeper server install` does with an administrator's connection,
/// in one transaction, so a failure leaves the server as it was:
///
/// 1. the ledger (`scorekeeper.migrations`, one row per versioned file
///    with its SHA-256) must agree with the files this program ships, or
///    nothing is done, naming the file that differs;
/// 2. every versioned file the server lacks is applied, in order;
/// 3. every repeatable file whose text differs from the one last applied
///    (`scorekeeper.repeatables`) is applied again, in order.
///
/// Running it again changes nothing. A server installed before the ledger
/// kept checksums has its rows adopted: the files' hashes are written in.
public struct ServerInstaller {
  let connection: PGConnection
  let migrations: [ServerMigration]
  let repeatables: [ServerRepeatable]

  public init(connection: PGConnection) {
    self.init(connection: connection, migrations: ServerMigration.all, repeatables: ServerRepeatable.all)
  }

  init(connection: PGConnection, migrations: [ServerMigration], repeatables: [ServerRepeatable]) {
    self.connection = connection
    self.migrations = migrations
    self.repeatables = repeatables
  }

  /// The versions before and after.
  public struct Outcome: Equatable, Sendable {
    public let from: Int
    public let to: Int
  }

  /// Creates or upgrades the server side. `afterRestore`: the database was
  /// put back from a backup, so its history went back without its
  /// timeline changing; a new incarnation (`history_went_back`) makes
  /// every device send again what it holds and fetch everything.
  public func install(afterRestore: Bool = false) throws -> Outcome {
    try connection.transaction {
      // Two installs at once queue here instead of both creating roles.
      try connection.query("SELECT pg_advisory_xact_lock(hashtext('scorekeeper install'))")
      let from = try Self.version(on: connection)
      let program = migrations.last?.version ?? 0
      if from > program { throw ServerSchemaError.newerServer(server: from, program: program) }
      if from == 0 {
        try connection.query("CREATE SCHEMA scorekeeper")
        try connection.query(
          """
          CREATE TABLE scorekeeper.migrations (
            version int PRIMARY KEY, identifier text NOT NULL, appliedAt timestamptz NOT NULL DEFAULT now(),
            sha256 text)
          """)
      } else {
        try connection.query("ALTER TABLE scorekeeper.migrations ADD COLUMN IF NOT EXISTS sha256 text")
        try verifyLedger(upTo: from)
      }
      try connection.query(
        """
        CREATE TABLE IF NOT EXISTS scorekeeper.repeatables (
          name text PRIMARY KEY, sha256 text NOT NULL, appliedAt timestamptz NOT NULL DEFAULT now())
        """)
      let roles =
        from == 0
        ? ServerRoles(database: try connection.query("SELECT current_database()").typedRows[0].text(0))
        : try ServerRoles.installed(on: connection)
      for migration in migrations where migration.version > from {
        try run(migration.sql, roles: roles)
        try connection.query(
          "INSERT INTO scorekeeper.migrations (version, identifier, sha256) VALUES ($1, $2, $3)",
          [String(migration.version), migration.identifier, migration.sha256])
      }
      for migration in migrations where migration.version <= from {
        try connection.query(
          "UPDATE scorekeeper.migrations SET sha256 = $2 WHERE version = $1 AND sha256 IS NULL",
          [String(migration.version), migration.sha256])
      }
      let applied = Dictionary(
        uniqueKeysWithValues: try connection.query("SELECT name, sha256 FROM scorekeeper.repeatables")
          .typedRows
          .map { (try $0.text(0), try $0.text(1)) })
      for repeatable in repeatables where applied[repeatable.name] != repeatable.sha256 {
        try run(repeatable.sql, roles: roles)
        try connection.query(
          """
          INSERT INTO scorekeeper.repeatables (name, sha256) VALUES ($1, $2)
          ON CONFLICT (name) DO UPDATE SET sha256 = excluded.sha256, appliedAt = now()
          """, [repeatable.name, repeatable.sha256])
      }
      for ledger in ["scorekeeper.migrations", "scorekeeper.repeatables"] {
        try connection.query("ALTER TABLE \(ledger) OWNER TO \(quotedIdentifier(roles.owner))")
      }
      if afterRestore {
        try run(
          "SET LOCAL ROLE :\"owner\";\nSELECT scorekeeper.history_went_back();\nRESET ROLE;", roles: roles)
      }
      return Outcome(from: from, to: max(from, program))
    }
  }

  private func run(_ sql: String, roles: ServerRoles) throws {
    try Self.run(sql, roles: roles, on: connection)
  }

  /// Runs a file's statements one at a time, so an error names the one
  /// that failed, with its roles named as `roles`.
  public static func run(_ sql: String, roles: ServerRoles, on connection: PGConnection) throws {
    for statement in statements(of: roles.substituted(into: sql)) {
      try connection.query(statement)
    }
  }

  /// The ledger must tell the history of the files this program ships:
  /// the same name for each version, and the same text (when it recorded
  /// a hash). Otherwise the server came from a diverging build, and
  /// applying anything would guess.
  private func verifyLedger(upTo version: Int) throws {
    let rows = try connection.query(
      "SELECT version, identifier, sha256 FROM scorekeeper.migrations ORDER BY version"
    ).typedRows
    for row in rows {
      let (number, identifier, hash) = (try row.int(0), try row.text(1), row.optionalText(2))
      guard let shipped = migrations.first(where: { $0.version == number }) else {
        throw ServerSchemaError.ledgerMismatch(
          file: "V\(number) (\(identifier))", reason: "this program ships no such file")
      }
      if shipped.identifier != identifier {
        throw ServerSchemaError.ledgerMismatch(
          file: shipped.fileName, reason: "the server applied version \(number) as \(quote(identifier))")
      }
      if let hash, hash != shipped.sha256 {
        throw ServerSchemaError.ledgerMismatch(
          file: shipped.fileName,
          reason: "the server applied it with SHA-256 \(hash), this program ships \(shipped.sha256)")
      }
    }
  }

  /// The server's schema version: 0 when scorekeeper was never installed.
  public static func version(on connection: PGConnection) throws -> Int {
    let installed =
      try connection.query("SELECT to_regclass('scorekeeper.migrations') IS NOT NULL").typedRows[0].bool(0)
    guard installed else { return 0 }
    return try connection.query("SELECT max(version) FROM scorekeeper.migrations").typedRows[0].optionalInt(0)
      ?? 0
  }

  /// A file's statements, to run one at a time. Statements end with ";" at the end of a line (not a
  /// comment's); function bodies (dollar-quoted) may hold ";" anywhere.
  static func statements(of sql: String) -> [String] {
    var statements: [String] = []
    var current: [Substring] = []
    var inBody = false
    for line in sql.split(separator: "\n", omittingEmptySubsequences: false) {
      current.append(line)
      if line.ranges(of: "$$").count % 2 == 1 { inBody.toggle() }
      let isComment = line.drop { $0 == " " }.hasPrefix("--")
      if !inBody && !isComment && line.hasSuffix(";") {
        statements.append(current.joined(separator: "\n"))
        current = []
      }
    }
    let rest = current.joined(separator: "\n")
    if !rest.allSatisfy(\.isWhitespace) { statements.append(rest) }
    return statements
  }
}

/// The server's schema and the program's do not fit together.
public enum ServerSchemaError: Error, Equatable, CustomStringConvertible {
  case newerServer(server: Int, program: Int)
  /// The server's ledger disagrees with a file this program ships.
  case ledgerMismatch(file: String, reason: String)

  public var description: String {
    switch self {
    case .newerServer(let server, let program):
      return "The server's scorekeeper schema is version \(server), newer than this program's "
        + "(version \(program)). Install a newer scorekeeper."
    case .ledgerMismatch(let file, let reason):
      return "The server's scorekeeper schema did not come from the files this program ships: "
        + "\(file) differs (\(reason)). Nothing was changed."
    }
  }
}
