/// An error from libpq or the server, with what the server said about it:
/// the SQLSTATE code (the stable part, e.g. "42501" for a privilege
/// refused), the message, its detail and hint, and the query that failed.
public struct PGError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Five characters, e.g. "23505"; nil when the failure was the client's
  /// or the connection's, not a statement's.
  public let sqlState: String?
  public let message: String
  public let detail: String?
  public let hint: String?
  /// The statement that failed, when there was one.
  public let query: String?
  /// A connection refused for want of a password that none of libpq's
  /// sources gave: asking the person at the terminal may help.
  public let needsPassword: Bool
  /// The server did not answer before the operation's deadline: the
  /// connection was given up (it is closed; open a new one).
  public let timedOut: Bool

  public init(
    sqlState: String? = nil, message: String, detail: String? = nil, hint: String? = nil,
    query: String? = nil,
    needsPassword: Bool = false, timedOut: Bool = false
  ) {
    self.sqlState = sqlState
    self.message = message
    self.detail = detail
    self.hint = hint
    self.query = query
    self.needsPassword = needsPassword
    self.timedOut = timedOut
  }

  public var description: String {
    summary + (query.map { " — while executing `\($0)`" } ?? "")
  }

  /// What the server said, without the statement: for people, who did not
  /// write it (and the program's SQL is no message).
  public var summary: String {
    var text = "PostgreSQL error" + (sqlState.map { " \($0)" } ?? "") + ": " + message
    if let detail { text += " (\(detail))" }
    if let hint { text += " Hint: \(hint)" }
    return text
  }
}
