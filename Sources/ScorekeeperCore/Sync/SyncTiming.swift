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
  let elapsed: @Sendable () -> Double

  public init(
    budget: Double, sleep: @escaping @Sendable (Double) -> Void,
    elapsed: @escaping @Sendable () -> Double
  ) {
    self.budget = budget
    self.sleep = sleep
    self.elapsed = elapsed
  }

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
