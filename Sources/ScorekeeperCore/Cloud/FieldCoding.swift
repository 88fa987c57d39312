/// How a record's field value was kept in an SQLite table, a row a field,
/// as a type name and a value of the matching storage class: in the mock
/// server's `fields` (until mock version 9) and in a device's merge base
/// (`syncServerFields`, until schema v32). Both now keep a record's
/// fields as one value (`FieldPack`); this is what their migrations read
/// (and what tests write, to make files of those versions).
enum FieldCoding {
  /// An asset is kept by its reference (its bytes are kept apart), or,
  /// `keepingAssetBytes`, by its bytes when it has them (a parked record's
  /// base, written from there when its parent comes).
  static func encode(_ value: CloudValue, keepingAssetBytes: Bool = false) -> (type: String, value: SQLValue)
  {
    switch value {
    case .string(let text): ("string", .text(text))
    case .int64(let number): ("int64", .integer(number))
    case .double(let number): ("double", .real(number))
    case .date(let time): ("date", .integer(time.millisecondsSince1970))
    case .bytes(let bytes): ("bytes", .blob(bytes))
    case .asset(let asset):
      (
        "asset",
        keepingAssetBytes ? asset.bytes.map(SQLValue.blob) ?? .text(asset.reference) : .text(asset.reference)
      )
    // References stay within a zone, so the record name is enough.
    case .reference(let id): ("reference", .text(id.name))
    }
  }

  /// The value kept as `value` of `type`; nil for a pair no encoding
  /// makes (the caller says where it found it). A reference is to a record
  /// in `zoneID`, and undecodable without one.
  static func decode(type: String, value: SQLValue, zoneID: ZoneID?) -> CloudValue? {
    if type == "asset", case .text(let reference) = value, let asset = CloudAsset(reference: reference) {
      return .asset(asset)
    }
    switch (type, value) {
    case ("string", .text(let text)): return .string(text)
    case ("int64", .integer(let number)): return .int64(number)
    case ("double", .real(let number)): return .double(number)
    case ("date", .integer(let milliseconds)): return .date(Timestamp(millisecondsSince1970: milliseconds))
    case ("bytes", .blob(let bytes)): return .bytes(bytes)
    case ("asset", .blob(let bytes)): return .asset(CloudAsset(bytes: bytes))
    case ("reference", .text(let name)): return zoneID.map { .reference(RecordID(name: name, zoneID: $0)) }
    default: return nil
    }
  }
}

extension FieldCoding {
  /// The fields of the rows `sql` reads (key, type, value, in that
  /// order), packed (`FieldPack`): what a migration to a pack does for a
  /// record. References are into `zoneID`; an asset decoded from bytes
  /// keeps them when `keepingAssetBytes`. A row no encoding makes throws
  /// `refusal(key, type, value)`.
  static func packRows(
    _ sql: String, _ arguments: [SQLValue], in db: Database, zoneID: ZoneID?, keepingAssetBytes: Bool,
    refusal: (_ key: String, _ type: String, _ value: SQLValue) -> any Error
  ) throws -> [UInt8] {
    var fields: [String: CloudValue] = [:]
    try db.forEachRow(sql, arguments) { row in
      let (key, type, value) = (try row.text(0), try row.text(1), row.value(2))
      guard let decoded = decode(type: type, value: value, zoneID: zoneID) else {
        throw refusal(key, type, value)
      }
      fields[key] = decoded
    }
    return FieldPack.pack(fields, keepingAssetBytes: keepingAssetBytes)
  }
}
