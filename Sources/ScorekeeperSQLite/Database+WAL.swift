#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Database {
  /// Switches the file to WAL journaling and returns the mode it is in.
  ///
  /// Switching takes an exclusive lock, and SQLite does not wait for it
  /// with the busy handler: a second process creating the same file at the
  /// same moment gets SQLITE_BUSY at once. So this waits, as long as the
  /// busy timeout would (once one switch succeeds, the others are no-ops).
  public func switchToWAL() throws -> String? {
    var waited = 0
    while true {
      do {
        return try fetchOne("PRAGMA journal_mode = WAL") { try $0.text(0) }
      } catch let error as DatabaseError
        where error.primaryCode == 5 /* SQLITE_BUSY */ && waited < Int(Self.defaultBusyTimeoutMilliseconds)
      {
        usleep(10_000)
        waited += 10
      }
    }
  }
}
