@_spi(Testing) import ScorekeeperCore

/// Images of each photo type, put together byte by byte after each
/// format's specification: headers as encoders write them (metadata
/// first where the format allows it), with just enough after them to be
/// recognisable. Only the headers are meant to be read.
public enum TestImages {
  public static func png(width: UInt32, height: UInt32) -> [UInt8] {
    let ihdr = be32(width) + be32(height) + [8, 2, 0, 0, 0]  // 8-bit RGB
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IEND", [])
  }

  public static func gif(width: UInt16, height: UInt16) -> [UInt8] {
    Array("GIF89a".utf8) + le16(width) + le16(height) + [0x00, 0x00, 0x00] + [0x3B]
  }

  /// A JPEG with an APP0 (JFIF) and an APP1 (EXIF-like, holding FF bytes)
  /// segment and a quantisation table before its frame header, and fill
  /// bytes before one marker. `progressive` uses SOF2 instead of SOF0.
  public static func jpeg(width: UInt16, height: UInt16, progressive: Bool = false) -> [UInt8] {
    func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
      [0xFF, marker] + be16(UInt16(body.count + 2)) + body
    }
    let jfif: [UInt8] = Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
    let exif: [UInt8] = Array("Exif".utf8) + [0, 0, 0xFF, 0xD9, 0xFF, 0xC0, 0x00, 0x11, 0xFF, 0xDA]
    let quantisation: [UInt8] = [0x00] + [UInt8](repeating: 1, count: 64)
    let frame: [UInt8] = [8] + be16(height) + be16(width) + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
    let scan: [UInt8] = [3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0]
    return [0xFF, 0xD8] + segment(0xE0, jfif) + segment(0xE1, exif) + [0xFF, 0xFF]
      + segment(0xDB, quantisation)
      + segment(progressive ? 0xC2 : 0xC0, frame) + segment(0xDA, scan) + [0x12, 0x34, 0xFF, 0xD9]
  }

  public enum WebPKind: Sendable, CaseIterable { case lossy, lossless, extended }

  public static func webP(width: UInt32, height: UInt32, _ kind: WebPKind) -> [UInt8] {
    let body: [UInt8]
    switch kind {
    case .lossy:
      // Frame tag (a key frame), start code, then 14 bits of each size
      // and 2 of scale.
      body = chunkLE(
        "VP8 ", [0x30, 0x01, 0x00, 0x9D, 0x01, 0x2A] + le16(UInt16(width)) + le16(UInt16(height)) + [0, 0])
    case .lossless:
      let bits = (width - 1) | (height - 1) << 14
      body = chunkLE("VP8L", [0x2F] + le32(bits) + [0, 0, 0])
    case .extended:
      body =
        chunkLE(
          "VP8X", [0x10, 0, 0, 0] + Array(le32(width - 1).prefix(3)) + Array(le32(height - 1).prefix(3)))
        + chunkLE("ALPH", [0, 0])
    }
    return Array("RIFF".utf8) + le32(UInt32(4 + body.count)) + Array("WEBP".utf8) + body
  }

  /// A HEIC still image: `ftyp`, then `meta` naming item 1 the primary
  /// one, whose `ispe` is the second of its properties; a thumbnail's
  /// `ispe` (160×120) comes first. `primaryNamed: false` leaves out
  /// `pitm`; `largeMeta` writes `meta`'s size in the 64-bit form.
  public static func heic(
    width: UInt32, height: UInt32, primaryNamed: Bool = true, largeMeta: Bool = false
  ) -> [UInt8] {
    let ftyp = box("ftyp", Array("heic".utf8) + be32(0) + Array("mif1".utf8) + Array("heic".utf8))
    let hdlr = fullBox("hdlr", be32(0) + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
    let pitm = fullBox("pitm", be16(1))
    func ispe(_ w: UInt32, _ h: UInt32) -> [UInt8] { fullBox("ispe", be32(w) + be32(h)) }
    let ipco = box("ipco", box("hvcC", [1, 2, 3]) + ispe(160, 120) + ispe(width, height))
    // Item 2 (the thumbnail) has properties 1 and 2; item 1, 1 (essential) and 3.
    let ipma = fullBox("ipma", be32(2) + be16(2) + [2, 0x81, 0x02] + be16(1) + [2, 0x81, 0x03])
    let content = [0, 0, 0, 0] + hdlr + (primaryNamed ? pitm : []) + box("iprp", ipco + ipma)
    let meta =
      largeMeta
      ? be32(1) + Array("meta".utf8) + be64(UInt64(content.count + 16)) + content : box("meta", content)
    return ftyp + meta + box("mdat", [0xAB, 0xCD])
  }

  // MARK: Pieces

  static func box(_ type: String, _ content: [UInt8]) -> [UInt8] {
    be32(UInt32(content.count + 8)) + Array(type.utf8) + content
  }

  static func fullBox(_ type: String, _ content: [UInt8]) -> [UInt8] { box(type, [0, 0, 0, 0] + content) }

  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    be32(UInt32(data.count)) + Array(type.utf8) + data + [0, 0, 0, 0]  // (CRC not checked)
  }

  static func chunkLE(_ type: String, _ data: [UInt8]) -> [UInt8] {
    Array(type.utf8) + le32(UInt32(data.count)) + data + (data.count % 2 == 1 ? [0] : [])
  }

  static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
  static func le16(_ value: UInt16) -> [UInt8] { be16(value).reversed() }
  static func be32(_ value: UInt32) -> [UInt8] {
    (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
  }
  static func le32(_ value: UInt32) -> [UInt8] { be32(value).reversed() }
  static func be64(_ value: UInt64) -> [UInt8] {
    (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
  }
}

extension Store.Photos {
  /// `set` from bytes, checked first (as the command does).
  @discardableResult
  public func set(in game: String, _ player: String, bytes: [UInt8]) throws -> PhotoChange {
    try set(in: game, player, try CheckedPhoto(bytes: bytes))
  }
}
