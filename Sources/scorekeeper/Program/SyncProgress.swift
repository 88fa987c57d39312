import ScorekeeperCore

#if canImport(Glibc)
  import Glibc
#endif

/// The line a long sync shows on a terminal's stderr: nothing for the
/// first second (most syncs are over by then), then the records sent and
/// received so far, redrawn at most ten times a second, and wiped when the
/// sync ends. Nothing at all in a pipe.
final class SyncProgress {
  private let errors: Output
  private let delay: Double
  private let started = SyncProgress.now()
  private var lastDrawn: Double?

  /// A progress line for stderr after `delay` seconds, or nil when it
  /// is not a terminal.
  init?(errors: Output, isTerminal: Bool, delay: Double) {
    guard isTerminal else { return nil }
    self.errors = errors
    self.delay = delay
  }

  func update(_ report: SyncReport, finished: Bool) {
    if finished {
      // Wipe the line (carriage return, erase to its end): what the
      // command prints next starts on a clean line.
      if lastDrawn != nil { errors.write(verbatim: "\r\u{1B}[K") }
      errors.flush()
      lastDrawn = nil
      return
    }
    let now = Self.now()
    guard now - started >= delay, lastDrawn.map({ now - $0 >= 0.1 }) ?? true else { return }
    lastDrawn = now
    errors.write(verbatim: "\rSyncing: \(report.sent) sent, \(report.received) received…\u{1B}[K")
    errors.flush()
  }

  /// Seconds on the monotonic clock.
  private static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
