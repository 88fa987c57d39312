/// How a field value is kept in the mock server's `fields` table: a type
/// name and an SQLite value of the matching storage class.
enum FieldCoding {
  static func encode(_ value: CloudValue) -> (type: String, value: SQLValue) {
    switch value {
    case .string(let text): ("string", .text(text))
    case .int64(let number): ("int64", .integer(number))
    case .double(let number): ("double", .real(number))
    case .date(let time): ("date", .integer(time.millisecondsSince1970))
    case .bytes(let bytes): ("bytes", .blob(bytes))
    // The bytes are kept apart (`ServerStore.writeAssets`).
    case .asset(let asset): ("asset", .text(asset.reference))
    // References stay within a zone, so the record name is enough.
    case .reference(let id): ("reference", .text(id.name))
    }
  }

  static func decode(type: String, value: SQLValue, zoneID: ZoneID) throws -> CloudValue {
    if type == "asset", case .text(let reference) = value, let asset = CloudAsset(reference: reference) {
      return .asset(asset)
    }
    switch (type, value) {
    case ("string", .text(let text)): return .string(text)
    case ("int64", .integer(let number)): return .int64(number)
    case ("double", .real(let number)): return .double(number)
    case ("date", .integer(let milliseconds)):
      return .date(Timestamp(millisecondsSince1970: milliseconds))
    case ("bytes", .blob(let bytes)): return .bytes(bytes)
    case ("reference", .text(let name)): return .reference(RecordID(name: name, zoneID: zoneID))
    default:
      throw MockCloudFileError.corrupt("a field of type \(type) holds \(value)")
    }
  }
}
