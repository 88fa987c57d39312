#if canImport(Glibc)
  import Glibc
#endif

/// Says when another connection commits to a SQLite database file,
/// without polling it: inotify on the file's folder wakes a wait when a
/// file there (the database, its `-wal` log) is written, and SQLite's
/// `PRAGMA data_version` (which moves when another connection commits)
/// tells a commit from a checkpoint or a read. `watch` follows its own
/// database this way, and a mock cloud's file (`FileCloud.changeSignal`).
public final class DatabaseChangeSignal: ChangeSignal {
  private let database: Database
  public let descriptor: Int32
  private var version: Int64
  /// The file the connection opened (device and inode): another file
  /// put in its place (`restore` renames one over it) is not what the
  /// connection reads any more.
  private let file: (device: UInt, inode: UInt)?

  /// Follows `database`'s file, asking `database` (a connection the
  /// caller keeps outside transactions while it waits).
  public init(database: Database) throws {
    self.database = database
    let path = database.path
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[..<$0]) } ?? "."
    descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard descriptor >= 0 else { throw ChangeSignalError.now("inotify_init1", path: folder) }
    let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE)
    guard inotify_add_watch(descriptor, folder.isEmpty ? "/" : folder, mask) >= 0 else {
      let error = ChangeSignalError.now("inotify_add_watch", path: folder)
      close(descriptor)
      throw error
    }
    version = 0
    file = Self.identity(of: path)
    version = try dataVersion()
  }

  /// Follows the store's database, through the store's connection.
  public convenience init(store: Store) throws {
    try self.init(database: store.database)
  }

  deinit {
    close(descriptor)
  }

  /// True when another connection has committed since the last true (or
  /// since this signal was made). Throws `DatabaseReplaced` once another
  /// file took the database's place.
  public func takeChange() throws -> Bool {
    try drain()
    if let file, let now = Self.identity(of: database.path), now != file {
      throw DatabaseReplaced(path: database.path)
    }
    let now = try dataVersion()
    guard now != version else { return false }
    version = now
    return true
  }

  private static func identity(of path: String) -> (device: UInt, inode: UInt)? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return (UInt(status.st_dev), UInt(status.st_ino))
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
}

/// Another file took the place of the database a long-running command
/// follows (a `restore`, a copy moved over it): its connection still
/// reads the old one, so the command must open the database again.
public struct DatabaseReplaced: Error, Equatable, Sendable, CustomStringConvertible {
  public let path: String

  public var description: String {
    "The database \(quote(path)) was replaced by another file (a restore?) while it was followed."
  }
}
