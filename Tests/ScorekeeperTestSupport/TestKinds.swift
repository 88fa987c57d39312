import Foundation
import Testing

/// What a slow test needs. `make test` (and CI) runs every test;
/// `make test-fast` leaves out the tests with these tags, and the live
/// server's cases of the tests run on both clouds (`CloudBacking.backends`).
extension Tag {
  /// Runs the built binary as processes.
  @Tag public static var process: Self
  /// Needs a PostgreSQL server (the test process's throwaway cluster).
  @Tag public static var postgres: Self
  /// Plays random seeds.
  @Tag public static var random: Self
  /// Drives a headless browser.
  @Tag public static var browser: Self

  /// The tags `make test-fast` leaves out.
  static let slow: Set<Tag> = [.process, .postgres, .random, .browser]
}

/// The run `make test-fast` makes (`SCOREKEEPER_TEST_FAST=1`); never
/// under CI (`CI=true`), which runs every test.
public enum FastRun {
  public static let isOn =
    ProcessInfo.processInfo.environment["SCOREKEEPER_TEST_FAST"] == "1"
    && ProcessInfo.processInfo.environment["CI"] != "true"
}

/// Runs each test case as its tags ask (Swift Testing's own `tag:`
/// filter does not reach tests on this toolchain): a test with a slow tag
/// (`process`, `postgres`, `random`) on threads of its own, several at
/// once (`ProcessSlots`: random seeds in one set, the others in another),
/// and cancelled in a fast run; each within a hard time limit when given
/// (`Watchdog`), counted from when its slot is free.
public struct RunAsTagged: SuiteTrait, TestTrait, TestScoping {
  let hardTimeLimit: Double?

  public var isRecursive: Bool { true }

  /// Each test case on its own; a suite or a parametrized test as a whole
  /// takes no slot (its cases each take one, and slots do not nest).
  public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    testCase == nil ? nil : self
  }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    if FastRun.isOn, let tag = test.tags.first(where: Tag.slow.contains) {
      try Test.cancel("make test-fast leaves out \(tag) tests")
    }
    func run() async throws {
      let watchdog = hardTimeLimit.map { Watchdog(seconds: $0, what: test.name) }
      defer { watchdog?.finish() }
      try await function()
    }
    // Every slow kind blocks its thread: on processes, on a server's
    // answers, or (random seeds in process) for long on the CPU; off the
    // cooperative pool, each lets the others run.
    if test.tags.contains(.random) {
      try await ProcessSlots.seeds.run(run)
    } else if test.tags.contains(.process) || test.tags.contains(.postgres) {
      try await ProcessSlots.waiting.run(run)
    } else {
      try await run()
    }
  }
}

extension Trait where Self == RunAsTagged {
  /// Each test case run as its tags ask (see `RunAsTagged`).
  public static var runAsTagged: Self { RunAsTagged(hardTimeLimit: nil) }

  /// The same, each test case stopping the test process past `seconds`.
  public static func runAsTagged(hardTimeLimit seconds: Double) -> Self {
    RunAsTagged(hardTimeLimit: seconds)
  }
}
