import CScorekeeperSQLite

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// SQLite's own file system (the default VFS), but for one thing: a kept
/// log that the mark names is opened as an existing file.
///
/// SQLite opens every log with "create", and a file opened so has its
/// folder flushed at its first flush: one more flush per process, though
/// the log was made long ago. The folder entry needs that flush once, when
/// the file is new: `MarkLock.write` flushes the folder before a mark
/// names a log file for the first time, so a log the mark names has a
/// durable entry, and is opened without "create". (Removed meanwhile,
/// it is opened again with it.)
enum KeptLogVFS {
  static let name = "scorekeeper-kept-log"

  /// The VFS, registered (not as the default) on first use.
  static let registered: Void = {
    let base = sqlite3_vfs_find(nil)!
    let vfs = UnsafeMutablePointer<sqlite3_vfs>.allocate(capacity: 1)
    vfs.initialize(to: base.pointee)
    vfs.pointee.zName = UnsafePointer(strdup(name))
    vfs.pointee.pNext = nil
    vfs.pointee.xOpen = { _, path, file, flags, outFlags in
      let base = sqlite3_vfs_find(nil)!
      if flags & SQLITE_OPEN_WAL != 0, let path, KeptLogVFS.isRecorded(log: String(cString: path)) {
        let code = base.pointee.xOpen(base, path, file, flags & ~SQLITE_OPEN_CREATE, outFlags)
        if code == SQLITE_OK { return code }
      }
      return base.pointee.xOpen(base, path, file, flags, outFlags)
    }
    _ = sqlite3_vfs_register(vfs, 0)
  }()

  /// Whether the mark beside the database names the log file at `log`.
  static func isRecorded(log: String) -> Bool {
    guard log.hasSuffix("-wal"), case .recorded(let marked, _)? = LogMark.read(of: String(log.dropLast(4)))
    else {
      return false
    }
    var info = stat()
    return stat(log, &info) == 0 && UInt64(info.st_dev) == marked.device
      && UInt64(info.st_ino) == marked.inode
  }
}
