import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

@Suite struct ImageHeaderTests {
  /// One image of each kind the reader knows, with the header it has.
  static let images: [(name: String, bytes: [UInt8], header: ImageHeader)] = [
    ("PNG", TestImages.png(width: 640, height: 480), ImageHeader(type: .png, width: 640, height: 480)),
    ("GIF", TestImages.gif(width: 300, height: 2), ImageHeader(type: .gif, width: 300, height: 2)),
    ("JPEG", TestImages.jpeg(width: 4032, height: 3024), ImageHeader(type: .jpeg, width: 4032, height: 3024)),
    (
      "progressive JPEG", TestImages.jpeg(width: 1, height: 65535, progressive: true),
      ImageHeader(type: .jpeg, width: 1, height: 65535)
    ),
    (
      "lossy WebP", TestImages.webP(width: 16383, height: 9, .lossy),
      ImageHeader(type: .webp, width: 16383, height: 9)
    ),
    (
      "lossless WebP", TestImages.webP(width: 1, height: 16384, .lossless),
      ImageHeader(type: .webp, width: 1, height: 16384)
    ),
    (
      "extended WebP", TestImages.webP(width: 16_777_216, height: 700, .extended),
      ImageHeader(type: .webp, width: 16_777_216, height: 700)
    ),
    ("HEIC", TestImages.heic(width: 4032, height: 3024), ImageHeader(type: .heic, width: 4032, height: 3024)),
    (
      "HEIC with a 64-bit box size", TestImages.heic(width: 300, height: 200, largeMeta: true),
      ImageHeader(type: .heic, width: 300, height: 200)
    ),
  ]

  @Test("each type is recognised by its bytes and its size read from its header", arguments: images)
  func reads(name: String, bytes: [UInt8], header: ImageHeader) throws {
    #expect(try ImageHeader.read(bytes) == header, "\(name)")
  }

  @Test("HEIC: the primary image's size, not the thumbnail's before it; without pitm, the first size")
  func heicPrimary() throws {
    #expect(try ImageHeader.read(TestImages.heic(width: 4032, height: 3024)).width == 4032)
    #expect(
      try ImageHeader.read(TestImages.heic(width: 4032, height: 3024, primaryNamed: false))
        == ImageHeader(type: .heic, width: 160, height: 120))
  }

  @Test(
    "an image cut short anywhere after its signature is refused as that type with a reason, or read whole if its header came first",
    arguments: images)
  func cutShort(name: String, bytes: [UInt8], header: ImageHeader) {
    for length in 4..<bytes.count {
      do {
        #expect(try ImageHeader.read(Array(bytes.prefix(length))) == header, "\(name) cut at \(length)")
      } catch .malformed(let type, let reason) {
        #expect(type == header.type && !reason.isEmpty, "\(name) cut at \(length)")
      } catch {
        // Too short for its signature: then it is not that type at all.
        #expect(
          ImageType(signatureOf: Array(bytes.prefix(length))) == nil, "\(name) cut at \(length): \(error)")
      }
    }
  }

  @Test("random bytes after each signature never crash the reader (1,000 tries each)")
  func randomBytes() {
    var random = SplitMix64(seed: 7)
    for (_, bytes, _) in Self.images {
      for _ in 0..<1000 {
        let keep = Int.random(in: 4...min(bytes.count, 40), using: &random)
        let noise = (0..<Int.random(in: 0...64, using: &random)).map { _ in
          UInt8.random(in: 0...255, using: &random)
        }
        _ = try? ImageHeader.read(Array(bytes.prefix(keep)) + noise)
      }
    }
  }

  @Test("a header that says zero pixels is refused, saying so")
  func zeroPixels() {
    #expect(throws: ImageError.malformed(type: .png, reason: "its header says 0×5 pixels")) {
      try ImageHeader.read(TestImages.png(width: 0, height: 5))
    }
    #expect(throws: ImageError.malformed(type: .gif, reason: "its header says 7×0 pixels")) {
      try ImageHeader.read(TestImages.gif(width: 7, height: 0))
    }
  }

  @Test("a JPEG whose image data comes before any frame header is refused, saying so")
  func jpegWithoutFrame() {
    let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00, 0xFF, 0xDA, 0x00, 0x02]
    #expect(
      throws: ImageError.malformed(type: .jpeg, reason: "its image data starts before any frame header")
    ) {
      try ImageHeader.read(bytes)
    }
    #expect(
      ImageError.malformed(type: .jpeg, reason: "its image data starts before any frame header").found
        == "a JPEG image whose header cannot be read (its image data starts before any frame header)")
  }

  /// Bytes that are no photo, and what the refusal says they are.
  static let notPhotos: [(bytes: [UInt8], found: String)] = [
    ([], "an empty file"),
    (Array("BM6\u{0}\u{0}\u{0}".utf8), "a BMP image"),
    ([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0], "a TIFF image"),
    ([0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8], "a TIFF image"),
    ([0, 0, 0, 0x1C] + Array("ftypavif".utf8) + [0, 0, 0, 0], "an AVIF image"),
    ([0, 0, 0, 0x18] + Array("ftypmp42".utf8) + [0, 0, 0, 0], "an ISO media file (brand \"mp42\")"),
    ([0, 0, 1, 0, 1, 0, 16, 16], "an ICO icon"),
    (Array("%PDF-1.7\n".utf8), "a PDF document"),
    ([0x50, 0x4B, 0x03, 0x04, 20, 0], "a ZIP archive"),
    (Array("Ann scored 12 points\n".utf8), "text"),
    (Array("  <svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8), "an SVG or XML document"),
    (Array(String(repeating: "é", count: 300).utf8), "text"),
    (
      [0x00, 0x01, 0xFE, 0xFF, 0x10, 0x20, 0x30, 0x40, 0x50],
      "unrecognised bytes beginning 00 01 fe ff 10 20 30 40"
    ),
  ]

  @Test("anything else is refused, saying what it looks like", arguments: notPhotos)
  func unsupported(bytes: [UInt8], found: String) {
    #expect(throws: ImageError.unsupported(found: found)) { try ImageHeader.read(bytes) }
  }
}
