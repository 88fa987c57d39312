/// How a record's fields are kept in one value, not a row each: the mock
/// server's (`records.fields`, mock version 9) and a device's merge base
/// (`syncRecords.serverFields`, schema v32). Three field rows for a score
/// event were more of a bulk sync's B-tree work than the record itself
/// (Docs/flushes.md).
///
/// The pack is each field in key order: the key's length and bytes, a
/// kind byte, the value. Lengths are unsigned LEB128; numbers are 8 bytes,
/// little-endian (a double by its bits, so it comes back exactly).
enum FieldPack {
  /// Written to files: a kind keeps its number forever.
  private enum Kind: UInt8 {
    case string = 1
    case int64 = 2
    case double = 3
    case date = 4
    case bytes = 5
    case asset = 6
    case reference = 7
    /// An asset by its bytes: a parked record's base, written from there
    /// when its parent comes (never on the server, which keeps them apart).
    case assetBytes = 8
  }

  /// An asset is packed by its reference, or, `keepingAssetBytes`, by its
  /// bytes when it has them.
  static func pack(_ fields: [String: CloudValue], keepingAssetBytes: Bool = false) -> [UInt8] {
    var bytes: [UInt8] = []
    // Text goes in without a copy of its own (a record's pack was an
    // array made for each key and string, half of what packing cost).
    bytes.reserveCapacity(fields.count * 24)
    for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
      appendText(key, to: &bytes)
      switch value {
      case .string(let text):
        bytes.append(Kind.string.rawValue)
        appendText(text, to: &bytes)
      case .int64(let number):
        bytes.append(Kind.int64.rawValue)
        appendWord(UInt64(bitPattern: number), to: &bytes)
      case .double(let number):
        bytes.append(Kind.double.rawValue)
        appendWord(number.bitPattern, to: &bytes)
      case .date(let time):
        bytes.append(Kind.date.rawValue)
        appendWord(UInt64(bitPattern: time.millisecondsSince1970), to: &bytes)
      case .bytes(let data):
        bytes.append(Kind.bytes.rawValue)
        appendData(data, to: &bytes)
      case .asset(let asset):
        if keepingAssetBytes, let data = asset.bytes {
          bytes.append(Kind.assetBytes.rawValue)
          appendData(data, to: &bytes)
        } else {
          // By its reference: the server keeps the bytes apart (`assets`).
          bytes.append(Kind.asset.rawValue)
          appendText(asset.reference, to: &bytes)
        }
      case .reference(let id):
        // References stay within a zone: the record name is enough.
        bytes.append(Kind.reference.rawValue)
        appendText(id.name, to: &bytes)
      }
    }
    return bytes
  }

  /// The fields packed in `bytes`, references into `zoneID`; nil for bytes
  /// no `pack` makes, and for a reference without a zone (a merge base
  /// has none: a record's parent is kept apart).
  static func unpack(_ bytes: [UInt8], zoneID: ZoneID?) -> [String: CloudValue]? {
    var reader = Reader(bytes: bytes)
    var fields: [String: CloudValue] = [:]
    while !reader.isAtEnd {
      guard let key = reader.text(), let kind = reader.byte().flatMap(Kind.init(rawValue:)) else {
        return nil
      }
      let value: CloudValue?
      switch kind {
      case .string: value = reader.text().map(CloudValue.string)
      case .int64: value = reader.word().map { .int64(Int64(bitPattern: $0)) }
      case .double: value = reader.word().map { .double(Double(bitPattern: $0)) }
      case .date:
        value = reader.word().map { .date(Timestamp(millisecondsSince1970: Int64(bitPattern: $0))) }
      case .bytes: value = reader.data().map(CloudValue.bytes)
      case .asset: value = reader.text().flatMap(CloudAsset.init(reference:)).map(CloudValue.asset)
      case .reference:
        value = reader.text().flatMap { name in zoneID.map { .reference(RecordID(name: name, zoneID: $0)) } }
      case .assetBytes: value = reader.data().map { .asset(CloudAsset(bytes: $0)) }
      }
      guard let value, fields.updateValue(value, forKey: key) == nil else { return nil }
    }
    return fields
  }

  private static func appendData(_ data: [UInt8], to bytes: inout [UInt8]) {
    appendLength(data.count, to: &bytes)
    bytes += data
  }

  private static func appendText(_ text: String, to bytes: inout [UInt8]) {
    appendLength(text.utf8.count, to: &bytes)
    bytes.append(contentsOf: text.utf8)
  }

  private static func appendLength(_ count: Int, to bytes: inout [UInt8]) {
    var length = UInt64(count)
    repeat {
      bytes.append(UInt8(length & 0x7f) | (length > 0x7f ? 0x80 : 0))
      length >>= 7
    } while length > 0
  }

  private static func appendWord(_ word: UInt64, to bytes: inout [UInt8]) {
    for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: word >> shift)) }
  }

  private struct Reader {
    let bytes: [UInt8]
    var offset = 0

    var isAtEnd: Bool { offset == bytes.count }

    mutating func byte() -> UInt8? {
      guard offset < bytes.count else { return nil }
      defer { offset += 1 }
      return bytes[offset]
    }

    mutating func word() -> UInt64? {
      guard bytes.count - offset >= 8 else { return nil }
      var word: UInt64 = 0
      for index in 0..<8 { word |= UInt64(bytes[offset + index]) << (8 * index) }
      offset += 8
      return word
    }

    /// The next length-prefixed run of bytes, in place.
    mutating func slice() -> ArraySlice<UInt8>? {
      var length: UInt64 = 0
      var shift: UInt64 = 0
      while true {
        guard let byte = byte(), shift < 63 else { return nil }
        length |= UInt64(byte & 0x7f) << shift
        if byte & 0x80 == 0 { break }
        shift += 7
      }
      guard length <= UInt64(bytes.count - offset) else { return nil }
      defer { offset += Int(length) }
      return bytes[offset..<offset + Int(length)]
    }

    mutating func data() -> [UInt8]? {
      slice().map(Array.init)
    }

    /// (Read from the pack itself: through an array of its own, the
    /// strings were half of what unpacking cost.)
    mutating func text() -> String? {
      slice().flatMap { String(validating: $0, as: UTF8.self) }
    }
  }
}
