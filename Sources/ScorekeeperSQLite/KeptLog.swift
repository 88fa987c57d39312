import CScorekeeperSQLite
import ScorekeeperSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A database's write-ahead log kept between processes, so that a change
/// costs one flush, its commit's (issue 51; Docs/flushes.md).
///
/// By default the last connection to close checkpoints the log into the
/// main file and deletes it: two flushes at every exit, and the next
/// writer's new log costs two more (its header, its folder). A connection
/// that keeps the log does neither, and checkpoints only once the log has
/// grown past `checkpointPages`, after a commit, never waiting: it copies
/// what no reader still needs, and with no reader left it empties the log
/// (TRUNCATE, with no busy wait: a reader or writer elsewhere only makes
/// it stop short, to be tried at the next commit).
///
/// Emptied, not left to SQLite to start over: SQLite starts a log over at
/// a write that finds it all copied, but a process that opens the
/// database alone rebuilds the log's index from the log and forgets what
/// was copied. A log kept between processes would never start over, and
/// every commit past the threshold would copy all of it again.
///
/// Kept logs have one hazard: a main file replaced under its log (a
/// backup copied over it) would get the old log replayed onto it.
/// `LogMark` records which main file goes with which log, and a
/// connection opening a replaced file sets its log aside first.
final class KeptLog {
  /// Every process reads the whole log once (SQLite rebuilds its index
  /// when the first connection opens: about 2 µs a page here), so the log
  /// is kept short: 256 pages (1 MiB) cost a command 0.5 ms at most, and
  /// a checkpoint comes every 20 scores or so. (SQLite's own automatic
  /// checkpoint, made for one long-lived process, waits for 1,000.)
  static let defaultCheckpointPages: Int32 = 256

  /// While checkpoints are held (`Database.holdingCheckpoints`), the log
  /// is checkpointed only past this many pages (64 MiB), or at the end.
  static let heldCheckpointPages: Int32 = 16_384

  let path: String
  let checkpointPages: Int32
  /// Pages in the log after the last commit (SQLite's WAL hook), nil
  /// until this connection commits.
  var framesInLog: Int32?
  /// The mark as this process last read or wrote it.
  var recorded: LogMark?
  /// Where a log that did not belong to the file was moved, when opening
  /// found one.
  let setAside: String?
  private var maintaining = false
  /// Holds on checkpoints under way (they nest).
  private(set) var holds = 0
  /// A commit during a hold would have checkpointed without it.
  private var heldBack = false
  /// Pages of the log this connection's last checkpoint had copied into
  /// the main file. (SQLite keeps the count in the `-shm` file, which this
  /// process must not open and close beside SQLite: see `inUse`.)
  private var copied: Int32 = 0

  init(path: String, checkpointPages: Int32) throws {
    self.path = path
    self.checkpointPages = checkpointPages
    (recorded, setAside) = try Self.inspect(path)
  }

  /// How long opening waits for a checkpoint under way before it sets a
  /// log aside (it holds the mark's lock for the checkpoint's length).
  static let lockTimeoutMilliseconds = 5_000

  // MARK: Opening

  /// Before SQLite opens `path`: the mark as it stands, and the log set
  /// aside when the main file is not the one its log was recorded with.
  private static func inspect(_ path: String) throws -> (LogMark?, String?) {
    guard holdsChanges(path + "-wal") else { return (LogMark.read(of: path), nil) }
    // A checkpoint writes the mark before it writes the main file, so a
    // mark read the same before and after looking at the files was not
    // changed by one meanwhile.
    for _ in 1...3 {
      let before = LogMark.read(of: path)
      guard let now = LogMark.current(of: path), case .recorded(let log, let main) = now else {
        return (before, nil)
      }
      guard LogMark.read(of: path) == before else { continue }
      switch before {
      case .recorded(log, main)?:
        return (before, nil)
      case .recorded(log, _)?:
        guard !inUse(path) else { return (before, nil) }
        return try setAside(path, found: now, marked: before)
      case .checkpointing?:
        // A checkpoint under way, or cut short: the main file may be
        // half-way, and only the log completes it. One cut short (its
        // lock is free) is recorded as it stands.
        return (record(path) ?? before, nil)
      case .recorded?, nil:
        // Another log than the one recorded (copied with its database),
        // or no mark: the files belong together as far as anything can
        // tell. The first commit records them (a reader writes nothing).
        return (before, nil)
      }
    }
    return (LogMark.read(of: path), nil)
  }

