/// Ids an import makes for rows its file names no id for.
enum IDs {
  /// The first 128 bits of the SHA-256 of `parts` (joined by U+001F),
  /// written as a UUID is: the same parts make the same id on every
  /// import. Written byte by byte: a BG Stats backup makes ten of these
  /// for each play, and building them from strings of hex digits cost a
  /// sixth of its import.
  static func made(_ parts: [String]) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(parts.reduce(parts.count) { $0 + $1.utf8.count })
    for (index, part) in parts.enumerated() {
      if index > 0 { bytes.append(0x1f) }
      bytes.append(contentsOf: part.utf8)
    }
    var hash = SHA256()
    hash.update(bytes)
    let digest = hash.finish()
    var text: [UInt8] = []
    text.reserveCapacity(36)
    for index in 0..<16 {
      if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
      text.append(hexDigits[Int(digest[index] >> 4)])
      text.append(hexDigits[Int(digest[index] & 0xf)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)
}
