/// What a photo's bytes say they are: the image type, recognised from the
/// bytes (never from a file name), and the width and height from its
/// header. No image library: each format's header is read here, and
/// nothing past it.
public struct ImageHeader: Equatable, Sendable {
  public let type: ImageType
  public let width: Int
  public let height: Int

  public init(type: ImageType, width: Int, height: Int) {
    self.type = type
    self.width = width
    self.height = height
  }

  /// Reads the header of `bytes`, or says what they are instead.
  public static func read(_ bytes: [UInt8]) throws(ImageError) -> ImageHeader {
    guard let type = ImageType(signatureOf: bytes) else {
      throw .unsupported(found: ImageType.describe(bytes))
    }
    var reader = ByteReader(bytes)
    let size: (width: Int, height: Int)
    do {
      switch type {
      case .png: size = try pngSize(&reader)
      case .gif: size = try gifSize(&reader)
      case .jpeg: size = try jpegSize(&reader)
      case .webp: size = try webPSize(&reader)
      case .heic: size = try heicSize(&reader)
      }
    } catch {
      throw .malformed(type: type, reason: error.reason)
    }
    guard size.width > 0, size.height > 0 else {
      throw .malformed(type: type, reason: "its header says \(size.width)×\(size.height) pixels")
    }
    return ImageHeader(type: type, width: size.width, height: size.height)
  }

  /// PNG: the IHDR chunk comes first, after the 8-byte signature.
  private static func pngSize(_ reader: inout ByteReader) throws(ByteReader.Failure) -> (Int, Int) {
    reader.offset = 8
    _ = try reader.uint32BE()  // the chunk's length
    guard try reader.tag() == "IHDR" else { throw ByteReader.Failure("its first chunk is not IHDR") }
    return (Int(try reader.uint32BE()), Int(try reader.uint32BE()))
  }

  /// GIF: the logical screen's size, right after the 6-byte signature.
  private static func gifSize(_ reader: inout ByteReader) throws(ByteReader.Failure) -> (Int, Int) {
    reader.offset = 6
    return (Int(try reader.uint16LE()), Int(try reader.uint16LE()))
  }
}

/// The image types a photo may be.
public enum ImageType: String, Sendable, CaseIterable {
  case png, jpeg, gif, webp, heic

  /// As people write it: "PNG", "JPEG", …
  public var name: String {
    switch self {
    case .png: "PNG"
    case .jpeg: "JPEG"
    case .gif: "GIF"
    case .webp: "WebP"
    case .heic: "HEIC"
    }
  }

  public var mimeType: String { "image/\(rawValue)" }
}

/// Why bytes are not a photo.
public enum ImageError: Error, Equatable, Sendable {
  /// Not one of the image types (`found` says what they look like).
  case unsupported(found: String)
  /// One of them by its signature, but its header cannot be read.
  case malformed(type: ImageType, reason: String)

  /// What the bytes are, in words: "a BMP image", "a PNG image whose
  /// header is cut short".
  public var found: String {
    switch self {
    case .unsupported(let found): found
    case .malformed(let type, let reason): "a \(type.name) image whose header cannot be read (\(reason))"
    }
  }
}
