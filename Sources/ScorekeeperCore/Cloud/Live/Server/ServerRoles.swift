/// The group roles of one scorekeeper database on a server: `owner` owns
/// every table and function and never logs in; every scorekeeper user is
/// a member of `users`.
public struct ServerRoles: Equatable, Sendable {
  public let owner: String
  public let users: String

  /// The roles a first install creates: role names are cluster-wide, so
  /// they carry the database's name, and two scorekeeper databases on one
  /// server never share roles.
  public init(database: String) {
    owner = database + "_owner"
    users = database + "_users"
  }

  private init(owner: String, users: String) {
    self.owner = owner
    self.users = users
  }

  /// The roles of the installed schema, read from the catalog rather than
  /// from the database's name, which may have changed since the install
  /// (`ALTER DATABASE … RENAME`, or a copy made from a template): the
  /// schema's owner, and the one other role it lets in.
  public static func installed(on connection: PGConnection) throws -> ServerRoles {
    let rows = try connection.query(
      """
      SELECT o.rolname, u.rolname FROM pg_namespace AS n
      JOIN pg_roles AS o ON o.oid = n.nspowner
      LEFT JOIN LATERAL aclexplode(n.nspacl) AS a ON a.privilege_type = 'USAGE' AND a.grantee <> n.nspowner
      LEFT JOIN pg_roles AS u ON u.oid = a.grantee
      WHERE n.nspname = 'scorekeeper' ORDER BY 2
      """
    ).typedRows
    guard let owner = try rows.first?.text(0) else {
      throw LiveCloudError.notInstalled(database: connection.database)
    }
    let users = rows.compactMap { $0.optionalText(1) }
    guard users.count == 1 else {
      throw LiveCloudError.unreadableAnswer(
        "one role allowed into the schema scorekeeper besides its owner \(quote(owner)), not "
          + (users.isEmpty ? "none" : users.map(quote).joined(separator: ", ")))
    }
    return ServerRoles(owner: owner, users: users[0])
  }

  /// `sql` with the psql variables `:"owner"` and `:"users"` replaced by
  /// the quoted role names (as `psql -v owner=… -v users=…` would).
  func substituted(into sql: String) -> String {
    sql.replacing(#":"owner""#, with: quotedIdentifier(owner)).replacing(
      #":"users""#, with: quotedIdentifier(users))
  }
}

/// `name` as a PostgreSQL identifier: in double quotes, inner ones doubled.
public func quotedIdentifier(_ name: String) -> String {
  "\"" + name.replacing("\"", with: "\"\"") + "\""
}
