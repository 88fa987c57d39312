/// Every error the cloud reports, for a whole operation (thrown) or for one
/// record or zone within it (a failed `Result`).
///
/// Each case carries what a caller needs to handle it: the zone or record
/// concerned, both copies of a conflicting record, or how long to wait.
public enum CloudError: Error, Hashable, Sendable, CustomStringConvertible {
  case zoneNotFound(ZoneID)
  /// What is missing: a record, or a share link.
  case unknownItem(String)
  /// The save's change tag is not the server's: someone saved in between.
  /// Merge the two copies and save again with the server's tag.
  case serverRecordChanged(server: CloudRecord, client: CloudRecord)
  case serverRejectedRequest(String)
  case referenceViolation(RecordID, String)
  case permissionFailure(String)
  /// This item was fine, but another in the same atomic zone failed.
  case batchRequestFailed(RecordID)
  case limitExceeded(count: Int, limit: Int)
  case invalidArguments(String)
  case notAuthenticated(AccountStatus)
  /// A live server refused the login itself (a wrong or missing
  /// password), in the server's words.
  case loginRefused(String)
  case accountTemporarilyUnavailable
  case networkUnavailable
  /// A live server could not be reached, or did not answer in time, in
  /// libpq's words (which name the host and port).
  case unreachable(String)
  /// The connection could not be made secure as the connection string
  /// asks (a certificate that fails verification, a server without TLS):
  /// never retried as an outage, since waiting does not fix it.
  case insecureConnection(String)
  /// A live server failed the request for a reason none of the others
  /// name, with its SQLSTATE (never the statement).
  case serverFailed(sqlState: String, message: String)
  case requestRateLimited(retryAfter: Double)
  case serviceUnavailable(retryAfter: Double)
  case quotaExceeded
  case changeTokenExpired
  /// A change token from the server's future, or from another of its
  /// incarnations (a live server's new timeline after a promotion, or a
  /// restore its administrator marked): its history went back, so what
  /// this client was told it holds may be gone. Not an expired token:
  /// fetching everything again would take the loss for deletions.
  case historyWentBack
  case zoneBusy(retryAfter: Double)
  /// The server is busy with other clients' requests (the mock's file is
  /// locked by another process); no wait was suggested.
  case serverBusy

  public static func unknownRecord(_ id: RecordID) -> CloudError {
    .unknownItem("record \(id)")
  }

  /// A stable kebab-case name: used in `cloud dump`, fault specifications
  /// and messages.
  public var code: String {
    switch self {
    case .zoneNotFound: "zone-not-found"
    case .unknownItem: "unknown-item"
    case .serverRecordChanged: "server-record-changed"
    case .serverRejectedRequest: "server-rejected-request"
    case .referenceViolation: "reference-violation"
    case .permissionFailure: "permission-failure"
    case .batchRequestFailed: "batch-request-failed"
    case .limitExceeded: "limit-exceeded"
    case .invalidArguments: "invalid-arguments"
    case .notAuthenticated: "not-authenticated"
    case .loginRefused: "login-refused"
    case .accountTemporarilyUnavailable: "account-temporarily-unavailable"
    case .networkUnavailable: "network-unavailable"
    case .unreachable: "unreachable"
    case .insecureConnection: "insecure-connection"
    case .serverFailed: "server-failed"
    case .requestRateLimited: "request-rate-limited"
    case .serviceUnavailable: "service-unavailable"
    case .quotaExceeded: "quota-exceeded"
    case .changeTokenExpired: "change-token-expired"
    case .historyWentBack: "history-went-back"
    case .zoneBusy: "zone-busy"
    case .serverBusy: "server-busy"
    }
  }

  /// Seconds the service asks the client to wait before trying again, for
  /// the transient errors that carry one.
  public var retryAfter: Double? {
    switch self {
    case .requestRateLimited(let seconds), .serviceUnavailable(let seconds),
      .zoneBusy(let seconds):
      seconds
    default: nil
    }
  }

  public var description: String {
    switch self {
    case .zoneNotFound(let zone): "Zone not found: \(zone)."
    case .unknownItem(let what): "Unknown item: \(what)."
    case .serverRecordChanged(let server, let client):
      "Record \(client.id) changed on the server: tag \(server.changeTag ?? "none"), "
        + "the save had \(client.changeTag ?? "none")."
    case .serverRejectedRequest(let why): "The server rejected the request: \(why)"
    case .referenceViolation(let id, let why): "Reference violation at \(id): \(why)"
    case .permissionFailure(let why): "Permission failure: \(why)"
    case .batchRequestFailed(let id):
      "Not applied: \(id) was fine, but another change in its atomic zone failed."
    case .limitExceeded(let count, let limit):
      "Limit exceeded: \(count) items in one request; the limit is \(limit)."
    case .invalidArguments(let why): "Invalid arguments: \(why)"
    case .notAuthenticated(let status):
      "Not signed in to the cloud (account status: \(status.rawValue))."
    case .loginRefused(let why):
      ["The server refused the login: \(why).", Self.howToLogIn(after: why)].filter { !$0.isEmpty }
        .joined(separator: " ")
    case .accountTemporarilyUnavailable: "The cloud account is temporarily unavailable."
    case .networkUnavailable: "The network is unavailable."
    case .unreachable(let why): "The cloud could not be reached: " + Self.sentence(why)
    case .insecureConnection(let why):
      "The connection to the cloud could not be made secure: " + Self.sentence(why)
        + " This is not an outage and is not retried: check the connection string's sslmode and "
        + "sslrootcert, since the server may not be the one you meant (someone may be in the middle)."
    case .serverFailed(let sqlState, let message):
      "The server failed the request: \(message) (SQLSTATE \(sqlState)). The changes are kept; tell "
        + "the server's administrator if it happens again."
    case .requestRateLimited(let seconds): "Too many requests; retry after \(seconds) s."
    case .serviceUnavailable(let seconds): "The cloud service is unavailable; retry after \(seconds) s."
    case .quotaExceeded: "The cloud storage quota is exceeded."
    case .changeTokenExpired: "The change token has expired; fetch everything again."
    case .historyWentBack:
      "The cloud's history went back (a standby took over, or a backup was put back): changes it "
        + "acknowledged may be gone."
    case .zoneBusy(let seconds): "The zone is busy; retry after \(seconds) s."
    case .serverBusy: "The cloud is busy with other requests and did not answer in time."
    }
  }
}

extension CloudError {
  /// `words` ended as a sentence: a full stop unless they end with one
  /// already (libpq's advice ends with a question mark).
  static func sentence(_ words: String) -> String {
    [".", "?", "!"].contains(where: words.hasSuffix) ? words : words + "."
  }

  /// What to do about a refused login, from the server's reason: where a
  /// password comes from when it is about the password, or nothing more
  /// than the server said. (Who lets a removed user in again is the
  /// command line's to say.)
  static func howToLogIn(after reason: String) -> String {
    guard reason.contains("password") else { return "" }
    return "A password comes from ~/.pgpass (mode 0600), PGPASSFILE or a service file, or from a prompt "
      + "when the command runs at a terminal."
  }
}
