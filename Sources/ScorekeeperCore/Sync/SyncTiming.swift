#if canImport(Glibc)
  import Glibc
#endif

/// How long a sync may take, and how it waits between retries: real time
/// for the CLI, virtual time (waits are counted, not slept) for tests and
/// deterministic transcripts.
public struct SyncTiming: Sendable {
  /// Seconds a sync may spend waiting to retry before it stops politely.
  public var budget: Double
  let sleep: @Sendable (Double) -> Void
  /// Seconds passed, on a clock that only moves forward.
  private let clock: @Sendable () -> Double
  /// The clock's reading when the current run started (`restart`).
  private var start = 0.0

  /// - Parameter elapsed: seconds passed so far, as the waits count them
  ///   (real time, or the sum of virtual waits).
  public init(
    budget: Double, sleep: @escaping @Sendable (Double) -> Void,
    elapsed: @escaping @Sendable () -> Double
  ) {
    self.budget = budget
    self.sleep = sleep
    clock = elapsed
  }

  /// Seconds since the current run started.
  func elapsed() -> Double { clock() - start }

  /// Starts a run: the budget counts from now.
  mutating func restart() { start = clock() }

  /// Seconds a live server is given to answer within a run: the budget,
  /// but never less than a second, enough to connect through TLS across
  /// the world (a budget of 0 means "do not wait to retry", not "do not
  /// wait for an answer").
  public var answerTime: Double { max(budget, 1) }

  /// Sleeps for real, measured on the monotonic clock from now.
  public static func live(budget: Double) -> SyncTiming {
    let start = Deadline.now()
    return SyncTiming(
      budget: budget,
      sleep: { seconds in
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
      },
      elapsed: { Deadline.now() - start })
  }

  /// Waits take no time; the time they would have taken still counts
  /// against the budget.
  public static func virtual(budget: Double) -> SyncTiming {
    let waited = Locked(0.0)
    return SyncTiming(
      budget: budget, sleep: { seconds in waited.withLock { $0 += seconds } },
      elapsed: { waited.withLock { $0 } })
  }
}
