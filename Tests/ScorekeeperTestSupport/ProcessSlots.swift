import Foundation
import Synchronization

/// Runs tests that block their thread (on the processes they start, on a
/// server's answers, or long on the CPU), several at once, each on threads
/// of its own.
///
/// Run on Swift's cooperative pool (one thread a core), two such tests
/// fill a 2-core machine's pool while their children or the server leave
/// the cores half idle, and every other test waits behind them. Here each runs on a thread made for
/// it (its task and task locals unchanged, so `#expect` reports to its
/// test), and at most `width` run at once: enough to keep the cores busy,
/// few enough that no child waits long for a core.
///
/// Two sets of slots run side by side: random seeds (through processes,
/// which keep about half a core busy each, or in this process), and the
/// other slow tests, which mostly wait (for a watch to redraw, a server
/// to time out, a deadline), so the waiting overlaps the seeds' work
/// rather than following it. (In-process seeds in a set of their own,
/// from the start, made the suite slower: 415 s against 385 s.)
public final class ProcessSlots: Sendable {
  private static let cores = ProcessInfo.processInfo.activeProcessorCount

  /// For process tests that mostly wait: four per core.
  public static let waiting = ProcessSlots(width: 4 * cores)

  /// For random seeds run through processes: three per core, which keeps
  /// the cores busy once the waiting tests are done.
  public static let seeds = ProcessSlots(width: 3 * cores)

  private let width: Int
  private let state = Mutex<(running: Int, waiting: [CheckedContinuation<Void, Never>])>((0, []))
  private let executor = ThreadPerJobExecutor()

  public init(width: Int) {
    self.width = max(1, width)
  }

  /// `body` on threads of its own, once a slot is free.
  public func run<T>(_ body: () async throws -> T) async throws -> T {
    await acquire()
    defer { release() }
    return try await withTaskExecutorPreference(executor) { try await body() }
  }

  private func acquire() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let granted = state.withLock { state in
        guard state.running < width else {
          state.waiting.append(continuation)
          return false
        }
        state.running += 1
        return true
      }
      if granted { continuation.resume() }
    }
  }

  /// Hands the slot to the first waiting, or frees it.
  private func release() {
    let next = state.withLock { state in
      guard !state.waiting.isEmpty else {
        state.running -= 1
        return nil as CheckedContinuation<Void, Never>?
      }
      return state.waiting.removeFirst()
    }
    next?.resume()
  }
}

/// Runs each job on a new thread: a job of a test here may block for as
/// long as its processes run, and must hold no thread another test needs.
private final class ThreadPerJobExecutor: TaskExecutor {
  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    let thread = Thread { job.runSynchronously(on: executor) }
    // Deep enough for a test's stack, as the main thread's is.
    thread.stackSize = 8 << 20
    thread.start()
  }
}
