/// A file a record field holds, as the cloud keeps it: apart from the
/// record (its bytes never count against a record's size, and never travel
/// with its small fields), named by its SHA-256.
///
/// A copy read from the cloud carries the hash and size only; the bytes
/// come on request (`CloudDatabase.assetContents`), so a device fetches
/// them only when it lacks that content. A save carries the bytes when
/// the server may not have them; without them it means "the content the
/// server holds for this field already", which the server checks.
///
/// Two assets are equal when their hash and size are, whether or not
/// either carries its bytes: the content is what the hash names.
public struct CloudAsset: Hashable, Sendable, CustomStringConvertible {
  /// The most bytes one asset holds, on either cloud (a photo's limit).
  public static let maximumByteCount = 10 * 1024 * 1024

  /// 64 lowercase hexadecimal digits.
  public let sha256: String
  public let byteCount: Int
  /// The content, when this copy carries it.
  public var bytes: [UInt8]?

  /// An asset of these bytes, carrying them.
  public init(bytes: [UInt8]) {
    self.sha256 = SHA256.hex(of: bytes)
    self.byteCount = bytes.count
    self.bytes = bytes
  }

  /// An asset named by its hash and size, without its bytes.
  public init(sha256: String, byteCount: Int) {
    self.sha256 = sha256
    self.byteCount = byteCount
  }

  /// The same asset without its bytes: what a reader gets.
  public var withoutBytes: CloudAsset { CloudAsset(sha256: sha256, byteCount: byteCount) }

  public static func == (lhs: CloudAsset, rhs: CloudAsset) -> Bool {
    lhs.sha256 == rhs.sha256 && lhs.byteCount == rhs.byteCount
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(sha256)
    hasher.combine(byteCount)
  }

  /// `<sha256>/<byteCount>`: how both clouds store the reference to it.
  public var reference: String { "\(sha256)/\(byteCount)" }

  /// The asset a `reference` names; nil when the text is not one.
  public init?(reference: String) {
    let parts = reference.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, Self.isHash(parts[0]), let count = Int(parts[1]), count >= 0,
      String(count) == parts[1]
    else { return nil }
    self.init(sha256: String(parts[0]), byteCount: count)
  }

  /// Whether the text is a SHA-256 as assets name it.
  static func isHash(_ text: Substring) -> Bool {
    text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
  }

  /// Whether `bytes` are this asset's content.
  public func isContent(_ bytes: [UInt8]) -> Bool {
    bytes.count == byteCount && SHA256.hex(of: bytes) == sha256
  }

  /// `4 bytes, sha256 1f3a5c9d2e4b…`: enough to tell contents apart in a
  /// dump; whether this copy carries the bytes is no part of the value.
  public var description: String {
    "\(byteCount) bytes, sha256 \(sha256.prefix(12))…"
  }
}

/// One asset a reader asks the cloud for: a record's field, with the
/// content it expects there.
public struct AssetKey: Hashable, Sendable {
  public let record: RecordID
  public let field: String
  public let sha256: String

  public init(record: RecordID, field: String, sha256: String) {
    self.record = record
    self.field = field
    self.sha256 = sha256
  }
}
