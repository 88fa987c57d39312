#if canImport(Glibc)
  import Glibc
#endif

/// The one wait on descriptors (poll(2)), for the HTTP server, the change
/// signals and the PostgreSQL client alike: until one is ready or the
/// deadline passes, a signal's interruption waited through, a failure of
/// the call itself its own error.
public enum Poll {
  /// Waits until one of `entries` is ready (its `revents` set) or
  /// `deadline` passes, and returns how many are ready: 0 when the
  /// deadline passed first. An interrupted wait goes on to the deadline (a
  /// signal a program handles makes a descriptor of its own ready).
  public static func wait(_ entries: inout [pollfd], until deadline: Deadline) throws(PollError) -> Int {
    while true {
      let count = poll(&entries, nfds_t(entries.count), deadline.pollMilliseconds)
      if count >= 0 { return Int(count) }
      guard errno == EINTR else { throw PollError(reason: String(cString: strerror(errno))) }
      if deadline.hasPassed { return 0 }
    }
  }
}

/// poll(2) itself failed (not a descriptor): the system's words.
public struct PollError: Error, Equatable, Sendable, CustomStringConvertible {
  public let reason: String

  public init(reason: String) {
    self.reason = reason
  }

  public var description: String { "poll failed: \(reason)" }
}
