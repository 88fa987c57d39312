/// What every connection this program makes asks of the server, in one
/// place, with nothing kept in the session: a pooler in transaction mode
/// (PgBouncer, as hosted services run it) hands the same server session
/// to one client after another, so a setting made for the session would
/// land in someone else's, and it refuses a startup `options` parameter.
///
/// - The startup packet carries `application_name` scorekeeper (unless
///   the connection string names one), so an administrator tells its
///   sessions apart in `pg_stat_activity`; poolers pass it on.
/// - Each statement is sent in one round trip with a statement before it,
///   in the same transaction (libpq's pipeline mode, one sync), that
///   lowers for that transaction only (`set_config(…, true)`):
///   `statement_timeout` and `lock_timeout` to the time the client has
///   left, so a statement the client gave up on is stopped on the server
///   too, instead of working (or holding locks) for nobody; and
///   `idle_in_transaction_session_timeout` to a minute, so a client that
///   stopped half way through a transaction it began frees its locks.
///   An administrator's stricter limit (for the database or the role)
///   stays: these are only ever lowered.
///
/// Times cross as milliseconds since 1970 (the server's functions make
/// them), so the session's `TimeZone` does not matter.
public enum PGSession {
  static let applicationName = "scorekeeper"
  /// Seconds a session may sit in an open transaction without a word.
  static let idleInTransactionLimit = 60.0

  /// `connectionString` with the program's name as the fallback name:
  /// the one setting this program adds to what the string gives.
  static func connectionString(_ connectionString: String) throws -> String {
    try PGConnectionString(connectionString).setting("fallback_application_name", to: applicationName).text
  }

  /// The statement that bounds the one after it: `$1` is the time left,
  /// `$2` the idle limit, each as an interval's text.
  static let limitsSQL =
    "SELECT "
    + [("statement_timeout", 1), ("lock_timeout", 1), ("idle_in_transaction_session_timeout", 2)].map {
      name, parameter in
      """
      set_config('\(name)', CASE WHEN current_setting('\(name)')::interval = interval '0'
        OR current_setting('\(name)')::interval > $\(parameter)::text::interval
        THEN $\(parameter)::text ELSE current_setting('\(name)') END, true)
      """
    }.joined(separator: ", ")

  /// `limitsSQL`'s arguments for a statement that must be over within
  /// `timeLeft` seconds.
  static func limitsArguments(timeLeft: Double) -> [PGParameter] {
    [.text(milliseconds(timeLeft) + "ms"), .text(milliseconds(idleInTransactionLimit) + "ms")]
  }

  private static func milliseconds(_ seconds: Double) -> String {
    String(max(1, Int((seconds * 1000).rounded(.up))))
  }
}
