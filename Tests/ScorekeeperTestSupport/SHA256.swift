import Foundation
@_spi(Testing) import ScorekeeperCore

/// The SHA-256 of bytes, as lowercase hex (the product's own, for the
/// fixture manifest and for files that must stay byte-identical).
public func sha256Hex(_ message: [UInt8]) -> String {
  SHA256.hex(of: message)
}

/// The SHA-256 of a file's bytes, as lowercase hex.
public func sha256Hex(fileAt path: String) throws -> String {
  sha256Hex([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
}

/// The hashes of a database file and of its log (`-wal`), which the
/// program keeps between commands (issue 51): what the database holds is
/// in both, so "nothing changed" compares both. A log that is absent or
/// empty holds nothing.
public func sha256Hex(ofDatabaseAt path: String) throws -> String {
  let log = path + "-wal"
  let size = (try? FileManager.default.attributesOfItem(atPath: log)[.size] as? Int) ?? 0
  return try sha256Hex(fileAt: path) + " " + (size > 0 ? try sha256Hex(fileAt: log) : "no log")
}
