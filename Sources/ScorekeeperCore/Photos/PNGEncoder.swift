/// Writes small PNG images, for the photos `demo` gives its players: the
/// program makes them itself, so the demo needs no files and no network.
///
/// The pixel data goes into zlib's "stored" deflate blocks (no
/// compression): a demo photo is a few kilobytes either way, and a real
/// compressor is not worth its code here. The format is PNG 1.2: 8-bit
/// RGB, no interlacing, each row behind filter byte 0 (none).
public enum PNGEncoder {
  /// A PNG of `width` × `height` pixels, `pixel(x, y)` giving each one's
  /// red, green and blue.
  public static func encode(
    width: Int, height: Int, pixel: (_ x: Int, _ y: Int) -> (red: UInt8, green: UInt8, blue: UInt8)
  ) -> [UInt8] {
    precondition(width > 0 && height > 0, "a PNG has at least one pixel")
    var rows: [UInt8] = []
    rows.reserveCapacity(height * (1 + width * 3))
    for y in 0..<height {
      rows.append(0)  // filter: none
      for x in 0..<width {
        let (red, green, blue) = pixel(x, y)
        rows += [red, green, blue]
      }
    }
    let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 2, 0, 0, 0]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
      + chunk("IDAT", zlibStored(rows)) + chunk("IEND", [])
  }

  /// A chunk: its length, type, data, and the CRC of type and data.
  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typed = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + typed + bigEndian(CRC32.checksum(typed))
  }

  /// A zlib stream (RFC 1950) of stored deflate blocks (RFC 1951), each
  /// at most 65,535 bytes.
  static func zlibStored(_ data: [UInt8]) -> [UInt8] {
    var stream: [UInt8] = [0x78, 0x01]  // deflate, 32K window; no dictionary, fastest
    var start = 0
    repeat {
      let count = min(65_535, data.count - start)
      let isLast = start + count == data.count
      stream.append(isLast ? 1 : 0)  // BFINAL, BTYPE 00
      stream += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
      stream += data[start..<start + count]
      start += count
    } while start < data.count
    return stream + bigEndian(adler32(data))
  }

  /// zlib's checksum of the uncompressed data (RFC 1950).
  static func adler32(_ data: [UInt8]) -> UInt32 {
    var (a, b): (UInt32, UInt32) = (1, 0)
    // 5,552 is the most bytes whose sums cannot overflow 32 bits before
    // the modulo (zlib's NMAX).
    var start = 0
    while start < data.count {
      let end = min(start + 5_552, data.count)
      for byte in data[start..<end] {
        a += UInt32(byte)
        b += a
      }
      (a, b) = (a % 65_521, b % 65_521)
      start = end
    }
    return b << 16 | a
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }
}

/// CRC-32 as PNG and zlib's gzip use it (ISO 3309, reflected, polynomial
/// 0xEDB88320).
enum CRC32 {
  private static let table: [UInt32] = (0..<256).map { n in
    (0..<8).reduce(UInt32(n)) { c, _ in c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
  }

  static func checksum<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
    ~bytes.reduce(~UInt32(0)) { crc, byte in table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
  }
}
