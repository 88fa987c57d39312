#if canImport(Glibc)
  import Glibc
#endif

/// An instant on the monotonic clock by which something must be over (a
/// sync, a server's answer), and how long it allowed, for messages. The
/// monotonic clock does not jump when the wall clock is set.
public struct Deadline: Sendable, Equatable, CustomStringConvertible {
  /// Seconds on CLOCK_MONOTONIC.
  public let instant: Double
  /// Seconds it allowed when it was set.
  public let allowed: Double

  /// `seconds` from now.
  public static func after(_ seconds: Double) -> Deadline {
    Deadline(instant: now() + seconds, allowed: seconds)
  }

  /// Seconds left, never negative.
  public var remaining: Double { max(0, instant - Self.now()) }

  public var hasPassed: Bool { Self.now() >= instant }

  /// The earlier of the two.
  public func earlier(than other: Deadline) -> Deadline { other.instant < instant ? other : self }

  /// What is left in milliseconds, rounded up, as poll(2) takes it.
  public var pollMilliseconds: Int32 {
    Int32(min((remaining * 1000).rounded(.up), Double(Int32.max)))
  }

  /// "2 s", "0.5 s": how long it allowed, as people read it.
  public var description: String {
    let tenths = (allowed * 10).rounded()
    return (tenths.truncatingRemainder(dividingBy: 10) == 0 ? "\(Int(tenths / 10))" : "\(tenths / 10)") + " s"
  }

  /// Seconds on the monotonic clock.
  public static func now() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }
}
