import Foundation
import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// Every server version ever shipped, as past scorekeepers installed it
/// (`Fixtures/server/`, made from git history by `make-fixtures.sh`),
/// upgrades to exactly the schema of a fresh install: the same tables,
/// functions, policies, grants and owners, compared as `pg_dump` prints
/// them. Version 2 and 3 were each shipped in more than one form; each
/// form has its fixture.
@Suite(.tags(.postgres), .runAsTagged) struct ServerFixtureTests {
  static let directory = packageRoot + "/Fixtures/server"
  static let fixtures = ["v1", "v2-first", "v2-last", "v3-first", "v3-last", "v4", "v5", "v6", "v7", "v8"]

  /// The version a fixture's name says it is.
  static func version(of fixture: String) -> Int {
    Int(fixture.dropFirst().prefix { $0.isNumber })!
  }

  @Test("each shipped server version upgrades to the schema of a fresh install", arguments: fixtures)
  func upgrades(fixture: String) throws {
    let server = try TestPostgres.shared()
    let fresh = try server.newDatabase()
    _ = try ServerInstaller(connection: PGConnection(server.connectionString(database: fresh))).install()

    let old = try server.newDatabase()
    let roles = ServerRoles(database: old)
    let admin = try PGConnection(server.connectionString())
    for role in [roles.owner, roles.users] {
      try admin.query("CREATE ROLE \(quotedIdentifier(role)) NOLOGIN")
    }
    try server.run(
      file: Self.directory + "/\(fixture).sql", in: old,
      variables: ["owner": roles.owner, "users": roles.users])
    let connection = try PGConnection(server.connectionString(database: old))
    #expect(try ServerInstaller.version(on: connection) == Self.version(of: fixture))

    #expect(
      try ServerInstaller(connection: connection).install()
        == .init(from: Self.version(of: fixture), to: ServerMigration.currentVersion))
    expectNoDifference(
      try server.schemaDump(of: old, roles: roles),
      try server.schemaDump(of: fresh, roles: ServerRoles(database: fresh)))
    // The ledger adopted the shipped files' hashes for what it had.
    #expect(
      try connection.query("SELECT version, identifier, sha256 FROM scorekeeper.migrations ORDER BY 1").rows
        == ServerMigration.all.map { [String($0.version), $0.identifier, $0.sha256] })
  }

  /// A version's fixture is recorded once, by the program that ships it
  /// (`make fixtures`); without the variable, a missing one fails.
  @Test("the newest server version has its fixture")
  func newestHasAFixture() throws {
    let newest = "v\(ServerMigration.currentVersion)"
    let path = Self.directory + "/\(newest).sql"
    if !FileManager.default.fileExists(atPath: path) {
      guard ProcessInfo.processInfo.environment["SCOREKEEPER_RECORD_FIXTURE"] == "1" else {
        Issue.record(
          "No fixture for server version \(ServerMigration.currentVersion) at \(path): run `make fixtures`.")
        return
      }
      try Self.record(to: path)
      Issue.record("Recorded \(path); add \"\(newest)\" to ServerFixtureTests.fixtures and commit it.")
    }
    #expect(Self.fixtures.last == newest)
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory)
    #expect(files.filter { $0.hasSuffix(".sql") }.sorted() == Self.fixtures.map { $0 + ".sql" }.sorted())
  }

  /// A fresh install by this program, dumped as make-fixtures.sh dumps
  /// the past ones: the schema, and the rows of the ledgers and the
  /// server's own table, with the roles as psql variables.
  static func record(to path: String) throws {
    let server = try TestPostgres.shared()
    let database = try server.newDatabase()
    let connection = try PGConnection(server.connectionString(database: database))
    _ = try ServerInstaller(connection: connection).install()
    try connection.query("UPDATE scorekeeper.server SET identity = 'fixture'")
    try connection.query("UPDATE scorekeeper.migrations SET appliedAt = '2026-11-25 00:00:00+00'")
    try connection.query("UPDATE scorekeeper.repeatables SET appliedAt = '2026-11-25 00:00:00+00'")
    let roles = ServerRoles(database: database)
    let dump =
      "-- The server side as scorekeeper installs version \(ServerMigration.currentVersion) (ServerFixtureTests).\n"
      + (try server.pgDump(database, "--schema-only"))
      + (try server.pgDump(
        database, "--data-only", "--inserts", "-t", "scorekeeper.migrations", "-t", "scorekeeper.repeatables",
        "-t", "scorekeeper.server"))
    let text = dump.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.hasPrefix("\\restrict ") && !$0.hasPrefix("\\unrestrict ") }
      .joined(separator: "\n")
      .replacing(quotedIdentifier(roles.owner), with: #":"owner""#).replacing(roles.owner, with: #":"owner""#)
      .replacing(quotedIdentifier(roles.users), with: #":"users""#).replacing(roles.users, with: #":"users""#)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  }
}
