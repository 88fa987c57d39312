extension ImageHeader {
  /// JPEG: the first start-of-frame segment, found by walking the
  /// segments after SOI (EXIF and other metadata come first).
  static func jpegSize(_ reader: inout ByteReader) throws(ByteReader.Failure) -> (Int, Int) {
    reader.offset = 2
    // SOF0–SOF15, less DHT (C4), JPG (C8) and DAC (CC), which share the range.
    let framesStart: Set<UInt8> = [
      0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF,
    ]
    while true {
      guard try reader.uint8() == 0xFF else { throw ByteReader.Failure("a segment does not start with FF") }
      var marker = try reader.uint8()
      while marker == 0xFF { marker = try reader.uint8() }  // fill bytes
      switch marker {
      case 0x01, 0xD0...0xD8:
        continue  // markers without a length
      case 0xD9, 0xDA:
        throw ByteReader.Failure("its image data starts before any frame header")
      default:
        let length = Int(try reader.uint16BE())
        guard length >= 2 else { throw ByteReader.Failure("a segment says it is \(length) bytes long") }
        if framesStart.contains(marker) {
          try reader.skip(1)  // sample precision
          let height = Int(try reader.uint16BE())
          return (Int(try reader.uint16BE()), height)
        }
        try reader.skip(length - 2)
      }
    }
  }

  /// WebP: a RIFF file whose first chunk is the lossy (`VP8 `), lossless
  /// (`VP8L`) or extended (`VP8X`) image, each with the size its own way.
  static func webPSize(_ reader: inout ByteReader) throws(ByteReader.Failure) -> (Int, Int) {
    reader.offset = 12
    let chunk = try reader.tag()
    _ = try reader.uint32LE()  // the chunk's length
    switch chunk {
    case "VP8 ":
      try reader.skip(3)  // the frame tag
      guard Array(try reader.take(3)) == [0x9D, 0x01, 0x2A] else {
        throw ByteReader.Failure("its VP8 frame lacks the start code")
      }
      let width = Int(try reader.uint16LE() & 0x3FFF)
      return (width, Int(try reader.uint16LE() & 0x3FFF))
    case "VP8L":
      guard try reader.uint8() == 0x2F else { throw ByteReader.Failure("its VP8L signature is wrong") }
      let bits = try reader.uint32LE()
      return (Int(bits & 0x3FFF) + 1, Int(bits >> 14 & 0x3FFF) + 1)
    case "VP8X":
      try reader.skip(4)  // flags and reserved bits
      let width = Int(try reader.uint24LE()) + 1
      return (width, Int(try reader.uint24LE()) + 1)
    default:
      throw ByteReader.Failure("its first chunk is \"\(chunk)\", not an image")
    }
  }
}
