import ScorekeeperCore

extension Command {
  static let server = Command(
    spec: CommandSpec(
      name: "server",
      summary: "Set up a live PostgreSQL server for syncing, or show what it holds.",
      arguments: [
        ArgumentSpec(
          name: "ACTION",
          help: "install: create or upgrade scorekeeper's schema, roles and functions; status: show them."),
        ArgumentSpec(
          name: "URL", help: "An administrator's connection string (default: --cloud).", isOptional: true),
      ],
      discussion: """
        A live cloud is a PostgreSQL database (version 15 or later) with scorekeeper's
        server side installed: tables that only its functions may change, row-level
        security so each user reads only their own games and those shared with them,
        and group roles named after the database (DB_owner, DB_users). "install" runs
        as the database's owner or a superuser, applies every missing version in one
        transaction, and changes nothing when run again. The connection string never
        holds a password: libpq reads it from ~/.pgpass, PGPASSFILE or a service file.
        """,
      examples: [
        "scorekeeper server install postgresql://admin@db.example.org/scores",
        "scorekeeper server status service=scores-admin",
      ],
      printsJSON: false
    ),
    run: { invocation in
      let action = invocation.argument("ACTION")
      guard ["install", "status"].contains(action) else {
        throw UsageError(
          "Unknown server action \(quote(action)); use \"install\" or \"status\".", command: "server")
      }
      let connection = try PGConnection(try adminConnection(invocation))
      if action == "install" {
        let outcome = try ServerInstaller(connection: connection).install()
        invocation.output.line(
          outcome.from == outcome.to
            ? "The server's scorekeeper schema is at version \(outcome.to) already; nothing to do."
            : outcome.from == 0
              ? "Installed scorekeeper's schema, version \(outcome.to), in database \(quote(connection.database))."
              : "Upgraded scorekeeper's schema from version \(outcome.from) to \(outcome.to).")
        return
      }
      try ServerStatus(connection: connection).lines().forEach(invocation.output.line)
    })

  /// The URL argument, else --cloud: a connection string without a password.
  private static func adminConnection(_ invocation: Invocation) throws -> String {
    let address =
      try invocation.optionalArgument("URL").map { try invocation.settings.cloud(option: $0) }
      ?? invocation.cloudAddress()
    guard case .live(_, let connection) = address else {
      throw UsageError(
        "server needs a PostgreSQL connection string (postgresql://… or service=NAME), not the mock "
          + "cloud's file \(quote(address.typed)).", command: "server")
    }
    return connection.text
  }
}
