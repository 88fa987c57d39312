#if canImport(Glibc)
  import Glibc
#endif

/// Waits until another connection commits to this store's database file,
/// without polling it: inotify on the file's folder wakes the wait when a
/// file there (the database, its `-wal` log) is written, and SQLite's `PRAGMA
/// data_version` (which moves when another connection commits) tells a
/// commit from a checkpoint or a read. For `watch` (issue 34): a change
/// made by another process shows at once, and an idle watch sleeps.
///
/// Every wait has a deadline. Inside it the file is looked at again at
/// least every `recheckInterval`, so an event inotify could not deliver
/// (a folder on a network file system) delays a change, never loses it.
public final class DatabaseChangeWaiter {
  private let database: Database
  private let descriptor: Int32
  private var version: Int64
  public static let recheckInterval = 1.0

  public init(store: Store) throws {
    database = store.database
    let path = database.path
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[..<$0]) } ?? "."
    descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard descriptor >= 0 else { throw Self.failure("inotify_init1", folder) }
    let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE)
    guard inotify_add_watch(descriptor, folder.isEmpty ? "/" : folder, mask) >= 0 else {
      let error = Self.failure("inotify_add_watch", folder)
      close(descriptor)
      throw error
    }
    version = 0
    version = try dataVersion()
  }

  deinit {
    close(descriptor)
  }

  /// Returns true as soon as another connection has committed since the
  /// last call returned true (or since this waiter was made); false when
  /// `deadline` passes first. Call it outside a transaction.
  public func wait(until deadline: Deadline) throws -> Bool {
    while true {
      let now = try dataVersion()
      if now != version {
        version = now
        return true
      }
      if deadline.hasPassed { return false }
      var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let wait = deadline.earlier(than: .after(Self.recheckInterval)).pollMilliseconds
      let ready = poll(&entry, 1, wait)
      if ready < 0, errno != EINTR { throw Self.failure("poll", database.path) }
      if ready > 0 { try drain() }
    }
  }

  private func dataVersion() throws -> Int64 {
    try database.fetchOne("PRAGMA data_version") { try $0.int64(0) }!
  }

  /// Reads every waiting event. Which file each names matters not:
  /// `data_version` decides, and asking it is cheaper than a wake.
  private func drain() throws {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 { continue }
      if count < 0, errno == EINTR { continue }
      return
    }
  }

  private static func failure(_ call: String, _ path: String) -> DatabaseError {
    DatabaseError(
      extendedCode: 1, message: "\(call) failed for \(quote(path)): \(String(cString: strerror(errno)))")
  }
}
