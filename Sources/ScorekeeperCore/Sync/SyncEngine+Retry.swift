extension CloudError {
  /// Errors that say "not now" rather than "no": the same call may work
  /// after a wait.
  var isTransient: Bool {
    switch self {
    case .networkUnavailable, .unreachable, .requestRateLimited, .serviceUnavailable, .zoneBusy, .serverBusy,
      .accountTemporarilyUnavailable:
      true
    default:
      false
    }
  }
}

extension SyncEngine {
  /// Calls `operation`, retrying transient errors: after exactly the wait
  /// the server asked for, else after a doubling backoff (0.5 s, 1 s,
  /// 2 s, … up to 8 s), for as long as the budget allows. Then the error
  /// ends the sync, changes kept.
  func withRetry<T>(_ operation: () throws -> T) throws -> T {
    var attempt = 0
    while true {
      do {
        return try operation()
      } catch let error as CloudError where error.isTransient {
        attempt += 1
        let backoff = min(8, 0.5 * Double(1 << min(attempt - 1, 4)))
        let wait = error.retryAfter ?? backoff
        guard timing.elapsed() + wait <= timing.budget else { throw error }
        timing.sleep(wait)
        report.retries += 1
      }
    }
  }
}