  /// Moves the log aside, under the mark's lock, once the files still
  /// look as they did (`found`, `marked`). Nothing is deleted: the log is
  /// kept under a new name for whoever wants what it held.
  private static func setAside(_ path: String, found: LogMark, marked: LogMark?) throws -> (LogMark?, String?)
  {
    guard let lock = MarkLock(path, waitingMilliseconds: lockTimeoutMilliseconds) else {
      throw DatabaseError(
        extendedCode: SQLITE_BUSY,
        message: "\(path) was replaced under its log, and another process held \(LogMark.path(of: path)) "
          + "for \(lockTimeoutMilliseconds / 1_000) s")
    }
    defer { lock.release() }
    guard lock.found == marked, LogMark.current(of: path) == found else { return (marked, nil) }
    for number in 1...100 {
      let name = path + "-wal-set-aside" + (number == 1 ? "" : "-\(number)")
      if link(path + "-wal", name) == 0 {
        unlink(path + "-wal")
        // (It indexes the log that went; SQLite would rebuild it anyway.)
        unlink(path + "-shm")
        return (marked, name)
      }
      guard errno == EEXIST else { break }
    }
    throw DatabaseError(
      extendedCode: SQLITE_CANTOPEN,
      message: "\(path) was replaced under its log, which could not be set aside: "
        + String(cString: strerror(errno)))
  }

  /// Whether the log at `path` has changes past its header.
  static func holdsChanges(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_size > LogStamp.headerSize
  }

