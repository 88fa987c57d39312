@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

@testable import ScorekeeperPostgreSQL

/// What a connection asks of the server, with nothing kept in the
/// session (`PGSession`): a name in the startup packet, limits that come
/// with each statement for its own transaction, so that nothing reaches
/// the next client of a pooled server session; transactions that roll
/// back on a throw; typed reads that say what they could not read.
@Suite(.tags(.postgres), .runAsTagged) struct PGSessionTests {
  let server: TestPostgres
  let database: String

  init() throws {
    server = try TestPostgres.shared()
    database = try server.newDatabase()
  }

  /// The limits in force for a statement, in milliseconds, and its
  /// connection's name.
  func limits(on connection: PGConnection) throws -> [String?] {
    try #require(
      try connection.query(
        """
        SELECT current_setting('application_name'),
          (extract(epoch FROM current_setting('statement_timeout')::interval) * 1000)::bigint,
          (extract(epoch FROM current_setting('lock_timeout')::interval) * 1000)::bigint,
          (extract(epoch FROM current_setting('idle_in_transaction_session_timeout')::interval) * 1000)::bigint
        """
      ).firstRow
    ).values
  }

  /// The same settings of a new session that psql opens through `string`,
  /// and the server process serving it.
  func psqlSession(_ string: String) throws -> String {
    try ShellCommand.output([
      server.bin + "/psql", "-X", "-A", "-t", "-d", string, "-c",
      """
      SELECT pg_backend_pid(), current_setting('application_name'), current_setting('statement_timeout'),
        current_setting('lock_timeout'), current_setting('idle_in_transaction_session_timeout'),
        current_setting('TimeZone')
      """,
    ])
  }

  @Test(
    "each statement is bounded by the time the client has left; the connection is named, in its startup only")
  func statementLimits() throws {
    let connection = try PGConnection(server.connectionString(database: database), deadline: .after(2.5))
    let values = try limits(on: connection)
    // The time left when the statement went, in whole milliseconds: 2.5 s,
    // less what connecting took.
    let statement = try #require(values[1].flatMap(Double.init))
    #expect(statement > 1500 && statement <= 2500)
    #expect(values == ["scorekeeper", values[1], values[1], "60000"])
    // A name the string gives is the string's.
    let named = try PGConnection(server.connectionString(database: database) + " application_name=mine")
    #expect(try limits(on: named)[0] == "mine")
  }

  @Test(
    "through a pooler in transaction mode, the next client of the same server session finds the server's own settings"
  )
  func nothingLeaks() throws {
    let pooler = try TestPgBouncer.shared()
    try server.ensureUser("pooled", joining: false)
    try PGConnection(server.connectionString(database: database)).query(
      "GRANT CONNECT ON DATABASE \(database) TO pooled")
    let through = pooler.connectionString(database: database, user: "pooled")
    let connection = try PGConnection(through, deadline: .after(2.5))
    let pid = try #require(try connection.query("SELECT pg_backend_pid()").scalar)
    // psql, through the same pool (the same user and database), is given
    // the server session this connection used last.
    let next = try psqlSession(through)
    let own = try psqlSession(server.connectionString(database: database, user: "pooled"))
    try #require(next.hasPrefix(pid + "|"), "psql was given another server session: \(next)")
    #expect(next.drop { $0 != "|" } == own.drop { $0 != "|" })
    #expect(own.split(separator: "|").dropFirst().prefix(4) == ["psql", "0", "0", "0"])
  }

  @Test("an administrator's stricter limits stay: a statement's are only ever lowered")
  func administratorsLimitsStay() throws {
    let admin = try PGConnection(server.connectionString(database: database))
    try admin.query("ALTER DATABASE \(database) SET statement_timeout = '200ms'")
    try admin.query("ALTER DATABASE \(database) SET idle_in_transaction_session_timeout = '5s'")
    let connection = try PGConnection(server.connectionString(database: database), deadline: .after(2.5))
    let values = try limits(on: connection)
    #expect(values == ["scorekeeper", "200", values[2], "5000"])
    #expect(try #require(values[2].flatMap(Double.init)) > 1500)
  }

  @Test("a statement the client gave up on is stopped on the server too, not left working for nobody")
  func givenUpIsStopped() throws {
    let connection = try PGConnection(server.connectionString(database: database), deadline: .after(0.5))
    #expect(throws: PGError.self) { try connection.query("SELECT pg_sleep(20) -- given up") }
    let admin = try PGConnection(server.connectionString(database: database))
    let running = try Polling.value(within: 10) {
      try admin.query(
        "SELECT count(*) FROM pg_stat_activity WHERE query LIKE '%-- given up' AND state = 'active' "
          + "AND pid <> pg_backend_pid()"
      ).scalar
    } until: {
      $0 == "0"
    }
    #expect(running == "0")
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
    // A statement the server refuses fails the transaction; its end still goes.
    #expect(throws: PGError.self) {
      try connection.transaction {
        try connection.query("INSERT INTO items VALUES (3)")
        try connection.query("SELECT 1 / 0")
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
