/// A synced row as the engine moves it between the database and the cloud:
/// its table, id, parent id, and each synced field with its value (nil for
/// NULL) and, for merged fields, when it last changed.
///
/// As a record, `<id>:<table>` of type `<table>`, the parent as the
/// record's parent, each non-NULL field under its column's name, and each
/// merged field's time under `<column>.modifiedAt`, so any device can
/// merge two copies without asking anyone else.
struct SyncedRow: Hashable {
  var table: SyncedTable
  var id: String
  var parentID: String?
  var fields: RecordMerge.Fields
  /// Who created the row's record, as its server copy says (nil for a
  /// row read here, or a record made before servers kept creators).
  var creator: String?

  var recordName: String { table.recordName(of: id) }

  static func modifiedAtKey(_ field: String) -> String { field + ".modifiedAt" }

  /// Each table's merged fields with their `modifiedAtKey`s, made once:
  /// too long for a small string, each key made for each row read was an
  /// allocation (a fetch reads each record twice).
  private static let modifiedAtKeys: [String: [(field: String, key: String)]] = Dictionary(
    uniqueKeysWithValues: SyncedTable.all.map { table in
      (table.name, table.mergedFields.map { ($0, modifiedAtKey($0)) })
    })

  /// The record for this row in `zone`, carrying `changeTag` (nil: new).
  func record(in zone: ZoneID, changeTag: String?) -> CloudRecord {
    var record = CloudRecord(
      id: RecordID(name: recordName, zoneID: zone), type: table.name,
      parent: parentID.map { RecordID(name: table.parentRecordName(of: $0)!, zoneID: zone) })
    record.fields = recordFields
    record.changeTag = changeTag
    return record
  }

  /// The row a record describes; nil when the record is not one of ours
  /// (an unknown type, or a name that does not match it).
  init?(record: CloudRecord) {
    guard let table = SyncedTable.named(record.type), let id = table.rowID(ofRecordName: record.id.name)
    else { return nil }
    self.init(table: table, id: id, fields: record.fields, parent: record.parent?.name)
    creator = record.creatorUserName
    // The hash column is the asset's hash, whatever the record's own
    // field says: this device trusts it to tell which content it has.
    if let column = table.asset {
      let asset: CloudAsset? = if case .asset(let asset)? = record.fields[column.field] { asset } else { nil }
      fields[column.hashField]?.value = asset.map { .string($0.sha256) }
    }
  }

  /// A row from record fields (a record's, or the merge base's); nil when
  /// the parent name is not a record of the parent table.
  init?(table: SyncedTable, id: String, fields: [String: CloudValue], parent: String?) {
    var parentID: String?
    if let parent {
      guard let parentTable = table.parentTable.flatMap(SyncedTable.named),
        let id = parentTable.rowID(ofRecordName: parent)
      else { return nil }
      parentID = id
    }
    var versions: RecordMerge.Fields = [:]
    versions.reserveCapacity(table.fields.count)
    for field in table.fields {
      versions[field] = FieldVersion(fields[field], modifiedAt: Timestamp(millisecondsSince1970: 0))
    }
    // Only merged fields are timed (`recordFields`): a score event's
    // fields are looked up once, not twice.
    for (field, timeKey) in Self.modifiedAtKeys[table.name]! {
      if case .date(let time)? = fields[timeKey] { versions[field]?.modifiedAt = time }
    }
    self.init(table: table, id: id, parentID: parentID, fields: versions)
  }

  init(table: SyncedTable, id: String, parentID: String?, fields: RecordMerge.Fields) {
    self.table = table
    self.id = id
    self.parentID = parentID
    self.fields = fields
  }

  /// The record's fields: values, and the times of merged fields.
  var recordFields: [String: CloudValue] {
    var result: [String: CloudValue] = [:]
    result.reserveCapacity(fields.count + table.mergedFields.count)
    for (field, version) in fields { result[field] = version.value }
    for field in table.mergedFields {
      result[Self.modifiedAtKey(field)] = .date(
        fields[field]?.modifiedAt ?? Timestamp(millisecondsSince1970: 0))
    }
    return result
  }
}

extension CloudValue {
  /// The SQL value a column holds for this field value.
  var sqlValue: SQLValue {
    switch self {
    case .string(let text): .text(text)
    case .int64(let number): .integer(number)
    case .double(let number): .real(number)
    case .date(let time): .text(time.iso8601)
    case .bytes(let bytes): .blob(bytes)
    // (`SyncMetadata.write` gives an asset its bytes before it is written.)
    case .asset(let asset): asset.bytes.map(SQLValue.blob) ?? .null
    case .reference(let id): .text(id.name)
    }
  }

  /// The field value for a column's SQL value; nil for NULL.
  init?(sqlValue: SQLValue) {
    switch sqlValue {
    case .null: return nil
    case .integer(let number): self = .int64(number)
    case .real(let number): self = .double(number)
    case .text(let text): self = .string(text)
    case .blob(let bytes): self = .bytes(bytes)
    }
  }
}
