/// What `scorekeeper server status` shows an administrator: the schema
/// version, and how many users, zones and records the server holds.
public struct ServerStatus {
  let connection: PGConnection

  public init(connection: PGConnection) {
    self.connection = connection
  }

  public func lines() throws -> [String] {
    let version = try ServerInstaller.version(on: connection)
    var lines = [
      "Database:    \(connection.database) on \(connection.host), port \(connection.port)",
      "Schema:      "
        + (version == 0 ? "not installed (run \"scorekeeper server install\")" : "version \(version)")
        + (version > ServerMigration.currentVersion
          ? " (newer than this program's \(ServerMigration.currentVersion))" : ""),
    ]
    guard version > 0 else { return lines }
    let roles = try ServerRoles.installed(on: connection)
    let users = try connection.query(
      """
      SELECT m.rolname FROM pg_auth_members AS a
      JOIN pg_roles AS g ON g.oid = a.roleid JOIN pg_roles AS m ON m.oid = a.member
      WHERE g.rolname = $1 ORDER BY 1
      """, [roles.users]
    ).typedRows.map { try $0.text(0) }
    let counts = try connection.query(
      "SELECT (SELECT count(*) FROM scorekeeper.zones), (SELECT count(*) FROM scorekeeper.records)"
    ).typedRows[0]
    lines.append("Users:       \(users.count)" + (users.isEmpty ? "" : " (\(users.joined(separator: ", ")))"))
    lines.append("Zones:       \(try counts.int(0))")
    lines.append("Records:     \(try counts.int(1))")
    return lines
  }
}
