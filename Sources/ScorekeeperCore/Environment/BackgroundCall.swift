#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Work running on a thread of its own, whose result one caller waits for:
/// what lets the mock cloud work while its caller does, as a server at the
/// other end of a connection would.
///
/// A thread per call, not a pool: a call is a whole batch (hundreds of
/// records), so starting a thread costs next to nothing beside it, and
/// nothing outlives the work.
final class BackgroundCall<Value: Sendable>: @unchecked Sendable {
  private var result: Result<Value, any Error>?
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let done = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  /// Starts `body` on a new thread; nil when the system would not start
  /// one (then the caller does the work itself, when it needs it).
  static func start(_ body: @escaping @Sendable () throws -> Value) -> BackgroundCall? {
    let call = BackgroundCall()
    let context = Unmanaged.passRetained(ThreadStart { call.finish(body) }).toOpaque()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    var thread = pthread_t()
    guard pthread_create(&thread, &attributes, runStart, context) == 0 else {
      Unmanaged<ThreadStart>.fromOpaque(context).release()
      return nil
    }
    return call
  }

  private init() {
    precondition(pthread_mutex_init(mutex, nil) == 0, "pthread_mutex_init failed")
    precondition(pthread_cond_init(done, nil) == 0, "pthread_cond_init failed")
  }

  deinit {
    pthread_cond_destroy(done)
    pthread_mutex_destroy(mutex)
    done.deallocate()
    mutex.deallocate()
  }

  /// The work's result, once it is over. Bounded by the work itself: each
  /// of the cloud's operations has its own (a busy file answers "busy").
  func wait() -> Result<Value, any Error> {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while result == nil { pthread_cond_wait(done, mutex) }
    return result!
  }

  private func finish(_ body: () throws -> Value) {
    let outcome = Result(catching: body)
    pthread_mutex_lock(mutex)
    result = outcome
    pthread_cond_broadcast(done)
    pthread_mutex_unlock(mutex)
  }
}

/// What a new thread is handed: its work, retained until it runs. (A C
/// function pointer cannot capture a generic type, so it lives out here.)
private final class ThreadStart {
  let run: () -> Void

  init(_ run: @escaping () -> Void) {
    self.run = run
  }
}

private let runStart: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { context in
  Unmanaged<ThreadStart>.fromOpaque(context!).takeRetainedValue().run()
  return nil
}
