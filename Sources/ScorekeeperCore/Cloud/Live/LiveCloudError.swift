/// What goes wrong between the program and a live server that is not one
/// of the cloud's own answers: the server side missing or of another
/// version, or an answer this program cannot read.
public enum LiveCloudError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The database has no scorekeeper schema: `scorekeeper server install`
  /// was never run on it.
  case notInstalled(database: String)
  /// The server's schema is older than the program's.
  case olderServer(server: Int, program: Int)
  case unreadableAnswer(String)
  /// The login worked, but the role is not in the database's users group.
  case notAUser(user: String, database: String)

  public var description: String {
    switch self {
    case .notInstalled(let database):
      "The database \(quote(database)) has no scorekeeper schema."
    case .olderServer(let server, let program):
      "The server's scorekeeper schema is version \(server), older than this program's (version \(program))."
    case .unreadableAnswer(let what):
      "The server's answer could not be read: expected \(what)."
    case .notAUser(let user, let database):
      "The server knows you as \(quote(user)), who is not a user of the database \(quote(database))."
    }
  }
}

extension LiveCloud {
  /// The cloud error a failure of the server or the connection stands
  /// for, or the error itself when it is none of the cloud's.
  static func cloudError(for error: PGError, zone: ZoneID? = nil) -> Error {
    switch error.sqlState {
    case "SK001"?:
      let arguments = (try? JSON.parse(error.detail ?? "[]"))?.arrayValue?.compactMap(\.stringValue) ?? []
      switch error.message {
      case "change-token-expired": return CloudError.changeTokenExpired
      case "history-went-back": return CloudError.historyWentBack
      case "account-temporarily-unavailable": return CloudError.accountTemporarilyUnavailable
      case "not-authenticated":
        return CloudError.notAuthenticated(
          arguments.first.flatMap(AccountStatus.init(rawValue:)) ?? .noAccount)
      default:
        guard let refusal = CloudRefusal(code: error.message, arguments: arguments, zone: zone) else {
          return LiveCloudError.unreadableAnswer("a refusal this program knows, not \(quote(error.message))")
        }
        return refusal.error
      }
    // Waited too long for a zone another client is writing.
    case "55P03"?: return CloudError.zoneBusy(retryAfter: 1)
    // Serialization failure, deadlock; a statement past the time the
    // client allows (statement_timeout): the same request may do next time.
    case "40001"?, "40P01"?, "57014"?: return CloudError.serverBusy
    // Shutting down, starting up, too many connections, out of memory, a
    // server in recovery or made read-only (a standby, a failover).
    case "57P01"?, "57P02"?, "57P03"?, "57P04"?, "53300"?, "53200"?, "25006"?:
      return CloudError.serviceUnavailable(retryAfter: 5)
    // Disk full, or a limit the administrator set (temp_file_limit).
    case "53100"?, "53400"?: return CloudError.quotaExceeded
    case "54000"?, "54001"?: return CloudError.limitExceeded(count: 0, limit: CloudRules.itemLimit)
    // Not a member of the database's users: not a scorekeeper user here.
    case "42501"?: return CloudError.notAuthenticated(.noAccount)
    case "28P01"?, "28000"?: return CloudError.loginRefused(error.message)
    case nil:
      return connectionError(error)
    case let code? where code.hasPrefix("08"):  // connection exceptions
      return CloudError.unreachable(error.message)
    case let code?:
      return CloudError.serverFailed(sqlState: code, message: error.message)
    }
  }

  /// A failure libpq reports without a SQLSTATE: connecting, or the
  /// connection lost or timed out. libpq gives connection failures no
  /// SQLSTATE, so the server's words (English; PostgreSQL's default
  /// lc_messages) and libpq's tell them apart. A FATAL message means the
  /// server answered: not a network failure, whatever its words.
  static func connectionError(_ error: PGError) -> Error {
    let message = error.message
    let loginWords = [
      "authentication failed", "no password supplied", "is not permitted to log in", "no pg_hba.conf entry",
    ]
    if error.needsPassword || loginWords.contains(where: message.contains)
      || (message.contains("FATAL:") && message.contains(/role ".*" does not exist/))
    {
      return CloudError.loginRefused(Self.serverWords(message))
    }
    // No free connection (the server's slots taken, or those left kept for
    // superusers; a pooler's clients or its wait for a server connection
    // at their limit), or a server starting, stopping or not reachable
    // from the pooler: an outage, retried.
    let unavailableWords = [
      "too many clients", "too many connections", "remaining connection slots are reserved",
      "the database system is", "no more connections allowed", "pgbouncer cannot connect to server",
      "query_wait_timeout", "server login has been failing",
    ]
    if unavailableWords.contains(where: message.contains) {
      return CloudError.serviceUnavailable(retryAfter: 5)
    }
    if message.contains("FATAL:") {
      return PGError(message: Self.serverWords(message))
    }
    // Certificates and TLS, but not an I/O error inside TLS (SSL SYSCALL),
    // which is the network's.
    let insecureWords = [
      "certificate", "SSL error", "does not support SSL", "SSL was required", "SSL connection is required",
      "sslmode", "GSSAPI encryption",
    ]
    if insecureWords.contains(where: message.contains) && !message.contains("SSL SYSCALL") {
      return CloudError.insecureConnection(Self.lines(message))
    }
    return CloudError.unreachable(Self.lines(message))
  }

  /// A message's lines as one (libpq puts its advice on a line of its
  /// own).
  static func lines(_ message: String) -> String {
    joinedOnce(message.split(separator: "\n").map(String.init))
  }

  /// libpq's message without its "connection to server … failed:"
  /// prefaces or the server's "FATAL:" severity, its lines (libpq adds one
  /// naming the file a password came from) joined into one.
  public static func serverWords(_ message: String) -> String {
    joinedOnce(
      message.split(separator: "\n").map { line in
        var words = line.firstRange(of: "failed: ").map { line[$0.upperBound...] } ?? line
        if words.hasPrefix("FATAL:") { words = words.dropFirst("FATAL:".count) }
        return String(words)
      })
  }

  /// The lines trimmed and joined with "; ", each said once: with
  /// `sslmode=prefer` libpq tries with TLS and then without, and reports
  /// both failures, in the same words.
  private static func joinedOnce(_ lines: [String]) -> String {
    var seen: Set<String> = []
    return lines.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty && seen.insert($0).inserted }
      .joined(separator: "; ")
  }
}