  /// Whether another process has the database open: SQLite's connections
  /// each hold a read lock on one byte of the `-shm` file while open
  /// (the "DMS" byte, 128 on Unix).
  ///
  /// The descriptor is never closed: closing any descriptor of a file
  /// drops every POSIX lock this process holds on it, SQLite's included
  /// (another process would then take the `-shm` file for unused, and
  /// truncate it under this one's mapping). This runs only when a file
  /// was replaced, so one descriptor is left open then.
  static func inUse(_ path: String) -> Bool {
    let descriptor = open(path + "-shm", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    var lock = flock()
    lock.l_type = Int16(F_WRLCK)
    lock.l_whence = Int16(SEEK_SET)
    lock.l_start = 128
    lock.l_len = 1
    return fcntl(descriptor, F_GETLK, &lock) == 0 && lock.l_type != Int16(F_UNLCK)
  }

  // MARK: After commits

  /// After a commit: checkpoints a log grown past `checkpointPages`, and
  /// records a log SQLite started over. Neither waits for anyone.
  func maintain(_ handle: OpaquePointer, busyTimeoutMilliseconds: Int32) {
    guard let framesInLog, !maintaining else { return }
    maintaining = true
    defer { maintaining = false }
    // (Once a checkpoint copied the whole log, SQLite starts it over at
    // the next commit, unless a reader still uses it: then the pages past
    // what was copied count.)
    if framesInLog < copied { copied = 0 }
    let threshold = holds > 0 ? max(checkpointPages, Self.heldCheckpointPages) : checkpointPages
    heldBack = framesInLog - copied >= checkpointPages
    if framesInLog - copied >= threshold {
      heldBack = false
      sqlite3_busy_timeout(handle, 0)
      checkpoint(handle)
      sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
    }
    guard case .recorded(let log, _)? = LogMark.current(of: path) else { return }
    if case .recorded(log, _)? = recorded { return }
    recorded = Self.record(path) ?? recorded
  }

  /// Holds checkpoints back (`Database.holdingCheckpoints`).
  func hold() { holds += 1 }

  /// Ends a hold; the last one checkpoints the log if a commit during the
  /// holds would have (otherwise the last commit's maintenance stands).
  func release(_ handle: OpaquePointer, busyTimeoutMilliseconds: Int32) {
    holds -= 1
    guard holds == 0, heldBack else { return }
    maintain(handle, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
  }

  /// Checkpoints under the mark's lock, with `checkpointing` flushed to
  /// the mark before the main file is written; skipped when another
  /// process holds the lock (it is checkpointing).
  private func checkpoint(_ handle: OpaquePointer) {
    guard let lock = MarkLock(path, waitingMilliseconds: 0) else { return }
    defer { lock.release() }
    guard lock.write(.checkpointing, durable: true) else { return }
    var (log, copied): (Int32, Int32) = (0, 0)
    // BUSY: a reader, a writer or another checkpoint elsewhere; what
    // could be copied was (and this one records what it left).
    let code = sqlite3_wal_checkpoint_v2(handle, "main", SQLITE_CHECKPOINT_TRUNCATE, &log, &copied)
    self.copied = code == SQLITE_OK ? 0 : copied
    let now = LogMark.current(of: path)
    if let now, lock.write(now, durable: false) { recorded = now }
  }

  /// Records the files as they are now, unless another process holds the
  /// lock (a checkpoint, which records when it ends). The mark written,
  /// or nil.
  @discardableResult
  static func record(_ path: String) -> LogMark? {
    guard let lock = MarkLock(path, waitingMilliseconds: 0) else { return nil }
    defer { lock.release() }
    guard let now = LogMark.current(of: path), lock.write(now, durable: false) else { return nil }
    return now
  }
}

/// The mark file, open and locked (`flock`) by this process alone.
struct MarkLock {
  let descriptor: Int32
  let database: String
  /// The mark as it was when the lock was taken (a checkpoint writes its
  /// intent over it before it records).
  let found: LogMark?

  /// Nil when another process held the lock for `waitingMilliseconds`,
  /// or the mark cannot be made (a read-only folder: no log is kept
  /// there either).
  init?(_ database: String, waitingMilliseconds: Int) {
    let descriptor = open(LogMark.path(of: database), O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return nil }
    var waited = 0
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR, waited < waitingMilliseconds else {
        close(descriptor)
        return nil
      }
      usleep(1_000)
      waited += 1
    }
    self.descriptor = descriptor
    self.database = database
    found = LogMark.read(from: descriptor)
  }

  /// Writes `mark` over the last; `durable`: flushed before returning.
  ///
  /// A mark that names a log file for the first time flushes the folder
  /// first: the log's entry in it is then durable, and `KeptLogVFS` opens
  /// a log the mark names without SQLite's own folder flush.
  func write(_ mark: LogMark, durable: Bool) -> Bool {
    if case .recorded(let log, _) = mark {
      let named: LogStamp? = if case .recorded(let named, _)? = found { named } else { nil }
      if named?.device != log.device || named?.inode != log.inode {
        guard Self.flushFolder(of: database) else { return false }
      }
    }
    let text = Array(mark.text.utf8)
    guard pwrite(descriptor, text, text.count, 0) == text.count else { return false }
    return !durable || fdatasync(descriptor) == 0
  }

  /// Flushes the folder `path` is in (its entries: a new file's name).
  private static func flushFolder(of path: String) -> Bool {
    let folder = open(FilePath.folder(of: path), O_RDONLY | O_CLOEXEC)
    guard folder >= 0 else { return false }
    defer { close(folder) }
    return fsync(folder) == 0
  }

  /// Unlocks and closes the file.
  func release() {
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }
}
