#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The small file beside a database whose write-ahead log is kept between
/// processes (`PATH-checkpoint`): which log, and which main file as the
/// last checkpoint left it, belong together.
///
/// With the log kept, the main file is written only by checkpoints, and
/// the log holds every change since. A backup copied over the main file
/// (`cp backup.sqlite games.sqlite`) leaves the log beside it, and SQLite
/// cannot tell: a log's header names no main file, so it would replay the
/// log's pages onto the backup's, and pages that diverged make a damaged
/// database. The mark tells: a main file other than the one recorded,
/// beside the log recorded, was written by something other than a
/// checkpoint, and its log is set aside (`KeptLog`).
///
/// A checkpoint writes `checkpointing` first (flushed, so a crash in the
/// middle of one leaves it), then the files as it left them. Other writes
/// of the mark are hints that are never flushed: a mark lost in a crash
/// names another log or none, which is trusted, never set aside.
enum LogMark: Equatable {
  /// A checkpoint is under way, or its process died in it: the main file
  /// may be changing, and is trusted.
  case checkpointing
  /// The log and the main file, as a checkpoint or the log's start left
  /// them.
  case recorded(log: LogStamp, main: FileStamp)

  static func path(of database: String) -> String { database + "-checkpoint" }

  /// Every mark is written at this width, over the last, so a reader never
  /// sees a shorter mark's tail after a longer one's.
  static let width = 160

  /// The files beside `database` as they are now; nil when there is no
  /// log.
  static func current(of database: String) -> LogMark? {
    guard let log = LogStamp(database + "-wal"), let main = FileStamp(database) else { return nil }
    return .recorded(log: log, main: main)
  }

  /// The mark beside `database`; nil when there is none or it cannot be
  /// read whole.
  static func read(of database: String) -> LogMark? {
    let descriptor = open(path(of: database), O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    return read(from: descriptor)
  }

  /// The mark in the open file `descriptor`; nil when it cannot be read
  /// whole.
  static func read(from descriptor: Int32) -> LogMark? {
    var bytes = [UInt8](repeating: 0, count: width)
    guard pread(descriptor, &bytes, width, 0) == width else { return nil }
    return LogMark(text: String(decoding: bytes, as: UTF8.self))
  }

  var text: String {
    let line =
      switch self {
      case .checkpointing: "checkpointing"
      case .recorded(let log, let main):
        "log \(log.device) \(log.inode) \(log.salts) main \(main.device) \(main.inode) \(main.size) "
          + "\(main.modifiedSeconds) \(main.modifiedNanoseconds)"
      }
    return line + String(repeating: " ", count: max(0, Self.width - 1 - line.utf8.count)) + "\n"
  }

  init?(text: String) {
    let words = text.split { $0 == " " || $0 == "\n" }
    if words == ["checkpointing"] {
      self = .checkpointing
      return
    }
    guard words.count == 10, words[0] == "log", words[4] == "main" else { return nil }
    let numbers = (words[1...3] + words[5...9]).compactMap { UInt64($0) }
    guard numbers.count == 8 else { return nil }
    self = .recorded(
      log: LogStamp(device: numbers[0], inode: numbers[1], salts: numbers[2]),
      main: FileStamp(
        device: numbers[3], inode: numbers[4], size: numbers[5], modifiedSeconds: numbers[6],
        modifiedNanoseconds: numbers[7]))
  }
}

/// A main file's identity and what writing it changes.
struct FileStamp: Equatable {
  var device: UInt64
  var inode: UInt64
  var size: UInt64
  var modifiedSeconds: UInt64
  var modifiedNanoseconds: UInt64

  init(device: UInt64, inode: UInt64, size: UInt64, modifiedSeconds: UInt64, modifiedNanoseconds: UInt64) {
    (self.device, self.inode, self.size) = (device, inode, size)
    (self.modifiedSeconds, self.modifiedNanoseconds) = (modifiedSeconds, modifiedNanoseconds)
  }

  init?(_ path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    self.init(
      device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: UInt64(info.st_size),
      modifiedSeconds: UInt64(bitPattern: Int64(info.st_mtim.tv_sec)),
      modifiedNanoseconds: UInt64(bitPattern: Int64(info.st_mtim.tv_nsec)))
  }
}

/// A log file's identity: the file, and its header's salts, which SQLite
/// draws anew each time it starts the log over (so a log started over is
/// another log, though the file is the same).
struct LogStamp: Equatable {
  var device: UInt64
  var inode: UInt64
  var salts: UInt64

  /// SQLite's WAL header: 32 bytes, the salts at offsets 16 to 23.
  static let headerSize = 32

  init(device: UInt64, inode: UInt64, salts: UInt64) {
    (self.device, self.inode, self.salts) = (device, inode, salts)
  }

  /// The log at `path` (salts 0 while it is empty); nil when there is
  /// none.
  init?(_ path: String) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    var header = [UInt8](repeating: 0, count: Self.headerSize)
    guard fstat(descriptor, &info) == 0 else { return nil }
    if info.st_size < Self.headerSize || pread(descriptor, &header, Self.headerSize, 0) != Self.headerSize {
      header = [UInt8](repeating: 0, count: Self.headerSize)
    }
    self.init(
      device: UInt64(info.st_dev), inode: UInt64(info.st_ino),
      salts: header[16..<24].reduce(0) { $0 << 8 | UInt64($1) })
  }
}
