/// How every connection this program makes sets up its session on the
/// server, in one place:
///
/// - `application_name` scorekeeper (unless the connection string names
///   one), so an administrator tells its sessions apart in
///   `pg_stat_activity`;
/// - `idle_in_transaction_session_timeout`: a client that stopped half
///   way through a transaction frees its locks within a minute;
/// - `TimeZone` UTC: times the server formats read the same everywhere;
/// - `statement_timeout` and `lock_timeout` at most the connection's time
///   limit: a statement the client gave up on is stopped on the server
///   too, instead of working (or holding locks) for nobody. An
///   administrator's stricter limit (for the database or the role) stays:
///   these two are lowered after connecting, never raised.
///
/// The first three are settings of the connection itself (no round
/// trip), after any options the string gives; the two limits take one
/// statement, since the administrator's are known only once connected.
public enum PGSession {
  static let applicationName = "scorekeeper"
  /// Seconds a session may sit in an open transaction without a word.
  static let idleInTransactionLimit = 60.0

  /// `connectionString` with the session's settings.
  static func connectionString(_ connectionString: String) throws -> String {
    let given = try PGConnectionString(connectionString)
    let options = [
      "idle_in_transaction_session_timeout=\(milliseconds(idleInTransactionLimit))", "TimeZone=UTC",
    ].map { "-c " + $0 }.joined(separator: " ")
    return
      given
      .setting("fallback_application_name", to: applicationName)
      .setting("options", to: (given["options"].map { $0 + " " } ?? "") + options)
      .text
  }

  /// Lowers the statement and lock limits to `timeLimit` seconds where
  /// the server's are longer (or none).
  static func limitStatements(on connection: PGConnection, to timeLimit: Double) throws {
    let limits = limitExpressions(parameter: 1)
    try connection.query("SELECT \(limits.sql)", [limits.argument(timeLimit)])
  }

  /// The same as expressions of a statement the caller sends anyway (the
  /// live cloud's handshake), so the limits cost no round trip of their
  /// own: their SQL, with the time limit as parameter `$parameter`.
  public static func limitExpressions(parameter: Int) -> (sql: String, argument: (Double) -> PGParameter) {
    let sql = ["statement_timeout", "lock_timeout"].map { name in
      """
      set_config('\(name)', CASE WHEN current_setting('\(name)')::interval = interval '0'
        OR current_setting('\(name)')::interval > $\(parameter)::text::interval
        THEN $\(parameter)::text ELSE current_setting('\(name)') END, false)
      """
    }.joined(separator: ", ")
    return (sql, { .text(milliseconds($0) + "ms") })
  }

  private static func milliseconds(_ seconds: Double) -> String {
    String(max(1, Int((seconds * 1000).rounded(.up))))
  }
}
