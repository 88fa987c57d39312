#if canImport(Glibc)
  import Glibc
#endif

/// Signals turned into bytes on a pipe (the self-pipe trick), so that the
/// full-screen watch's poll wakes for them as for a change and handles
/// them in its own time: a handler may do almost nothing safely, and the
/// terminal must be put back before the process ends.
enum SignalPipe {
  /// The pipe's write end, for the handler (which reaches only globals).
  /// Written once, before any handler is installed.
  nonisolated(unsafe) private static var writeEnd: Int32 = -1

  /// Installs handlers for `signals` that write each one's number to a
  /// pipe, unblocks them (a parent may have blocked them), and returns the
  /// pipe's non-blocking read end.
  static func open(_ signals: [Int32]) throws -> Int32 {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else {
      throw CommandFailure("watch could not set up its signals: \(String(cString: strerror(errno)))")
    }
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    writeEnd = ends[1]
    var handler = sigaction()
    handler.__sigaction_handler = .init(sa_handler: { signal in
      var byte = UInt8(truncatingIfNeeded: signal)
      _ = write(SignalPipe.writeEnd, &byte, 1)
    })
    sigemptyset(&handler.sa_mask)
    handler.sa_flags = SA_RESTART
    var mask = sigset_t()
    sigemptyset(&mask)
    for signal in signals {
      sigaction(signal, &handler, nil)
      sigaddset(&mask, signal)
    }
    sigprocmask(SIG_UNBLOCK, &mask, nil)
    return ends[0]
  }

  /// The signals that arrived, in order, read from `readEnd`.
  static func take(from readEnd: Int32) -> [Int32] {
    var bytes = [UInt8](repeating: 0, count: 64)
    var signals: [Int32] = []
    while true {
      let count = read(readEnd, &bytes, bytes.count)
      guard count > 0 else { return signals }
      signals += bytes[..<count].map(Int32.init)
    }
  }

  /// Ends the process by `signal`, as it would have ended without a handler
  /// (its parent sees the signal in its status).
  static func end(by signal: Int32) -> Never {
    Glibc.signal(signal, SIG_DFL)
    var mask = sigset_t()
    sigemptyset(&mask)
    sigaddset(&mask, signal)
    sigprocmask(SIG_UNBLOCK, &mask, nil)
    raise(signal)
    exit(128 + signal)
  }
}
