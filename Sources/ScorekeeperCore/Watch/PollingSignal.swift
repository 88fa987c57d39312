/// The signal of a cloud that cannot say when something changed (a live
/// server reached through a pooler in transaction mode, where
/// notifications are lost): it says "changed" once every `interval`, so
/// its follower fetches that often, and a change shows within that much.
/// It has no descriptor; its follower asks it at every recheck
/// (`ChangeSignals.recheckInterval`).
public final class PollingSignal: ChangeSignal {
  /// Seconds between two fetches.
  public let interval: Double
  private var next: Deadline

  public init(interval: Double) {
    self.interval = interval
    next = .after(interval)
  }

  public var descriptor: Int32 { -1 }

  public func takeChange() throws -> Bool {
    guard next.hasPassed else { return false }
    next = .after(interval)
    return true
  }
}
