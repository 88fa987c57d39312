extension ImageType {
  /// The type whose signature `bytes` start with, if any.
  init?(signatureOf bytes: [UInt8]) {
    func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
      bytes.dropFirst(offset).starts(with: prefix)
    }
    if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      self = .png
    } else if starts([0xFF, 0xD8, 0xFF]) {
      self = .jpeg
    } else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
      self = .gif
    } else if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) {
      self = .webp
    } else if starts(Array("ftyp".utf8), at: 4), Self.heicBrands.contains(Self.brand(of: bytes)) {
      self = .heic
    } else {
      return nil
    }
  }

  /// The major brands of HEIF files whose images are HEVC-coded (HEIC):
  /// still images and sequences. (`mif1` alone may be AVIF, so it is
  /// not one of them.)
  static let heicBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs"]

  /// An ISO base media file's major brand: the four bytes after `ftyp`.
  static func brand(of bytes: [UInt8]) -> String {
    bytes.count >= 12 ? String(decoding: bytes[8..<12], as: UTF8.self) : ""
  }

  /// What bytes that are none of the image types look like, for the
  /// refusal: "a BMP image", "a PDF document", "text", "an empty file", or
  /// their first bytes.
  static func describe(_ bytes: [UInt8]) -> String {
    func starts(_ text: String) -> Bool { bytes.starts(with: Array(text.utf8)) }
    if bytes.isEmpty { return "an empty file" }
    if starts("BM") { return "a BMP image" }
    if bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
      return "a TIFF image"
    }
    if bytes.count >= 12 && bytes[4..<8].elementsEqual("ftyp".utf8) {
      let brand = brand(of: bytes)
      return ["avif", "avis"].contains(brand) ? "an AVIF image" : "an ISO media file (brand \"\(brand)\")"
    }
    if bytes.starts(with: [0x00, 0x00, 0x01, 0x00]) { return "an ICO icon" }
    if starts("%PDF") { return "a PDF document" }
    if starts("PK\u{3}\u{4}") { return "a ZIP archive" }
    // (The first 512 bytes, less a character they may cut in two.)
    let text = (0...3).lazy.compactMap { String(validating: bytes.prefix(512).dropLast($0), as: UTF8.self) }
      .first
    if let text, !text.isEmpty,
      text.unicodeScalars.allSatisfy({ $0.value >= 0x20 || "\t\n\r".unicodeScalars.contains($0) })
    {
      let trimmed = text.drop { $0.isWhitespace }
      return trimmed.hasPrefix("<svg") || trimmed.hasPrefix("<?xml") ? "an SVG or XML document" : "text"
    }
    let shown = bytes.prefix(8).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined(separator: " ")
    return "unrecognised bytes beginning \(shown)"
  }
}
