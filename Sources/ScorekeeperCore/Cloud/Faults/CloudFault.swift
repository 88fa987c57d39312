/// A failure the mock cloud is told to produce: the next operation (of a
/// given kind, or any) fails as a whole with `error`, before touching data.
///
/// Written as text so a shell can script an outage through
/// `SCOREKEEPER_CLOUD_FAULTS`, comma-separated, each
/// `NAME[:SECONDS][*COUNT][@OPERATION]`. For example:
///
///     network-unavailable*2,request-rate-limited:3@modify-records
///
/// fails the next two operations with "network unavailable", then the next
/// `modify-records` with "rate limited, retry after 3 s".
public struct CloudFault: Hashable, Sendable, CustomStringConvertible {
  public var error: CloudError
  /// Only an operation of this kind fails; nil: whichever comes next.
  public var operation: CloudOperation?

  public init(_ error: CloudError, on operation: CloudOperation? = nil) {
    self.error = error
    self.operation = operation
  }

  public var description: String {
    var text = error.code
    if let seconds = error.retryAfter { text += ":\(Self.format(seconds))" }
    if let operation { text += "@\(operation.rawValue)" }
    return text
  }

  /// The errors a fault can name: the ones that fail a whole operation.
  /// Per-record errors (conflicts, missing records) come from real data.
  static func error(named name: String, retryAfter seconds: Double?) -> CloudError? {
    let seconds = seconds ?? 1
    switch name {
    case "network-unavailable": return .networkUnavailable
    case "request-rate-limited": return .requestRateLimited(retryAfter: seconds)
    case "service-unavailable": return .serviceUnavailable(retryAfter: seconds)
    case "zone-busy": return .zoneBusy(retryAfter: seconds)
    case "server-busy": return .serverBusy
    case "quota-exceeded": return .quotaExceeded
    case "not-authenticated": return .notAuthenticated(.noAccount)
    case "account-temporarily-unavailable": return .accountTemporarilyUnavailable
    case "change-token-expired": return .changeTokenExpired
    case "server-rejected-request": return .serverRejectedRequest("injected fault")
    case "limit-exceeded": return .limitExceeded(count: 0, limit: CloudRules.itemLimit)
    default: return nil
    }
  }

  static let names = [
    "network-unavailable", "request-rate-limited", "service-unavailable", "zone-busy", "server-busy",
    "quota-exceeded", "not-authenticated", "account-temporarily-unavailable",
    "change-token-expired", "server-rejected-request", "limit-exceeded",
  ]

  /// Parses a fault list; an empty text is no faults.
  public static func parse(_ text: String) throws(CloudFaultSyntaxError) -> [CloudFault] {
    var faults: [CloudFault] = []
    for item in text.split(separator: ",") {
      var rest = Substring(String(item).trimmingWhitespace())
      if rest.isEmpty { continue }
      let original = String(rest)
      func fail(_ why: String) -> CloudFaultSyntaxError {
        CloudFaultSyntaxError(item: original, problem: why)
      }
      var operation: CloudOperation?
      if let at = rest.firstIndex(of: "@") {
        let name = String(rest[rest.index(after: at)...])
        guard let parsed = CloudOperation(rawValue: name) else {
          throw fail(
            "unknown operation \(quote(name)); one of "
              + CloudOperation.allCases.map(\.rawValue).joined(separator: ", "))
        }
        operation = parsed
        rest = rest[..<at]
      }
      var count = 1
      if let star = rest.firstIndex(of: "*") {
        guard let parsed = Int(rest[rest.index(after: star)...]), (1...1000).contains(parsed) else {
          throw fail("the count after * must be a whole number from 1 to 1000")
        }
        count = parsed
        rest = rest[..<star]
      }
      var seconds: Double?
      if let colon = rest.firstIndex(of: ":") {
        guard let parsed = Double(rest[rest.index(after: colon)...]), parsed >= 0, parsed.isFinite
        else { throw fail("the retry-after after : must be a number of seconds") }
        seconds = parsed
        rest = rest[..<colon]
      }
      guard let error = error(named: String(rest), retryAfter: seconds) else {
        throw fail("unknown fault \(quote(String(rest))); one of " + names.joined(separator: ", "))
      }
      if seconds != nil && error.retryAfter == nil {
        throw fail("\(rest) takes no retry-after")
      }
      faults += Array(repeating: CloudFault(error, on: operation), count: count)
    }
    return faults
  }

  private static func format(_ seconds: Double) -> String {
    seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int64(seconds)) : String(seconds)
  }
}

/// The kinds of cloud operation, as fault specifications name them.
public enum CloudOperation: String, Hashable, Sendable, CaseIterable {
  case accountStatus = "account-status"
  case fetchRecords = "fetch-records"
  case fetchAssets = "fetch-assets"
  case modifyRecords = "modify-records"
  case modifyZones = "modify-zones"
  case databaseChanges = "database-changes"
  case zoneChanges = "zone-changes"
  case shareMetadata = "share-metadata"
  case acceptShare = "accept-share"
  case claimDevice = "claim-device"
}

/// A fault list that could not be read, quoting the item at fault.
public struct CloudFaultSyntaxError: Error, Hashable, CustomStringConvertible {
  public let item: String
  public let problem: String

  public var description: String { "Cannot read the cloud fault \(quote(item)): \(problem)." }
}
