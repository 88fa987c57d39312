import ScorekeeperCore

#if canImport(Glibc)
  import Glibc
#endif

/// Where `backup` writes a copy: a new file beside the target, filled
/// and checked, then put in the target's place in one step, so the
/// target is never half a database. Refusals quote the path typed, and
/// nothing has been written when they are thrown.
struct BackupFile {
  /// The path as typed.
  let path: String

  /// Copies the store's database here; returns the copy's size in bytes.
  /// - Parameter replacing: an existing file is replaced (`--force`);
  ///   otherwise it is refused, even one made while the copy was written.
  /// - Parameter verifying: SQLite's `quick_check` reads the whole copy.
  func write(from store: Store, replacing: Bool, verifying: Bool) throws -> Int {
    if Self.sameFile(path, store.path) {
      throw CommandFailure(
        "\(quote(path)) is the database itself: back it up to another file. Nothing was written.")
    }
    if access(path, F_OK) == 0 && !replacing {
      throw CommandFailure("\(quote(path)) exists: give --force to replace it. Nothing was written.")
    }
    // Replacing a database whose log still holds changes would marry the
    // new file to the old one's log. (An empty log, as scorekeeper leaves
    // beside a database it only read, holds nothing.)
    var log = stat()
    if stat(path + "-wal", &log) == 0 && log.st_size > 0 {
      throw CommandFailure(
        "\(quote(path + "-wal")) is beside \(quote(path)), holding changes not yet in it (a database in use, "
          + "or kept with its log): the copy would be paired with that log. Name another file, or move both "
          + "away first. Nothing was written.")
    }
    guard let file = TemporaryFile(beside: path, purpose: "backup") else { throw failure() }
    close(file.descriptor)
    let temporary = file.path
    do {
      try store.backup(into: temporary, verifying: verifying)
      try Self.flush(temporary)
      // (link refuses a target that appeared meanwhile; rename replaces one.)
      guard (replacing ? rename(temporary, path) : link(temporary, path)) == 0 else { throw failure() }
      if !replacing { unlink(temporary) }
    } catch {
      let saved = errno
      unlink(temporary)
      errno = saved
      throw error
    }
    var status = stat()
    return stat(path, &status) == 0 ? Int(status.st_size) : 0
  }

  /// Whether two paths name one file (the second exists).
  private static func sameFile(_ one: String, _ other: String) -> Bool {
    var (a, b) = (stat(), stat())
    return stat(one, &a) == 0 && stat(other, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino
  }

  /// Makes the copy's bytes durable before it takes the target's place.
  private static func flush(_ path: String) throws {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    fsync(descriptor)
  }

  /// A refusal naming the path and the system's reason (from `errno`).
  private func failure() -> CommandFailure {
    CommandFailure(
      "Can't write \(quote(path)): \(FileProblem.writing(path, code: errno)). Nothing was written.")
  }
}
