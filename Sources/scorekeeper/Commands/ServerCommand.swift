import ScorekeeperCore

extension Command {
  static let server = Command(
    spec: CommandSpec(
      name: "server",
      summary: "Set up a live PostgreSQL server and its users, or show what it holds.",
      arguments: [Argument.serverAction.spec, Argument.userName.spec, Argument.url.spec],
      options: [Flag.afterRestore.spec],
      discussion: """
        A live cloud is a PostgreSQL database (version 15 or later) with scorekeeper's
        server side installed: tables that only its functions may change, row-level
        security so each user reads only their own games and those shared with them,
        and group roles named after the database (DB_owner, DB_users). "install" runs
        as the database's owner or a superuser, applies every missing version in one
        transaction, and changes nothing when run again. The connection string never
        holds a password: libpq reads it from ~/.pgpass, PGPASSFILE or a service file,
        or asks at a terminal.

        Each user is a PostgreSQL login role in DB_users. "add-user" (as a role that
        may create roles) asks twice for the new user's password at a terminal, or
        reads the first line of standard input, and sends the server only its
        SCRAM-SHA-256 verifier; a role that logs in already (a user of another
        database on the server) joins with its password unchanged. "remove-user"
        takes the user out of DB_users, disables their login unless they belong to
        another group, and ends their open sessions; their games stay on the server,
        and adding them again gives them back.

        After putting the database back from a backup, run "install --after-restore":
        it tells every device that the server's history went back, so that each one's
        next sync says so, sends again everything it holds and may change (what the
        backup lacks), and fetches everything. A standby that took over needs no such
        step: its new timeline tells the devices itself.
        """,
      examples: [
        "scorekeeper server install postgresql://admin@dbhost/scores",
        "scorekeeper server add-user alice postgresql://admin@dbhost/scores",
        "printf '%s\\n' \"$PW\" | scorekeeper server add-user alice service=scores",
        "scorekeeper server status service=scores-admin",
        "scorekeeper server install --after-restore service=scores-admin",
      ],
      printsJSON: false
    ),
    run: { invocation in
      let action = invocation[.serverAction]
      let takesName = ["add-user", "remove-user"].contains(action)
      guard takesName || ["install", "status"].contains(action) else {
        throw UsageError(
          "Unknown server action \(quote(action)); use \"install\", \"status\", \"add-user\" or "
            + "\"remove-user\".", command: "server")
      }
      // install and status take no NAME: a second word is their URL.
      let (name, url) =
        takesName
        ? (invocation[ifGiven: .userName], invocation[ifGiven: .url])
        : (nil, invocation[ifGiven: .userName])
      if invocation[.afterRestore] && action != "install" {
        throw UsageError("--after-restore goes with server install, not server \(action).", command: "server")
      }
      if !takesName, let extra = invocation[ifGiven: .url] {
        throw UsageError(
          "server \(action) takes one URL; \(quote(extra)) is one word too many.", command: "server")
      }
      if takesName {
        guard let name else { throw UsageError("server \(action) needs the user's NAME.", command: "server") }
        if let problem = ServerUsers.problem(withName: name) {
          throw UsageError("The user name \(quote(name)) is not usable: \(problem).", command: "server")
        }
      }
      let connection = try adminConnection(invocation, url: url)
      do {
        try run(action, name, invocation, connection)
      } catch let error as PGError where error.sqlState == "42501" {
        let words = takesName ? "\(action) \(quote(name!))" : action
        throw AdministratorNeeded(user: connection.user, database: connection.database, action: words)
      }
    })

  private static func run(
    _ action: String, _ name: String?, _ invocation: Invocation, _ connection: PGConnection
  )
    throws
  {
    switch action {
    case "install":
      let afterRestore = invocation[.afterRestore]
      let outcome = try ServerInstaller(connection: connection).install(afterRestore: afterRestore)
      invocation.output.line(
        outcome.from == outcome.to
          ? "The server's scorekeeper schema is at version \(outcome.to) already"
            + (afterRestore ? "." : "; nothing to do.")
          : outcome.from == 0
            ? "Installed scorekeeper's schema, version \(outcome.to), in database \(quote(connection.database))."
            : "Upgraded scorekeeper's schema from version \(outcome.from) to \(outcome.to).")
      if afterRestore {
        invocation.output.line(
          "Marked its history as gone back: at its next sync every device sends again what it holds and "
            + "fetches everything.")
      }
    case "status":
      try lines(of: ServerStatus(connection: connection)).forEach(invocation.output.line)
    case "add-user":
      try addUser(name!, invocation, connection)
    default:
      try removeUser(name!, invocation, connection)
    }
  }

  private static func lines(of status: ServerStatus) -> [String] {
    let installed = ServerStatus.programVersion
    var lines = [
      "Database:    \(status.database) on \(status.host), port \(status.port)",
      "Schema:      "
        + (status.version == 0
          ? "not installed (run \"scorekeeper server install\")" : "version \(status.version)")
        + (status.version > installed ? " (newer than this program's \(installed))" : ""),
    ]
    guard status.version > 0 else { return lines }
    lines.append(
      "Users:       \(status.users.count)"
        + (status.users.isEmpty ? "" : " (\(status.users.joined(separator: ", ")))"))
    lines.append("Zones:       \(status.zones)")
    lines.append("Records:     \(status.records)")
    return lines
  }

