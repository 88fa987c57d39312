#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Tells the time, so tests and transcripts can fix it.
public struct Clock: Sendable {
  private let read: @Sendable () throws -> Timestamp

  public init(_ read: @escaping @Sendable () throws -> Timestamp) {
    self.read = read
  }

  public func now() throws -> Timestamp {
    try read()
  }

  /// The system's real-time clock, to the millisecond.
  public static let live = Clock {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Timestamp(millisecondsSince1970: Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000)
  }

  /// Always `timestamp`.
  public static func constant(_ timestamp: Timestamp) -> Clock {
    Clock { timestamp }
  }

  /// Fails every call, naming the dependency.
  public static let unimplemented = Clock {
    throw UnimplementedDependencyError(name: "clock")
  }
}
