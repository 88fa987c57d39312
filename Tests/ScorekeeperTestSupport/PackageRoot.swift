import Foundation

/// The package's root folder, found from this file's path, so tests can
/// read `Fixtures/` and `README.md` whatever the working directory.
public let packageRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
