/// What `scorekeeper server status` shows an administrator: where the
/// server is, its schema version, and how many users, zones and records it
/// holds. (The command line words it.)
public struct ServerStatus: Equatable, Sendable {
  public let database: String
  public let host: String
  public let port: String
  /// 0: scorekeeper's schema is not installed.
  public let version: Int
  /// The users' roles, sorted; empty when not installed.
  public let users: [String]
  public let zones: Int
  public let records: Int

  /// Reads it through an administrator's connection.
  public init(connection: PGConnection) throws {
    database = connection.database
    host = connection.host
    port = connection.port
    version = try ServerInstaller.version(on: connection)
    guard version > 0 else {
      (users, zones, records) = ([], 0, 0)
      return
    }
    let roles = try ServerRoles.installed(on: connection)
    users = try connection.query(
      """
      SELECT m.rolname FROM pg_auth_members AS a
      JOIN pg_roles AS g ON g.oid = a.roleid JOIN pg_roles AS m ON m.oid = a.member
      WHERE g.rolname = $1 ORDER BY 1
      """, [roles.users]
    ).typedRows.map { try $0.text(0) }
    let counts = try connection.query(
      "SELECT (SELECT count(*) FROM scorekeeper.zones), (SELECT count(*) FROM scorekeeper.records)"
    ).typedRows[0]
    (zones, records) = (try counts.int(0), try counts.int(1))
  }

  /// The version this program installs.
  public static var programVersion: Int { ServerMigration.currentVersion }
}