  /// Connects with the URL argument, else --cloud: a connection string
  /// without a password (libpq's sources or the terminal give it).
  private static func adminConnection(_ invocation: Invocation, url: String?) throws -> PGConnection {
    let address =
      try url.map {
        try CloudChoice($0, origin: .option("--cloud"), invocation.settings.environment).address()
      }
      ?? invocation.cloudAddress()
    guard case .live(_, let connection) = address else {
      throw UsageError(
        "server needs a PostgreSQL connection string (postgresql://… or service=NAME), not the mock "
          + "cloud's file \(quote(address.typed)).", command: "server")
    }
    try invocation.requireClientLibrary(for: url != nil ? "the URL given" : nil)
    do {
      return try PGConnection.connecting(
        connection.text, ask: invocation.passwordPrompt(for: connection)
      ).connection
    } catch let error as PGError where error.needsPassword {
      throw CloudError.loginRefused(LiveCloud.serverWords(error.message))
    }
  }

  private static func addUser(_ name: String, _ invocation: Invocation, _ connection: PGConnection) throws {
    let users = try ServerUsers(connection: connection)
    let password = try users.needsPassword(name) ? try newPassword(for: name, invocation) : nil
    let database = quote(connection.database)
    switch try users.add(name, password: password) {
    case .created: invocation.output.line("Added \(quote(name)) as a user of \(database).")
    case .enabled:
      invocation.output.line(
        "Added \(quote(name)) as a user of \(database); their login works again, with the new password.")
    case .joined:
      invocation.output.line(
        "Added \(quote(name)) as a user of \(database); they log in already, and their password is unchanged."
      )
    case .alreadyAUser:
      invocation.output.line("\(quote(name)) is a user of \(database) already; nothing changed.")
    }
  }

  /// A new user's password: typed twice at a terminal (echo off), or the
  /// first line of standard input.
  private static func newPassword(for name: String, _ invocation: Invocation) throws -> String {
    let terminal = invocation.terminal
    guard terminal.isInteractive else {
      guard let line = terminal.readLine(), !line.isEmpty else { throw ServerUserError.noPassword(name) }
      return line
    }
    guard let first = terminal.readSecret("New password for \(quote(name)): "), !first.isEmpty else {
      throw ServerUserError.noPassword(name)
    }
    guard terminal.readSecret("The same password again: ") == first else {
      throw ServerUserError.passwordsDiffer(name)
    }
    return first
  }

  private static func removeUser(_ name: String, _ invocation: Invocation, _ connection: PGConnection) throws
  {
    let removal = try ServerUsers(connection: connection).remove(name)
    let sessions =
      switch removal.sessionsEnded {
      case nil:
        "; their open sessions lose access at their next statement (ending them needs pg_signal_backend)"
      case 0?: ""
      case 1?: "; 1 open session ended"
      case let count?: "; \(count) open sessions ended"
      }
    invocation.output.line(
      "Removed \(quote(name)) from the users of \(quote(connection.database))"
        + (removal.loginDisabled
          ? " and disabled their login" : " (their login stays: they belong to another group)")
        + sessions + ". Their games stay on the server.")
  }
}

extension Argument where Value == String {
  fileprivate static let serverAction = Argument(
    ArgumentSpec(
      name: "ACTION",
      help: "install: create or upgrade scorekeeper's schema, roles and functions; status: show them; "
        + "add-user NAME: let NAME sync (asks for a new user's password); remove-user NAME: end NAME's "
        + "access and sessions.",
      choices: [
        ("install", "create or upgrade scorekeeper's schema"), ("status", "show what the server holds"),
        ("add-user", "let a user sync"), ("remove-user", "end a user's access"),
      ]))
  fileprivate static let userName = Argument(
    ArgumentSpec(name: "NAME", help: "The user to add or remove (a PostgreSQL role).", isOptional: true))
  /// In `server install URL` and `server status URL`, the URL is the
  /// second word: the parser gives it as NAME.
  fileprivate static let url = Argument(
    ArgumentSpec(
      name: "URL", help: "An administrator's connection string (default: --cloud).", isOptional: true))
}

/// `server install`, `status` or a user's change asked of a role that may
/// not read or change scorekeeper's schema there (exit 1).
struct AdministratorNeeded: Error, Equatable, CustomStringConvertible {
  let user: String
  let database: String
  /// What was asked: "install", "add-user \"ann\"".
  let action: String

  var description: String {
    "server \(action) needs an administrator's connection: \(quote(user)) may not read or change "
      + "scorekeeper's schema in \(quote(database)). Connect as the database's owner or a superuser, "
      + "for example: scorekeeper server \(action) postgresql://ADMIN@HOST/\(database)"
  }
}

extension Flag {
  fileprivate static let afterRestore = Flag(
    spec: OptionSpec(
      name: "--after-restore",
      help: "With install: the database was put back from a backup; every device sends again what it holds."))
}
