import Foundation

/// A fresh directory of its own for one test, removed when released, so
/// tests running in parallel never share a file.
public final class TemporaryDirectory: Sendable {
  public let path: String

  public init(prefix: String = "scorekeeper-tests") throws {
    let pattern = "\(NSTemporaryDirectory())/\(prefix).XXXXXX"
    var template = Array(pattern.utf8CString)
    guard let created = mkdtemp(&template) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: pattern])
    }
    path = String(cString: created)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// The path of `name` inside the directory.
  public func file(_ name: String) -> String {
    path + "/" + name
  }

  /// The names of the directory's entries, sorted.
  public func entries() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path).sorted()
  }
}

extension TemporaryDirectory {
  /// Each file in the directory whose name `includes`, with the hash of
  /// what it holds, for "nothing changed" checks. Two kinds of file hold
  /// nothing of the user's and are left out: SQLite's `-shm` (the index of
  /// a log, rebuilt by any process that opens the database) and an empty
  /// `-wal` (a log with nothing in it, which opening a database whose log
  /// was folded away makes anew, and which the program keeps: issue 51).
  public func dataFiles(where includes: (String) -> Bool = { _ in true }) throws -> [String: String] {
    var files: [String: String] = [:]
    for name in try entries() where includes(name) && !name.hasSuffix("-shm") {
      var isDirectory: ObjCBool = false
      FileManager.default.fileExists(atPath: file(name), isDirectory: &isDirectory)
      if isDirectory.boolValue {
        files[name] = "folder"
        continue
      }
      let size = try FileManager.default.attributesOfItem(atPath: file(name))[.size] as? Int
      if name.hasSuffix("-wal") && size == 0 { continue }
      files[name] = try sha256Hex(fileAt: file(name))
    }
    return files
  }
}
