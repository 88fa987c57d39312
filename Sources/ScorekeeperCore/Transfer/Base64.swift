/// Base64 (RFC 4648, the standard alphabet, padded), for photos in the
/// JSON export: written whole, read strictly (no line breaks, no missing
/// padding), so a file has one spelling of each photo.
enum Base64 {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// Each byte's value in the alphabet, 0xff for a byte outside it.
  private static let values: [UInt8] = {
    var values = [UInt8](repeating: 0xff, count: 256)
    for (index, byte) in alphabet.enumerated() { values[Int(byte)] = UInt8(index) }
    return values
  }()

  static func encode(_ bytes: [UInt8]) -> [UInt8] {
    var text: [UInt8] = []
    text.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index < bytes.count {
      let count = min(3, bytes.count - index)
      let a = UInt32(bytes[index])
      let b = count > 1 ? UInt32(bytes[index + 1]) : 0
      let c = count > 2 ? UInt32(bytes[index + 2]) : 0
      let group = a << 16 | b << 8 | c
      for position in 0..<4 {
        text.append(
          position <= count ? alphabet[Int(group >> UInt32(18 - 6 * position) & 0x3f)] : UInt8(ascii: "="))
      }
      index += 3
    }
    return text
  }

  /// The bytes `text` spells; nil when it is not canonical base64.
  static func decode(_ text: some Collection<UInt8>) -> [UInt8]? {
    let text = Array(text)
    guard text.count % 4 == 0 else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.count / 4 * 3)
    var index = 0
    while index < text.count {
      let isLast = index + 4 == text.count
      let padding =
        isLast
        ? (text[index + 3] == UInt8(ascii: "=") ? (text[index + 2] == UInt8(ascii: "=") ? 2 : 1) : 0) : 0
      var group: UInt32 = 0
      for position in 0..<4 {
        let value: UInt8
        if position >= 4 - padding {
          value = 0
        } else {
          value = values[Int(text[index + position])]
          guard value != 0xff else { return nil }
        }
        group = group << 6 | UInt32(value)
      }
      // Bits a padded group does not use must be zero, or two texts would spell one photo.
      guard padding == 0 || group & (padding == 1 ? 0xff : 0xffff) == 0 else { return nil }
      bytes.append(UInt8(group >> 16 & 0xff))
      if padding < 2 { bytes.append(UInt8(group >> 8 & 0xff)) }
      if padding < 1 { bytes.append(UInt8(group & 0xff)) }
      index += 4
    }
    return bytes
  }
}
