/// Reads numbers and tags from bytes, refusing to read past their end:
/// an image header is whatever the file says, and a cut-short or lying
/// one must fail with a reason, never crash.
struct ByteReader {
  let bytes: [UInt8]
  var offset = 0

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  struct Failure: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
  }

  var remaining: Int { bytes.count - offset }

  mutating func take(_ count: Int) throws(Failure) -> ArraySlice<UInt8> {
    guard count >= 0, count <= remaining else { throw Failure("it is cut short at byte \(bytes.count)") }
    defer { offset += count }
    return bytes[offset..<offset + count]
  }

  mutating func skip(_ count: Int) throws(Failure) { _ = try take(count) }

  mutating func uint8() throws(Failure) -> UInt8 { try take(1).first! }

  mutating func uint16BE() throws(Failure) -> UInt16 { UInt16(try unsigned(2, bigEndian: true)) }
  mutating func uint16LE() throws(Failure) -> UInt16 { UInt16(try unsigned(2, bigEndian: false)) }
  mutating func uint24LE() throws(Failure) -> UInt32 { UInt32(try unsigned(3, bigEndian: false)) }
  mutating func uint32BE() throws(Failure) -> UInt32 { UInt32(try unsigned(4, bigEndian: true)) }
  mutating func uint32LE() throws(Failure) -> UInt32 { UInt32(try unsigned(4, bigEndian: false)) }
  mutating func uint64BE() throws(Failure) -> UInt64 { try unsigned(8, bigEndian: true) }

  /// Four ASCII characters, such as a PNG chunk's or an ISO box's type.
  mutating func tag() throws(Failure) -> String {
    String(decoding: try take(4), as: UTF8.self)
  }

  private mutating func unsigned(_ count: Int, bigEndian: Bool) throws(Failure) -> UInt64 {
    let slice = try take(count)
    let ordered = bigEndian ? Array(slice) : slice.reversed()
    return ordered.reduce(0) { $0 << 8 | UInt64($1) }
  }
}
