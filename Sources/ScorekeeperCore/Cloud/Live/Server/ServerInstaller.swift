/// Creates or upgrades the server side of one scorekeeper database, as
/// `scorekeeper server install` does with an administrator's connection:
/// every missing migration, in order, in one transaction, so a failure
/// leaves the server as it was. Running it again changes nothing.
public struct ServerInstaller {
  let connection: PGConnection
  let migrations: [ServerMigration]

  public init(connection: PGConnection, migrations: [ServerMigration] = ServerMigration.all) {
    self.connection = connection
    self.migrations = migrations
  }

  /// The versions before and after.
  public struct Outcome: Equatable, Sendable {
    public let from: Int
    public let to: Int
  }

  public func install() throws -> Outcome {
    try connection.query("BEGIN")
    do {
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
            version int PRIMARY KEY, identifier text NOT NULL, appliedAt timestamptz NOT NULL DEFAULT now())
          """)
      }
      let roles =
        from == 0
        ? ServerRoles(database: try connection.query("SELECT current_database()").scalar!)
        : try ServerRoles.installed(on: connection)
      for migration in migrations where migration.version > from {
        for statement in Self.statements(of: roles.substituted(into: migration.sql)) {
          try connection.query(statement)
        }
        try connection.query(
          "INSERT INTO scorekeeper.migrations (version, identifier) VALUES ($1, $2)",
          [String(migration.version), migration.identifier])
      }
      if from == 0 {
        try connection.query("ALTER TABLE scorekeeper.migrations OWNER TO \(quotedIdentifier(roles.owner))")
      }
      try connection.query("COMMIT")
      return Outcome(from: from, to: max(from, program))
    } catch {
      _ = try? connection.query("ROLLBACK")
      throw error
    }
  }

  /// The server's schema version: 0 when scorekeeper was never installed.
  public static func version(on connection: PGConnection) throws -> Int {
    let installed =
      try connection.query("SELECT to_regclass('scorekeeper.migrations') IS NOT NULL").scalar == "t"
    guard installed else { return 0 }
    return Int(try connection.query("SELECT max(version) FROM scorekeeper.migrations").scalar ?? "0") ?? 0
  }

  /// A migration's statements, run one at a time so an error names the one
  /// that failed. Statements end with ";" at the end of a line (not a
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
  /// `server install`, `status` or a user's change asked of a role that
  /// may not read or change scorekeeper's schema there.
  case notAdministrator(user: String, database: String, action: String)

  public var description: String {
    switch self {
    case .newerServer(let server, let program):
      return "The server's scorekeeper schema is version \(server), newer than this program's "
        + "(version \(program)). Install a newer scorekeeper."
    case .notAdministrator(let user, let database, let action):
      return "server \(action) needs an administrator's connection: \(quote(user)) may not read or change "
        + "scorekeeper's schema in \(quote(database)). Connect as the database's owner or a superuser, "
        + "for example: scorekeeper server \(action) postgresql://ADMIN@HOST/\(database)"
    }
  }
}
