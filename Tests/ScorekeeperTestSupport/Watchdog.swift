import Foundation
import Synchronization
import ThrowawayPostgres

/// A hard limit on a test case's time (`.runAsTagged(hardTimeLimit:)`),
/// for tests of code that must never wait without a bound: past it, the
/// test process stops with a message naming the test and a backtrace
/// showing where it waited.
///
/// Swift Testing's own `.timeLimit` cannot end a test blocked in a system
/// call (it cancels the task, which a blocked thread never notices), so
/// a regression there would hang the whole run until CI's own limit;
/// this makes it fail within the limit instead. Not a speed check: the
/// limit is minutes, for code that takes a second.
///
/// A thread aborts the process unless `finish()` is called within
/// `seconds`; it checks ten times a second, so it ends soon after.
final class Watchdog: Sendable {
  private let finished = Atomic<Bool>(false)

  init(seconds: Double, what: String) {
    let deadline = Date().addingTimeInterval(seconds)
    Thread { [self] in
      while !finished.load(ordering: .acquiring) {
        guard Date() < deadline else {
          FileHandle.standardError.write(
            Data(
              "\n\(what) still ran after its hard limit of \(seconds) s: a wait without a bound. Stopping the test process.\n"
                .utf8))
          TestPostgres.stopCluster()  // (abort runs no atexit handler)
          abort()
        }
        usleep(100_000)
      }
    }.start()
  }

  func finish() {
    finished.store(true, ordering: .releasing)
  }
}
