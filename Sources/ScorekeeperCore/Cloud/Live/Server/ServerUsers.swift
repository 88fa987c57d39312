/// Who may use one scorekeeper database: adding and removing users, as
/// `scorekeeper server add-user` and `remove-user` do with an
/// administrator's connection (one that may create roles).
///
/// A scorekeeper user is a login role in the database's users group; all
/// they may do comes through that membership, so removing them from the
/// group ends their access in every session at its next statement. Their
/// games stay on the server, and adding them again gives them back.
public struct ServerUsers {
  let connection: PGConnection
  let roles: ServerRoles

  public init(connection: PGConnection) throws {
    self.connection = connection
    roles = try ServerRoles.installed(on: connection)
  }

  /// Why `name` cannot be a scorekeeper user's role, or nil when it can.
  public static func problem(withName name: String) -> String? {
    if name.isEmpty || name.utf8.count > 63 {
      // PostgreSQL cuts longer names to 63 bytes without an error.
      return "a user name is 1 to 63 bytes"
    }
    if name != name.trimmingWhitespace()
      || name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    {
      return "a user name has no control characters or surrounding spaces"
    }
    if name.hasPrefix("pg_") { return "PostgreSQL keeps names starting with \"pg_\" for itself" }
    return nil
  }

  /// What the server knows of a role, as far as being a user goes.
  public enum Standing: Equatable, Sendable {
    case absent
    /// A role that may not log in (a removed user, or a group).
    case cannotLogIn
    /// A login role; `isUser` when it is in this database's users group.
    case login(isUser: Bool)
    /// A superuser, or one of this database's own group roles: never a
    /// user (a superuser passes every row policy).
    case unsuitable(String)
  }

  public func standing(of name: String) throws -> Standing {
    if [roles.owner, roles.users].contains(name) {
      return .unsuitable("it is one of this database's group roles")
    }
    guard
      let row = try connection.query(
        """
        SELECT r.rolsuper, r.rolcanlogin, EXISTS (
          SELECT FROM pg_auth_members AS m JOIN pg_roles AS g ON g.oid = m.roleid
          WHERE m.member = r.oid AND g.rolname = $2)
        FROM pg_roles AS r WHERE r.rolname = $1
        """, [name, roles.users]
      ).firstRow
    else { return .absent }
    if try row.bool(0) { return .unsuitable("it is a superuser, whom no row policy stops") }
    return try row.bool(1) ? .login(isUser: try row.bool(2)) : .cannotLogIn
  }

  /// What `add` did.
  public enum Addition: Equatable, Sendable {
    case created
    /// A role that could not log in may again, with the new password.
    case enabled
    /// A login role (a user of another database on this server, say)
    /// joined, keeping its password.
    case joined
    case alreadyAUser
  }

  /// Makes `name` a user. `password` is needed (and only used) when the
  /// role is absent or cannot log in: `needsPassword` says so beforehand.
  public func add(_ name: String, password: String?) throws -> Addition {
    try inTransaction {
      let standing = try standing(of: name)
      let role = quotedIdentifier(name)
      let addition: Addition
      switch standing {
      case .unsuitable(let why): throw ServerUserError.unsuitable(name, why)
      case .login(isUser: true): return .alreadyAUser
      case .login(isUser: false): addition = .joined
      case .absent, .cannotLogIn:
        guard let password, !password.isEmpty else { throw ServerUserError.noPassword(name) }
        let verifier = quotedLiteral(try connection.scramVerifier(password: password, user: name))
        try connection.query(
          standing == .absent
            ? "CREATE ROLE \(role) LOGIN PASSWORD \(verifier)"
            : "ALTER ROLE \(role) LOGIN PASSWORD \(verifier)")
        addition = standing == .absent ? .created : .enabled
      }
      try connection.query("GRANT \(quotedIdentifier(roles.users)) TO \(role)")
      return addition
    }
  }

  /// Whether adding `name` sets a password (so one must be asked for).
  public func needsPassword(_ name: String) throws -> Bool {
    switch try standing(of: name) {
    case .absent, .cannotLogIn: true
    case .login, .unsuitable: false
    }
  }

  /// What `remove` did.
  public struct Removal: Equatable, Sendable {
    /// The role may no longer log in at all: it belonged to no other group.
    public var loginDisabled: Bool
    /// Sessions of the user's that were connected to this database and
    /// ended; nil when the administrator may not end them (they lose
    /// access at their next statement all the same).
    public var sessionsEnded: Int?
  }

  /// Takes `name` out of the users group, forgets their notification
  /// channel, and ends their sessions on this database. The role may no longer log in unless it belongs to another
  /// group (another scorekeeper database on this server, say).
  public func remove(_ name: String) throws -> Removal {
    let loginDisabled = try inTransaction {
      guard case .login(isUser: true) = try standing(of: name) else {
        throw ServerUserError.notAUser(name, database: connection.database)
      }
      let role = quotedIdentifier(name)
      try connection.query("REVOKE \(quotedIdentifier(roles.users)) FROM \(role)")
      // Their notification channel's secret name goes with them: added
      // back, they get a new one, which whoever saw the old cannot guess.
      try connection.query("SET LOCAL ROLE \(quotedIdentifier(roles.owner))")
      try connection.query("DELETE FROM scorekeeper.channels WHERE user_name = $1", [name])
      try connection.query("RESET ROLE")
      let otherGroups = try connection.query(
        "SELECT count(*) FROM pg_auth_members AS m JOIN pg_roles AS r ON r.oid = m.member WHERE r.rolname = $1",
        [name]
      ).firstRow?.int(0)
      guard otherGroups == 0 else { return false }
      try connection.query("ALTER ROLE \(role) NOLOGIN")
      return true
    }
    // NB: After the commit, so a session cannot come back in between.
    // NOLOGIN and the revoke do not end sessions already open.
    do {
      let ended = try connection.query(
        """
        SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity
        WHERE usename = $1 AND datname = current_database()
        """, [name]
      ).firstRow?.int(0)
      return Removal(loginDisabled: loginDisabled, sessionsEnded: ended)
    } catch let error as PGError where error.sqlState == "42501" {
      return Removal(loginDisabled: loginDisabled, sessionsEnded: nil)
    }
  }

  private func inTransaction<T>(_ body: () throws -> T) throws -> T {
    try connection.transaction(body)
  }
}

/// `text` as a SQL string literal (standard_conforming_strings, on since
/// PostgreSQL 9.1): in single quotes, inner ones doubled.
func quotedLiteral(_ text: String) -> String {
  "'" + text.replacing("'", with: "''") + "'"
}

/// Why adding or removing a user did not happen.
public enum ServerUserError: Error, Equatable, Sendable, CustomStringConvertible {
  case unsuitable(String, String)
  case noPassword(String)
  case passwordsDiffer(String)
  case notAUser(String, database: String)

  public var description: String {
    switch self {
    case .unsuitable(let name, let why):
      "The role \(quote(name)) cannot be a scorekeeper user: \(why). Nothing was changed."
    case .noPassword(let name):
      "No password was given for \(quote(name)); give it at the terminal or on standard input. "
        + "Nothing was changed."
    case .passwordsDiffer(let name):
      "The two passwords typed for \(quote(name)) differ. Nothing was changed."
    case .notAUser(let name, let database):
      "\(quote(name)) is not a user of the database \(quote(database)). Nothing was changed."
    }
  }
}
