#if canImport(Glibc)
  import Glibc
#endif

/// A small file beside the database (`PATH-device`) saying which device
/// the database at that path is and how far its own changes go: its
/// device id and the sequence number of its last local change.
///
/// It catches what the file check (device and inode numbers) cannot: a
/// backup copied back over the database with `cp`, which keeps the file,
/// so the older content would go on as the same device, and `undo` would
/// reach back past the backup. Its local changes stop short of the mark
/// left for the same device: it becomes a device of its own.
///
/// Written after a command made a local change, not synced to disk: after
/// a crash the mark may lag behind the database, which only means a
/// restore just then goes unseen; it is never ahead of what was committed.
enum DeviceMark {
  static func path(of database: String) -> String { database + "-device" }

  /// The mark at `database`'s path, if there is one that can be read.
  static func read(for database: String) -> (device: String, lastChange: Int64)? {
    guard let file = fopen(path(of: database), "r") else { return nil }
    defer { fclose(file) }
    var buffer = [CChar](repeating: 0, count: 128)
    guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
    let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let parts = line.split(separator: " ")
    guard parts.count == 2, let last = Int64(String(parts[1]).trimmingWhitespace()) else { return nil }
    return (String(parts[0]), last)
  }

  /// Leaves the mark; a failure (a read-only folder) only leaves none.
  static func write(for database: String, device: String, lastChange: Int64) {
    let text = "\(device) \(lastChange)\n"
    let descriptor = open(path(of: database), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    _ = text.withCString { Glibc.write(descriptor, $0, strlen($0)) }
  }

  /// The device id and last local change the database holds now.
  static func current(in db: Database) throws -> (device: String, lastChange: Int64) {
    try db.fetchOne("SELECT (SELECT id FROM localDevice), (SELECT ifnull(max(seq), 0) FROM localChanges)") {
      (try $0.text(0), try $0.int64(1))
    }!
  }
}
