import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// `server install` on a database of its own: from nothing to the current
/// version, again without change, never over a newer server, and all or
/// nothing.
@Suite(.tags(.postgres), .runAsTagged) struct ServerInstallerTests {
  let database: String
  let admin: PGConnection

  init() throws {
    let server = try TestPostgres.shared()
    database = try server.newDatabase()
    admin = try PGConnection(server.connectionString(database: database))
  }

  func migrations() throws -> [[String?]] {
    try admin.query("SELECT version, identifier, sha256 FROM scorekeeper.migrations ORDER BY version").rows
  }

  func repeatables() throws -> [[String?]] {
    try admin.query("SELECT name, sha256 FROM scorekeeper.repeatables ORDER BY name").rows
  }

  @Test("a new database gets every migration, its roles, and an identity from the cluster")
  func fresh() throws {
    #expect(
      try ServerInstaller(connection: admin).install() == .init(from: 0, to: ServerMigration.currentVersion))
    #expect(try migrations() == ServerMigration.all.map { [String($0.version), $0.identifier, $0.sha256] })
    #expect(try repeatables() == ServerRepeatable.all.map { [$0.name, $0.sha256] })
    #expect(
      try admin.query(
        """
        SELECT rolname, rolcanlogin FROM pg_roles WHERE rolname IN ($1, $2) ORDER BY rolname
        """, [database + "_owner", database + "_users"]
      ).rows == [[database + "_owner", "f"], [database + "_users", "f"]])
    let systemIdentifier = try admin.query("SELECT system_identifier FROM pg_control_system()").scalar!
    #expect(
      try admin.query("SELECT identity FROM scorekeeper.server").rows
        == [["postgres-\(systemIdentifier)/\(database)"]])
    #expect(
      try admin.query(
        "SELECT nspowner::regrole::text FROM pg_namespace WHERE nspname = 'scorekeeper'"
      ).scalar == database + "_owner")
  }

  @Test("an installed server holds no test switches: links are random, saves at once whatever a session sets")
  func noTestSwitches() throws {
    _ = try ServerInstaller(connection: admin).install()
    let links = try (0..<2).map { _ in try admin.query("SELECT scorekeeper.new_link()").scalar! }
    #expect(links[0] != links[1])
    for link in links {
      #expect(
        try admin.query("SELECT $1 ~ '^https://share.scorekeeper.invalid/[0-9a-f]{32}$'", [link]).scalar
          == "t")
      #expect(!link.hasSuffix("0000000000000001") && !link.hasSuffix("0000000000000002"))
    }
    try admin.query("SET scorekeeper.one_by_one = on")
    #expect(try admin.query("SELECT scorekeeper.may_save_at_once()").scalar == "t")
    #expect(
      try admin.query(
        """
        SELECT count(*) FROM information_schema.columns
        WHERE table_schema = 'scorekeeper' AND column_name IN ('sequential_links', 'links_issued')
        """
      ).scalar == "0")
  }

  @Test("installing again changes nothing")
  func again() throws {
    _ = try ServerInstaller(connection: admin).install()
    let before = try migrations()
    #expect(
      try ServerInstaller(connection: admin).install()
        == .init(from: ServerMigration.currentVersion, to: ServerMigration.currentVersion))
    #expect(try migrations() == before)
  }

  @Test("a server newer than the program is refused, naming both versions, and left as it is")
  func newerServer() throws {
    _ = try ServerInstaller(connection: admin).install()
    let newer = ServerMigration.currentVersion + 1
    try admin.query(
      "INSERT INTO scorekeeper.migrations (version, identifier) VALUES ($1, 'future')", [String(newer)])
    let before = try migrations()
    #expect(throws: ServerSchemaError.newerServer(server: newer, program: ServerMigration.currentVersion)) {
      try ServerInstaller(connection: admin).install()
    }
    #expect(
      "\(ServerSchemaError.newerServer(server: 3, program: 2))"
        == "The server's scorekeeper schema is version 3, newer than this program's (version 2). "
        + "Install a newer scorekeeper.")
    #expect(try migrations() == before)
  }

  @Test("a server whose ledger disagrees with a shipped file is refused, naming the file, and left as it is")
  func ledgerMismatch() throws {
    _ = try ServerInstaller(connection: admin).install()
    try admin.query("UPDATE scorekeeper.migrations SET sha256 = 'edited' WHERE version = 2")
    let before = try migrations()
    let v2 = ServerMigration.all[1]
    #expect(
      throws: ServerSchemaError.ledgerMismatch(
        file: "V002__cloud.sql",
        reason: "the server applied it with SHA-256 edited, this program ships \(v2.sha256)")
    ) { try ServerInstaller(connection: admin).install() }
    #expect(try migrations() == before)
    try admin.query("UPDATE scorekeeper.migrations SET sha256 = NULL, identifier = 'other' WHERE version = 2")
    #expect(
      throws: ServerSchemaError.ledgerMismatch(
        file: "V002__cloud.sql", reason: "the server applied version 2 as \"other\"")
    ) { try ServerInstaller(connection: admin).install() }
    #expect(
      "\(ServerSchemaError.ledgerMismatch(file: "V002__cloud.sql", reason: "why"))"
        == "The server's scorekeeper schema did not come from the files this program ships: "
        + "V002__cloud.sql differs (why). Nothing was changed.")
  }

  @Test("a repeatable file is applied again when its text changed, and only then")
  func repeatableChanged() throws {
    _ = try ServerInstaller(connection: admin).install()
    let before = try repeatables()
    var changed = ServerRepeatable.all
    let last = changed.removeLast()
    let edited = last.sql.replacing(
      "RESET ROLE;", with: "COMMENT ON SCHEMA scorekeeper IS 'edited';\nRESET ROLE;")
    changed.append(ServerRepeatable(name: last.name, sql: edited, sha256: sha256Hex(Array(edited.utf8))))
    _ = try ServerInstaller(connection: admin, migrations: ServerMigration.all, repeatables: changed)
      .install()
    #expect(try repeatables() == before.dropLast() + [[last.name, sha256Hex(Array(edited.utf8))]])
    #expect(try admin.query("SELECT obj_description('scorekeeper'::regnamespace)").scalar == "edited")
    // Unchanged files are not run again: a comment cleared by hand stays cleared.
    try admin.query("COMMENT ON SCHEMA scorekeeper IS NULL")
    _ = try ServerInstaller(connection: admin, migrations: ServerMigration.all, repeatables: changed)
      .install()
    #expect(try admin.query("SELECT obj_description('scorekeeper'::regnamespace)").scalar == nil)
  }

  @Test("an upgrade uses the roles the schema has, though the database's name changed since the install")
  func upgradeAfterRename() throws {
    _ = try ServerInstaller(connection: admin, migrations: [ServerMigration.all[0]], repeatables: [])
      .install()
    admin.close()  // a database is copied only while nobody is connected to it
    let server = try TestPostgres.shared()
    let copy = database + "_copy"
    try PGConnection(server.connectionString()).queryAlone("CREATE DATABASE \(copy) TEMPLATE \(database)")
    let copied = try PGConnection(server.connectionString(database: copy))
    defer {
      _ = try? PGConnection(server.connectionString()).queryAlone("DROP DATABASE \(copy) WITH (FORCE)")
    }
    #expect(
      try ServerInstaller(connection: copied).install() == .init(from: 1, to: ServerMigration.currentVersion))
    #expect(try ServerRoles.installed(on: copied) == ServerRoles(database: database))
    #expect(
      try copied.query(
        "SELECT tableowner FROM pg_tables WHERE schemaname = 'scorekeeper' AND tablename = 'records'"
      ).scalar == database + "_owner")
    #expect(
      try copied.query("SELECT count(*) FROM pg_roles WHERE rolname LIKE $1", [copy + "\\_%"]).scalar == "0")
  }

  @Test("a migration that fails leaves nothing behind: no schema, no roles")
  func allOrNothing() throws {
    let broken =
      ServerMigration.all + [
        ServerMigration(
          version: ServerMigration.currentVersion + 1, identifier: "broken", sql: "SELECT 1/0;",
          fileName: "V999__broken.sql")
      ]
    #expect(throws: PGError(sqlState: "22012", message: "division by zero", query: "SELECT 1/0;")) {
      try ServerInstaller(connection: admin, migrations: broken, repeatables: ServerRepeatable.all).install()
    }
    #expect(try ServerInstaller.version(on: admin) == 0)
    #expect(
      try admin.query("SELECT count(*) FROM pg_roles WHERE rolname LIKE $1", [database + "\\_%"]).scalar
        == "0")
  }

  @Test("statements split at line-ending semicolons, never inside a dollar-quoted body or a comment")
  func splitting() {
    let sql = """
      CREATE TABLE t (a int);
      -- a comment (ending like a statement);
      CREATE FUNCTION f() RETURNS int LANGUAGE sql AS $$
        SELECT 1;
      $$;
      SELECT 'a;b';
      """
    #expect(
      ServerInstaller.statements(of: sql) == [
        "CREATE TABLE t (a int);",
        "-- a comment (ending like a statement);\nCREATE FUNCTION f() RETURNS int LANGUAGE sql AS $$\n  SELECT 1;\n$$;",
        "SELECT 'a;b';",
      ])
  }
}
