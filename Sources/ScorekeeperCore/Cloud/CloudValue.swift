/// A value a record field can hold: the field types the cloud stores.
public enum CloudValue: Hashable, Sendable, CustomStringConvertible {
  case string(String)
  case int64(Int64)
  case double(Double)
  case date(Timestamp)
  case bytes([UInt8])
  /// A file, kept apart from the record and moved by its hash (`CloudAsset`).
  case asset(CloudAsset)
  /// Another record in the same zone.
  case reference(RecordID)

  /// The type's name, as `cloud dump` prints it.
  public var typeName: String {
    switch self {
    case .string: "string"
    case .int64: "int64"
    case .double: "double"
    case .date: "date"
    case .bytes: "bytes"
    case .asset: "asset"
    case .reference: "reference"
    }
  }

  /// `string "Poker night"`, `int64 42`, `bytes 3 (00ff10)`.
  public var description: String {
    switch self {
    case .string(let text): "string \(quote(text))"
    case .int64(let number): "int64 \(number)"
    case .double(let number): "double \(number)"
    case .date(let time): "date \(time)"
    case .bytes(let bytes): "bytes \(bytes.count) (\(Self.hex(bytes)))"
    case .asset(let asset): "asset \(asset)"
    case .reference(let id): "reference \(quote(id.name))"
    }
  }

  /// Hex of the first 16 bytes, "…" when there are more: enough to tell
  /// values apart in a dump without flooding it.
  private static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef")
    var text = ""
    for byte in bytes.prefix(16) {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0f)])
    }
    return bytes.count > 16 ? text + "…" : text
  }
}
