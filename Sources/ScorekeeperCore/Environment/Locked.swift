#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// State that is not `Sendable` (an SQLite connection), made safe to share
/// by a mutex around every use.
///
/// The standard `Mutex` insists that values leaving the lock be `sending`,
/// which a generic operation's result cannot promise; the guarantee here is
/// the plain one: one thread inside at a time, nothing escaping but results.
final class Locked<Value>: @unchecked Sendable {
  private var value: Value
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  init(_ value: Value) {
    self.value = value
    let code = pthread_mutex_init(mutex, nil)
    precondition(code == 0, "pthread_mutex_init failed: \(code)")
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
