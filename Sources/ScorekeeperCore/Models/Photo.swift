/// A player's photo as listings show it: what the image is, not its bytes.
public struct Photo: Hashable, Sendable {
  public var type: ImageType
  public var width: Int
  public var height: Int
  public var byteCount: Int
  /// SHA-256 of the bytes, in lowercase hex: what sync compares, and what
  /// a script can check a copy against.
  public var sha256: String

  /// The largest photo kept: 10 MiB, as large as a phone's full-size
  /// HEIC or JPEG. Larger files are refused before anything is written
  /// (and before more than this is read). The cloud's own limit for an
  /// asset, so every photo kept can sync.
  public static let maximumByteCount = CloudAsset.maximumByteCount

  public init(type: ImageType, width: Int, height: Int, byteCount: Int, sha256: String) {
    self.type = type
    self.width = width
    self.height = height
    self.byteCount = byteCount
    self.sha256 = sha256
  }

  /// "PNG, 64×64, 1.2 KiB"
  public var description: String {
    "\(type.name), \(width)×\(height), \(Self.size(byteCount))"
  }

  /// A byte count as people read it: "812 bytes", "4.0 KiB", "5.0 MiB".
  public static func size(_ byteCount: Int) -> String {
    if byteCount < 1024 { return byteCount == 1 ? "1 byte" : "\(byteCount) bytes" }
    let (value, unit) =
      byteCount < 1024 * 1024 ? (Double(byteCount) / 1024, "KiB") : (Double(byteCount) / 1_048_576, "MiB")
    let tenths = (value * 10).rounded(.down) / 10
    return "\(tenths) \(unit)"
  }
}

/// Bytes checked to be a photo (within the size limit, one of the image
/// types, with a readable header), with their description: the only way
/// to give the store a photo, so nothing unchecked is ever kept, and a
/// command can check its input before it syncs.
public struct CheckedPhoto: Hashable, Sendable {
  public let photo: Photo
  public let bytes: [UInt8]

  public init(bytes: [UInt8]) throws(PhotoError) {
    guard bytes.count <= Photo.maximumByteCount else { throw .tooLarge(byteCount: bytes.count) }
    let header: ImageHeader
    do { header = try ImageHeader.read(bytes) } catch { throw .notAnImage(error) }
    photo = Photo(
      type: header.type, width: header.width, height: header.height, byteCount: bytes.count,
      sha256: SHA256.hex(of: bytes))
    self.bytes = bytes
  }
}

/// Why bytes cannot be a player's photo; nothing was changed.
public enum PhotoError: Error, Equatable, Sendable {
  /// Over `Photo.maximumByteCount`; `byteCount` is how much was read (at
  /// least the limit plus one byte).
  case tooLarge(byteCount: Int)
  case notAnImage(ImageError)

  /// What is wrong, for a sentence that names the file: "is a BMP image;
  /// a photo must be …".
  public var reason: String {
    switch self {
    case .tooLarge:
      "is larger than \(Photo.size(Photo.maximumByteCount)), the largest photo kept"
    case .notAnImage(let error):
      "is \(error.found); a photo must be a "
        + ImageType.allCases.map(\.name).dropLast().joined(separator: ", ") + " or "
        + ImageType.allCases.last!.name + " image"
    }
  }
}
