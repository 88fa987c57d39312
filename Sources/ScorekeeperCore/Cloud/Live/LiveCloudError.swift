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

  public var description: String {
    switch self {
    case .notInstalled(let database):
      "The database \(quote(database)) has no scorekeeper schema; "
        + "an administrator installs it with `scorekeeper server install URL`."
    case .olderServer(let server, let program):
      "The server's scorekeeper schema is version \(server), older than this program's (version \(program)); "
        + "an administrator upgrades it with `scorekeeper server install URL`."
    case .unreadableAnswer(let what):
      "The server's answer could not be read: expected \(what)."
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
    // Serialization failure, deadlock: the same request will do next time.
    case "40001"?, "40P01"?: return CloudError.serverBusy
    // Shutting down, starting up, too many connections.
    case "57P01"?, "57P02"?, "57P03"?, "53300"?: return CloudError.serviceUnavailable(retryAfter: 5)
    case "53100"?: return CloudError.quotaExceeded  // disk full
    case "54000"?, "54001"?: return CloudError.limitExceeded(count: 0, limit: MockCloud.itemLimit)
    // Not a member of the database's users: not a scorekeeper user here.
    case "42501"?: return CloudError.notAuthenticated(.noAccount)
    case "28P01"?, "28000"?: return CloudError.loginRefused(error.message)
    case nil:
      return connectionError(error)
    default:
      return error
    }
  }

  /// A failure libpq reports without a SQLSTATE: connecting, or the
  /// connection lost.
  static func connectionError(_ error: PGError) -> Error {
    let message = error.message
    if error.needsPassword || message.contains("authentication failed")
      || message.contains("no password supplied")
    {
      return CloudError.loginRefused(Self.serverWords(message))
    }
    if message.contains("too many clients") || message.contains("the database system is") {
      return CloudError.serviceUnavailable(retryAfter: 5)
    }
    return CloudError.networkUnavailable
  }

  /// libpq's message without its "connection to server … failed:" preface.
  static func serverWords(_ message: String) -> String {
    guard let range = message.firstRange(of: "failed: ") else { return message }
    return String(message[range.upperBound...])
  }
}
