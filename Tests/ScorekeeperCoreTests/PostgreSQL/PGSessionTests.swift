@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

@testable import ScorekeeperPostgreSQL

/// Every connection's session as `PGSession` sets it up, the options a
/// connection string gives kept; transactions that roll back on a throw;
/// typed reads that say what they could not read.
@Suite(.tags(.postgres), .runAsTagged) struct PGSessionTests {
  let server: TestPostgres
  let database: String

  init() throws {
    server = try TestPostgres.shared()
    database = try server.newDatabase()
  }

  func settings(of connection: PGConnection) throws -> [[String?]] {
    try connection.query(
      """
      SELECT name, setting FROM pg_settings
      WHERE name IN ('application_name', 'statement_timeout', 'lock_timeout',
        'idle_in_transaction_session_timeout', 'TimeZone', 'search_path')
      ORDER BY name
      """
    ).rows
  }

  @Test("a session is named, bounded by the connection's time limit, and in UTC; the string's options stay")
  func sessionSetUp() throws {
    let connection = try PGConnection(
      server.connectionString(database: database) + " options='-c search_path=elsewhere'",
      deadline: .after(2.5))
    expectNoDifference(
      try settings(of: connection),
      [
        ["TimeZone", "UTC"], ["application_name", "scorekeeper"],
        ["idle_in_transaction_session_timeout", "60000"], ["lock_timeout", "2500"],
        ["search_path", "elsewhere"],
        ["statement_timeout", "2500"],
      ])
    // A name the string gives is the string's.
    let named = try PGConnection(server.connectionString(database: database) + " application_name=mine")
    #expect(try named.query("SHOW application_name").scalar == "mine")
    #expect(try named.query("SHOW statement_timeout").scalar == "30s")
  }

  @Test("an administrator's stricter limits stay: the session's are only ever lowered")
  func administratorsLimitsStay() throws {
    let admin = try PGConnection(server.connectionString(database: database))
    try admin.query("ALTER DATABASE \(database) SET statement_timeout = '200ms'")
    try admin.query("ALTER DATABASE \(database) SET lock_timeout = '1min'")
    let connection = try PGConnection(server.connectionString(database: database), deadline: .after(2.5))
    #expect(try connection.query("SHOW statement_timeout").scalar == "200ms")
    #expect(try connection.query("SHOW lock_timeout").scalar == "2500ms")
  }

  @Test("a transaction commits what its body did, or rolls all of it back when the body throws")
  func transactions() throws {
    let connection = try PGConnection(server.connectionString(database: database))
    try connection.query("CREATE TABLE items (n int)")
    struct Stop: Error {}
    #expect(throws: Stop.self) {
      try connection.transaction {
        try connection.query("INSERT INTO items VALUES (1)")
        throw Stop()
      }
    }
    try connection.transaction { try connection.query("INSERT INTO items VALUES (2)") }
    #expect(try connection.query("SELECT n FROM items").rows == [["2"]])
    #expect(try connection.query("SELECT pg_current_xact_id_if_assigned() IS NULL").firstRow?.bool(0) == true)
  }

  @Test("typed reads give booleans and integers, and name the column and value they cannot read")
  func typedReads() throws {
    let connection = try PGConnection(server.connectionString(database: database))
    let row = try #require(try connection.query("SELECT true, 42, NULL::int, 'x', NULL::text").firstRow)
    #expect(try row.bool(0) == true)
    #expect(try row.int(1) == 42)
    #expect(try row.optionalInt(2) == nil)
    #expect(try row.text(3) == "x")
    #expect(row.optionalText(4) == nil)
    #expect(throws: PGError(message: "column 4 is not a boolean: \"x\"")) { try row.bool(3) }
    #expect(throws: PGError(message: "column 5 is not text: NULL")) { try row.text(4) }
    #expect(throws: PGError(message: "column 1 is not an integer: \"t\"")) { try row.int(0) }
  }
}
