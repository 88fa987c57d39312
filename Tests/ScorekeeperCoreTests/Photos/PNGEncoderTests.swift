import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

@Suite struct PNGEncoderTests {
  @Test("CRC-32 and Adler-32 give their published check values")
  func checksums() {
    #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    #expect(CRC32.checksum([UInt8]()) == 0)
    #expect(PNGEncoder.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
    #expect(PNGEncoder.adler32([]) == 1)
    // Past zlib's 5,552-byte run, where the sums are reduced.
    #expect(PNGEncoder.adler32([UInt8](repeating: 0xFF, count: 100_000)) == Self.adler32Slowly(100_000))
  }

  /// Adler-32 of `count` bytes of 0xFF, reduced after every byte.
  static func adler32Slowly(_ count: Int) -> UInt32 {
    var (a, b): (UInt32, UInt32) = (1, 0)
    for _ in 0..<count {
      a = (a + 0xFF) % 65_521
      b = (b + a) % 65_521
    }
    return b << 16 | a
  }

  @Test(
    "a PNG holds exactly the pixels given, in one stored block or several, with every chunk's CRC right",
    arguments: [(1, 1), (3, 2), (200, 120)])
  func roundTrip(width: Int, height: Int) throws {
    func pixel(_ x: Int, _ y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
      (UInt8(x % 256), UInt8(y % 256), UInt8((x * 7 + y * 13) % 256))
    }
    let png = PNGEncoder.encode(width: width, height: height, pixel: pixel)
    #expect(try ImageHeader.read(png) == ImageHeader(type: .png, width: width, height: height))

    let chunks = Self.chunks(of: png)
    #expect(chunks.map(\.type) == ["IHDR", "IDAT", "IEND"])
    for chunk in chunks { #expect(chunk.crcMatches, "\(chunk.type) CRC") }

    let rows = try Self.inflateStored(chunks[1].data)
    var expected: [UInt8] = []
    for y in 0..<height {
      expected.append(0)
      for x in 0..<width { expected += [pixel(x, y).red, pixel(x, y).green, pixel(x, y).blue] }
    }
    #expect(rows == expected)
  }

  /// A PNG's chunks, in order, each with whether its CRC is right.
  static func chunks(of png: [UInt8]) -> [(type: String, data: [UInt8], crcMatches: Bool)] {
    var chunks: [(type: String, data: [UInt8], crcMatches: Bool)] = []
    var offset = 8
    while offset + 12 <= png.count {
      let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      let typed = Array(png[offset + 4..<offset + 8 + length])
      let crc = png[offset + 8 + length..<offset + 12 + length].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
      chunks.append(
        (
          String(decoding: typed.prefix(4), as: UTF8.self), Array(typed.dropFirst(4)),
          crc == CRC32.checksum(typed)
        ))
      offset += 12 + length
    }
    return chunks
  }

  struct NotStored: Error {}

  /// Reads a zlib stream of stored blocks back, checking its header,
  /// each block's length against its complement, and the Adler-32.
  static func inflateStored(_ stream: [UInt8]) throws -> [UInt8] {
    guard stream.count >= 6, (Int(stream[0]) << 8 | Int(stream[1])) % 31 == 0, stream[0] & 0x0F == 8 else {
      throw NotStored()
    }
    var data: [UInt8] = []
    var offset = 2
    while true {
      let header = stream[offset]
      guard header & 0b110 == 0 else { throw NotStored() }
      let length = Int(stream[offset + 1]) | Int(stream[offset + 2]) << 8
      let complement = Int(stream[offset + 3]) | Int(stream[offset + 4]) << 8
      guard length == ~complement & 0xFFFF else { throw NotStored() }
      data += stream[offset + 5..<offset + 5 + length]
      offset += 5 + length
      if header & 1 == 1 { break }
    }
    let adler = stream[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    guard adler == PNGEncoder.adler32(data), offset + 4 == stream.count else { throw NotStored() }
    return data
  }
}

@Suite struct DemoPhotoTests {
  @Test("each demo player gets a 64×64 PNG of their own, the same on every run, in a few kilobytes")
  func demoPhotos() throws {
    let names = ["Alice", "Bob", "Carol", "Dave"]
    let photos = names.map(DemoPhoto.png(for:))
    for photo in photos {
      #expect(try ImageHeader.read(photo) == ImageHeader(type: .png, width: 64, height: 64))
      #expect(photo.count < 16_384)
    }
    #expect(Set(photos.map { SHA256.hex(of: $0) }).count == names.count)
    #expect(names.map(DemoPhoto.png(for:)) == photos)
    // Background in the corner, figure in the middle of the head.
    let idat = try #require(PNGEncoderTests.chunks(of: photos[0]).first { $0.type == "IDAT" })
    let pixels = try PNGEncoderTests.inflateStored(idat.data)
    func pixel(_ x: Int, _ y: Int) -> [UInt8] {
      Array(pixels[y * (1 + 64 * 3) + 1 + x * 3..<y * (1 + 64 * 3) + 4 + x * 3])
    }
    #expect(pixel(0, 0) != pixel(32, 26))
    #expect(pixel(0, 0) == pixel(63, 0))
    #expect(pixel(32, 26) == pixel(32, 63))
  }

}
