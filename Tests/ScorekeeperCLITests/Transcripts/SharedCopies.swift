import Foundation
import ScorekeeperTestSupport

/// What transcript steps need from the build and the repository, copied
/// once per test process into a directory every user can read: steps may
/// run as `nobody`, and the clone may sit somewhere private.
///
/// The directory is removed when the test process exits.
enum SharedCopies {
  /// The built binary: `SCOREKEEPER_BINARY`, or `scorekeeper` beside the
  /// test bundle in the build folder.
  static var builtBinary: String {
    if let path = ProcessInfo.processInfo.environment["SCOREKEEPER_BINARY"] { return path }
    return builtExecutable("scorekeeper")
  }

  /// An executable of this package beside the test bundle in the build folder.
  static func builtExecutable(_ name: String) -> String {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    return bundle.appendingPathComponent(name).path
  }

  /// The folder holding the copied `scorekeeper`, for PATH.
  static func binaryDirectory() throws -> String {
    try root.get() + "/bin"
  }

  /// The copied `Fixtures` folder, for $FIXTURES.
  static func fixturesDirectory() throws -> String {
    try root.get() + "/Fixtures"
  }

  private static let root: Result<String, any Error> = Result {
    let source = builtBinary
    guard FileManager.default.isExecutableFile(atPath: source) else {
      throw BinaryMissing(path: source)
    }
    let files = FileManager.default
    let root = rootPath
    try? files.removeItem(atPath: root)
    try files.createDirectory(atPath: root + "/bin", withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(atPath: SharedCopies.rootPath) }
    try files.copyItem(atPath: source, toPath: root + "/bin/scorekeeper")
    try files.copyItem(atPath: packageRoot + "/Fixtures", toPath: root + "/Fixtures")
    // Readable and searchable by all, whatever the umask was.
    for path in [root]
      + (files.enumerator(atPath: root)?.allObjects as? [String] ?? []).map({ root + "/" + $0 })
    {
      var isDirectory: ObjCBool = false
      _ = files.fileExists(atPath: path, isDirectory: &isDirectory)
      let executable = isDirectory.boolValue || path.hasSuffix("/bin/scorekeeper")
      try files.setAttributes([.posixPermissions: executable ? 0o755 : 0o644], ofItemAtPath: path)
    }
    return root
  }

  private static var rootPath: String {
    NSTemporaryDirectory() + "/scorekeeper-shared-\(getpid())"
  }

  struct BinaryMissing: Error, CustomStringConvertible {
    let path: String
    var description: String {
      "No scorekeeper binary at \(path): build it first (swift build), or set SCOREKEEPER_BINARY."
    }
  }
}
