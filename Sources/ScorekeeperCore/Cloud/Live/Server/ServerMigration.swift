/// One step of the server side's schema, as the program ships it. The
/// list is append-only once released: a server records the steps it has,
/// and `scorekeeper server install` applies the missing ones.
///
/// The SQL names the two group roles of the database it runs in through
/// `{owner}` (owns every table and function; never logs in) and `{users}`
/// (every scorekeeper user is a member). Role names are cluster-wide, so
/// they carry the database's name: two scorekeeper databases on one
/// server never share roles.
public struct ServerMigration: Sendable {
  public let version: Int
  public let identifier: String
  let sql: String

  public init(version: Int, identifier: String, sql: String) {
    self.version = version
    self.identifier = identifier
    self.sql = sql
  }

  /// Every step, oldest first.
  public static let all: [ServerMigration] = [.roles, .cloud, .assets]

  public static var currentVersion: Int { all.last!.version }
}

extension ServerMigration {
  /// Version 1: the schema, its owner and users roles, and the server's
  /// identity. Nobody but the owner may create anything in the schema, and
  /// PUBLIC may run none of its functions (PostgreSQL grants EXECUTE on
  /// new functions to PUBLIC unless told otherwise).
  static let roles = ServerMigration(
    version: 1, identifier: "roles",
    sql: """
      CREATE ROLE {owner} NOLOGIN;
      CREATE ROLE {users} NOLOGIN;
      GRANT {owner} TO CURRENT_USER;
      ALTER SCHEMA scorekeeper OWNER TO {owner};
      REVOKE ALL ON SCHEMA scorekeeper FROM PUBLIC;
      GRANT USAGE ON SCHEMA scorekeeper TO {users};
      ALTER DEFAULT PRIVILEGES FOR ROLE {owner} REVOKE EXECUTE ON FUNCTIONS FROM PUBLIC;
      CREATE TABLE scorekeeper.server (
        onlyRow boolean PRIMARY KEY DEFAULT true CHECK (onlyRow),
        -- The cluster's system identifier and the database's name: what a
        -- client binds to (a path or a host name can lead elsewhere).
        identity text NOT NULL
      );
      INSERT INTO scorekeeper.server (identity)
      SELECT 'postgres-' || system_identifier || '/' || current_database() FROM pg_control_system();
      ALTER TABLE scorekeeper.server OWNER TO {owner};
      GRANT SELECT ON scorekeeper.server TO {users};
      """)
}

/// The server side's SQL, by concept; `ServerMigration` puts it in order.
enum ServerSQL {}

extension ServerMigration {
  /// Version 2: the cloud itself. Everything is created as the owner role
  /// (so it owns it, and PUBLIC may execute none of it).
  static let cloud = ServerMigration(
    version: 2, identifier: "cloud",
    sql: [
      "SET LOCAL ROLE {owner};", ServerSQL.tables, ServerSQL.helpers, ServerSQL.records, ServerSQL.modify,
      ServerSQL.saveAtOnce, ServerSQL.reads, ServerSQL.zonesAndSharing, "RESET ROLE;",
    ].joined(separator: "\n"))
}

extension ServerMigration {
  /// Version 3: assets, and the saves that upload them, made as the
  /// owner role too.
  static let assets = ServerMigration(
    version: 3, identifier: "assets",
    sql: ["SET LOCAL ROLE {owner};", ServerSQL.assets, ServerSQL.saves, "RESET ROLE;"].joined(separator: "\n")
  )
}
