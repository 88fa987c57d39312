import Foundation

/// Copies a database as the README tells a person to copy one by hand,
/// while no process has it open: the file and its log (`-wal`), which
/// holds the changes since the last checkpoint (issue 51), to files of
/// their own (as `cp` makes: another file, not a link). Whatever was at
/// `destination` goes first, its log, index and marks with it: the copy
/// is whole, not mixed with what it replaces.
public func copyDatabase(from source: String, to destination: String) throws {
  let files = FileManager.default
  for suffix in ["", "-wal", "-shm", "-device", "-checkpoint"] {
    try? files.removeItem(atPath: destination + suffix)
  }
  for suffix in ["", "-wal"] where files.fileExists(atPath: source + suffix) {
    try files.copyItem(atPath: source + suffix, toPath: destination + suffix)
  }
}
