@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

@testable import ScorekeeperPostgreSQL

/// The libpq layer against a throwaway cluster: parameters and results
/// round-trip exactly, and every failure carries what the server said.
@Suite(.tags(.postgres), .runAsTagged) struct PGConnectionTests {
  let server: TestPostgres
  let connection: PGConnection

  init() throws {
    server = try TestPostgres.shared()
    connection = try PGConnection(server.connectionString(database: try server.newDatabase()))
  }

  @Test("text parameters and results round-trip, NULL included, and columns keep their names")
  func roundTrip() throws {
    let result = try connection.query(
      "SELECT $1::text AS word, $2::int + 1 AS next, $3::text IS NULL AS missing, $3::text AS nothing",
      ["héllo 😀 'quoted' \"twice\"", "41", nil])
    #expect(
      result
        == PGResult(
          columns: ["word", "next", "missing", "nothing"],
          rows: [["héllo 😀 'quoted' \"twice\"", "42", "t", nil]], affectedRows: 1))
  }

  @Test("a statement says how many rows it changed or returned")
  func affectedRows() throws {
    try connection.query("CREATE TABLE items (id int PRIMARY KEY, name text NOT NULL)")
    #expect(
      try connection.query("INSERT INTO items VALUES (1, 'a'), (2, 'b'), (3, 'c')")
        == PGResult(columns: [], rows: [], affectedRows: 3))
    #expect(
      try connection.query("UPDATE items SET name = upper(name) WHERE id >= $1 RETURNING id, name", ["2"])
        == PGResult(columns: ["id", "name"], rows: [["2", "B"], ["3", "C"]], affectedRows: 2))
  }

  @Test("a failed statement carries the SQLSTATE, the message, the detail and the query")
  func statementError() throws {
    try connection.query("CREATE TABLE items (id int PRIMARY KEY)")
    try connection.query("INSERT INTO items VALUES (1)")
    #expect(
      throws: PGError(
        sqlState: "23505", message: "duplicate key value violates unique constraint \"items_pkey\"",
        detail: "Key (id)=(1) already exists.", query: "INSERT INTO items VALUES ($1)")
    ) {
      try connection.query("INSERT INTO items VALUES ($1)", ["1"])
    }
    #expect(
      throws: PGError(
        sqlState: "42P01", message: "relation \"missing\" does not exist", query: "SELECT * FROM missing")
    ) {
      try connection.query("SELECT * FROM missing")
    }
  }

  @Test("a server that is not there is a connection error in libpq's words")
  func noServer() throws {
    let directory = try TemporaryDirectory()
    #expect(
      throws: PGError(
        message: "connection to server on socket \"\(directory.path)/.s.PGSQL.5432\" failed: "
          + "No such file or directory\n\tIs the server running locally and accepting connections on that socket?"
      )
    ) {
      try PGConnection("host=\(directory.path) dbname=postgres")
    }
  }

  @Test("the connection knows whom and where it reached")
  func identity() throws {
    #expect(
      [connection.user, connection.host, connection.port, connection.usesTLS ? "tls" : "plain"]
        == [TestPostgres.admin, server.directory, String(server.port), "plain"])
    #expect(connection.parameterStatus("server_version")?.hasPrefix("15") == true)
  }
}
