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
