import Foundation
import ScorekeeperTestSupport
import Synchronization

/// The `scorekeeper` binary under test, copied once per test process into
/// a directory every user can read, so steps can run as `nobody` even when
/// the build folder sits somewhere private.
enum SharedBinary {
  struct Location: Sendable {
    let directory: String
    var path: String { directory + "/scorekeeper" }
  }

  static func path() throws -> Location {
    try copied.get()
  }

  /// The built binary: `SCOREKEEPER_BINARY`, or `scorekeeper` beside the
  /// test bundle in the build folder.
  static var built: String {
    if let path = ProcessInfo.processInfo.environment["SCOREKEEPER_BINARY"] { return path }
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    return bundle.appendingPathComponent("scorekeeper").path
  }

  private static let copied: Result<Location, any Error> = Result {
    let source = built
    guard FileManager.default.isExecutableFile(atPath: source) else {
      throw BinaryMissing(path: source)
    }
    let directory = try TemporaryDirectory(prefix: "scorekeeper-bin")
    let target = directory.file("scorekeeper")
    try FileManager.default.copyItem(atPath: source, toPath: target)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
    keep(directory)
    return Location(directory: directory.path)
  }

  /// Keeps the directory alive (and on disk) until the process exits.
  private static func keep(_ directory: TemporaryDirectory) {
    kept.withLock { $0.append(directory) }
  }

  private static let kept = Mutex<[TemporaryDirectory]>([])

  struct BinaryMissing: Error, CustomStringConvertible {
    let path: String
    var description: String {
      "No scorekeeper binary at \(path): build it first (swift build), or set SCOREKEEPER_BINARY."
    }
  }
}
