import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// What the server and libpq report, as the cloud's errors: the failures
/// that can be made happen for real are; the rest (a disk filling up, a
/// server shutting down) are mapped from what PostgreSQL sends then.
@Suite(.tags(.postgres), .runAsTagged) struct LiveErrorTests {
  /// The first operation's error on a cloud reached with `connection`.
  func error(connecting connection: String) -> String {
    do {
      _ = try LiveCloud(connectionString: connection).container().serverIdentity()
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  @Test("a refused connection and an unknown host are unreachable, in libpq's words naming host and port")
  func unreachable() {
    #expect(
      error(connecting: "host=127.0.0.1 port=1 dbname=x user=alice")
        == "The cloud could not be reached: connection to server at \"127.0.0.1\", port 1 failed: Connection "
        + "refused; Is the server running on that host and accepting TCP/IP connections?")
    // The resolver's own words after the colon differ between machines.
    #expect(
      error(connecting: "host=scorekeeper-test.invalid dbname=x user=alice").hasPrefix(
        "The cloud could not be reached: could not translate host name \"scorekeeper-test.invalid\" to "
          + "address: "))
  }

  @Test("a database that allows no more connections is the service unavailable, with a retry-after")
  func tooManyConnections() throws {
    let cloud = try TestCloud(.postgres)
    let connection = try cloud.connectionString(for: "alice")
    let database = try #require(PGConnectionString(cloud.location)["dbname"])
    try PGConnection(cloud.adminLocation).query("ALTER DATABASE \(database) CONNECTION LIMIT 0")
    #expect(error(connecting: connection) == "\(CloudError.serviceUnavailable(retryAfter: 5))")
  }

  @Test("a zone another client holds past the lock timeout is busy, with a retry-after [postgres]")
  func zoneBusy() throws {
    let cloud = try TestCloud(.postgres)
    let zone = ZoneID(name: "games", ownerName: "alice")
    _ = try cloud.container("alice").privateDatabase.modifyRecordZones(saving: [zone])
    let before = try cloud.dump()
    let holder = try PGConnection(cloud.adminLocation)
    try holder.query("BEGIN")
    try holder.query("SELECT FROM scorekeeper.zones WHERE owner = 'alice' AND name = 'games' FOR UPDATE")
    #expect(throws: CloudError.zoneBusy(retryAfter: 1)) {
      try cloud.container("alice").privateDatabase.modifyRecords(saving: [
        CloudRecord(id: RecordID(name: "r1", zoneID: zone), type: "items")
      ])
    }
    try holder.query("ROLLBACK")
    #expect(try cloud.dump() == before)
  }

  @Test(
    "what PostgreSQL reports maps onto the cloud's errors",
    arguments: [
      (
        PGError(sqlState: "57P01", message: "terminating connection due to administrator command"),
        CloudError.serviceUnavailable(retryAfter: 5)
      ),
      (
        PGError(sqlState: "57P03", message: "the database system is starting up"),
        .serviceUnavailable(retryAfter: 5)
      ),
      (
        PGError(sqlState: "53300", message: "sorry, too many clients already"),
        .serviceUnavailable(retryAfter: 5)
      ),
      (
        PGError(sqlState: "55P03", message: "canceling statement due to lock timeout"),
        .zoneBusy(retryAfter: 1)
      ),
      (PGError(sqlState: "40P01", message: "deadlock detected"), .serverBusy),
      (PGError(sqlState: "53100", message: "could not extend file: No space left on device"), .quotaExceeded),
      (PGError(sqlState: "53400", message: "temporary file size exceeds temp_file_limit"), .quotaExceeded),
      (
        PGError(sqlState: "54000", message: "total size of jsonb array elements exceeds the maximum"),
        .limitExceeded(count: 0, limit: 400)
      ),
      (
        PGError(
          message:
            "connection to server on socket \"/x/.s.PGSQL.5432\" failed: FATAL:  the database system is shutting down"
        ),
        .serviceUnavailable(retryAfter: 5)
      ),
      // No free slot, at connect time (libpq gives no SQLSTATE there): the
      // server's words, and a pooler's in front of it.
      (
        PGError(
          message:
            "connection to server at \"db\" (10.0.0.1), port 5432 failed: FATAL:  remaining connection "
            + "slots are reserved for non-replication superuser connections"),
        .serviceUnavailable(retryAfter: 5)
      ),
      (
        PGError(
          message:
            "connection to server on socket \"/x/.s.PGSQL.5432\" failed: FATAL:  sorry, too many clients already"
        ),
        .serviceUnavailable(retryAfter: 5)
      ),
      (
        PGError(
          message:
            "connection to server at \"pool\" (10.0.0.2), port 6432 failed: ERROR:  no more connections "
            + "allowed (max_client_conn)"),
        .serviceUnavailable(retryAfter: 5)
      ),
      (
        PGError(
          message: "connection to server at \"pool\" (10.0.0.2), port 6432 failed: ERROR:  pgbouncer cannot "
            + "connect to server"),
        .serviceUnavailable(retryAfter: 5)
      ),
      (
        PGError(message: "connection to server at \"db\" (10.0.0.1), port 5432 failed: timeout expired"),
        .unreachable("connection to server at \"db\" (10.0.0.1), port 5432 failed: timeout expired")
      ),
      (
        PGError(
          message: "server closed the connection unexpectedly\n\tThis probably means the server terminated "
            + "abnormally\n\tbefore or while processing the request."),
        .unreachable(
          "server closed the connection unexpectedly; This probably means the server terminated abnormally; "
            + "before or while processing the request.")
      ),
      (
        PGError(
          message: "no answer from the server at 127.0.0.1, port 5432 within 2 s (connecting)", timedOut: true
        ),
        .unreachable("no answer from the server at 127.0.0.1, port 5432 within 2 s (connecting)")
      ),
      (
        PGError(
          message:
            "connection to server at \"db\" (10.0.0.1), port 5432 failed: SSL SYSCALL error: EOF detected"),
        .unreachable(
          "connection to server at \"db\" (10.0.0.1), port 5432 failed: SSL SYSCALL error: EOF detected")
      ),
      (
        PGError(
          message:
            "connection to server at \"db\" (10.0.0.1), port 5432 failed: SSL error: certificate verify failed"
        ),
        .insecureConnection(
          "connection to server at \"db\" (10.0.0.1), port 5432 failed: SSL error: certificate verify failed")
      ),
      (
        PGError(
          message: "connection to server at \"db\" (10.0.0.1), port 5432 failed: server certificate for "
            + "\"other.example\" does not match host name \"db\""),
        .insecureConnection(
          "connection to server at \"db\" (10.0.0.1), port 5432 failed: server certificate for "
            + "\"other.example\" does not match host name \"db\"")
      ),
      (
        PGError(
          message:
            "connection to server at \"db\" (10.0.0.1), port 5432 failed: server does not support SSL, "
            + "but SSL was required"),
        .insecureConnection(
          "connection to server at \"db\" (10.0.0.1), port 5432 failed: server does not support SSL, but SSL "
            + "was required")
      ),
      // Every class of SQLSTATE the server may send is a cloud error in words.
      (PGError(sqlState: "57014", message: "canceling statement due to statement timeout"), .serverBusy),
      (PGError(sqlState: "40001", message: "could not serialize access"), .serverBusy),
      (
        PGError(sqlState: "25006", message: "cannot execute INSERT in a read-only transaction"),
        .serviceUnavailable(retryAfter: 5)
      ),
      (PGError(sqlState: "53200", message: "out of memory"), .serviceUnavailable(retryAfter: 5)),
      (
        PGError(sqlState: "08006", message: "connection failure"),
        .unreachable("connection failure")
      ),
      (
        PGError(sqlState: "XX000", message: "could not read block 0"),
        .serverFailed(sqlState: "XX000", message: "could not read block 0")
      ),
      (
        PGError(
          sqlState: "23505", message: "duplicate key value", query: "SELECT scorekeeper.modify_records($1)"),
        .serverFailed(sqlState: "23505", message: "duplicate key value")
      ),
      (
        PGError(
          message:
            "connection to server at \"db\" (10.0.0.1), port 5432 failed: FATAL:  no pg_hba.conf entry for host \"10.0.0.2\", user \"alice\", database \"club\", SSL off"
        ),
        .loginRefused(
          "no pg_hba.conf entry for host \"10.0.0.2\", user \"alice\", database \"club\", SSL off")
      ),
    ])
  func mapping(error: PGError, expected: CloudError) {
    #expect(LiveCloud.cloudError(for: error) as? CloudError == expected)
  }

  @Test(
    "a refused login says where a password comes from only when the password was the reason",
    arguments: [
      (
        "password authentication failed for user \"alice\"",
        "The server refused the login: password authentication failed for user \"alice\". A password comes "
          + "from ~/.pgpass (mode 0600), PGPASSFILE or a service file, or from a prompt when the command runs "
          + "at a terminal."
      ),
      (
        "role \"bob\" is not permitted to log in",
        // Who lets a removed user in again is the command line's to say (`ErrorWords`).
        "The server refused the login: role \"bob\" is not permitted to log in."
      ),
      (
        "no pg_hba.conf entry for host \"10.0.0.2\", user \"alice\", database \"club\", SSL off",
        "The server refused the login: no pg_hba.conf entry for host \"10.0.0.2\", user \"alice\", "
          + "database \"club\", SSL off."
      ),
    ])
  func loginRefusedMessage(reason: String, message: String) {
    #expect(CloudError.loginRefused(reason).description == message)
  }

  @Test("a FATAL answer that is none of the cloud's is reported in the server's words, not as the network")
  func otherFatal() {
    let error = PGError(
      message:
        "connection to server on socket \"/x/.s.PGSQL.5432\" failed: FATAL:  database \"club\" does not exist"
    )
    #expect(
      LiveCloud.cloudError(for: error) as? PGError == PGError(message: "database \"club\" does not exist"))
  }
}
