import Foundation
import Synchronization
import Testing
import ThrowawayPostgres

/// A hard limit on each test case's time, for tests of code that must
/// never wait without a bound: past it, the test process stops with a
/// message naming the test and a backtrace showing where it waited.
///
/// Swift Testing's own `.timeLimit` cannot end a test blocked in a system
/// call (it cancels the task, which a blocked thread never notices), so
/// a regression there would hang the whole run until CI's own limit;
/// this makes it fail within the limit instead. Not a speed check: the
/// limit is minutes, for code that takes a second.
public struct HardTimeLimit: TestTrait, SuiteTrait, TestScoping {
  let seconds: Double

  public var isRecursive: Bool { true }

  public func scopeProvider(for test: Test, testCase: Test.Case?) -> HardTimeLimit? {
    testCase == nil ? nil : self
  }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let done = Watchdog(seconds: seconds, what: "\(test.name)")
    defer { done.finish() }
    try await function()
  }
}

extension Trait where Self == HardTimeLimit {
  /// Each test case stops the test process if it runs past `seconds`.
  public static func hardTimeLimit(seconds: Double) -> HardTimeLimit {
    HardTimeLimit(seconds: seconds)
  }
}

/// A thread that aborts the process unless `finish()` is called within
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
