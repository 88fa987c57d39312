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

  enum Variable {
    /// Seconds before the line shows (default 1): tests make it 0.
    static let delay = "SCOREKEEPER_PROGRESS_AFTER"
  }

  /// A progress line for stderr, or nil when it is not a terminal.
  init?(errors: Output, isTerminal: Bool, environment: (String) -> String?) throws {
    guard isTerminal else { return nil }
    self.errors = errors
    delay = try Self.delay(environment: environment)
  }

  /// SCOREKEEPER_PROGRESS_AFTER, checked (with the other settings) before
  /// any command runs.
  static func delay(environment: (String) -> String?) throws -> Double {
    guard let text = environment(Variable.delay), !text.isEmpty else { return 1 }
    guard let seconds = Double(text), seconds >= 0, seconds.isFinite else {
      throw UsageError("\(Variable.delay)=\(quote(text)) is not a number of seconds like 1 or 0.5.")
    }
    return seconds
  }

  func update(_ report: SyncReport, finished: Bool) {
    if finished {
      // Wipe the line (carriage return, erase to its end): what the
      // command prints next starts on a clean line.
      if lastDrawn != nil { errors.write("\r\u{1B}[K") }
      errors.flush()
      lastDrawn = nil
      return
    }
    let now = Self.now()
    guard now - started >= delay, lastDrawn.map({ now - $0 >= 0.1 }) ?? true else { return }
    lastDrawn = now
    errors.write("\rSyncing: \(report.sent) sent, \(report.received) received…\u{1B}[K")
    errors.flush()
  }

  /// Seconds on the monotonic clock.
  private static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
