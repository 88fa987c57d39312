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
