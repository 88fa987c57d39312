/// Ids an import makes for rows its file names no id for.
enum IDs {
  /// The first 128 bits of the SHA-256 of `parts`, written as a UUID is:
  /// the same parts make the same id on every import.
  static func made(_ parts: [String]) -> String {
    let hex = Array(SHA256.hex(of: Array(parts.joined(separator: "\u{1f}").utf8)).prefix(32))
    return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(hex[$0]) }.joined(separator: "-")
  }
}
