/// Records, ids and field values as the live server's functions take and
/// give them, in JSON:
///
///     {"id": [owner, zone, name], "type": "games", "parent": [owner, zone, name] | null,
///      "share": [...] | null, "fields": {"title": ["string", "Poker"]}, "tag": "17" | null,
///      "modified": 1700000000000, "creator": "alice" | null,
///      "sharing": {"public", "link", "owner", "participants", "scorer", "expires"} | null}
///
/// A field value is `[type, text]`: whole numbers and dates as decimal
/// text, doubles as Swift's shortest exact text, bytes as hex, an asset
/// as `<sha256>/<size>`; a reference is `["reference", id]`. An asset a
/// save uploads adds the position of its bytes in the call's `uploads`
/// (a binary parameter): `["asset", "<sha256>/<size>", 1]`. Text keeps every value exact: JSON
/// numbers are not (doubles, 64-bit integers in some readers).
enum LiveRecordCoding {
  static func json(_ id: RecordID) -> JSON {
    .array([.string(id.zoneID.ownerName), .string(id.zoneID.name), .string(id.name)])
  }

  static func json(_ zone: ZoneID) -> JSON {
    .array([.string(zone.ownerName), .string(zone.name)])
  }

  static func json(_ record: CloudRecord) -> JSON {
    var uploads: [[UInt8]] = []
    return json(record, uploads: &uploads)
  }

  /// The record, its assets' bytes appended to `uploads` (and named by
  /// their position there).
  static func json(_ record: CloudRecord, uploads: inout [[UInt8]]) -> JSON {
    var fields: [(String, JSON)] = []
    for (key, value) in record.fields.sorted(by: { $0.key < $1.key }) {
      if case .asset(let asset) = value, let bytes = asset.bytes {
        uploads.append(bytes)
        fields.append(
          (key, .array([.string("asset"), .string(asset.reference), .integer(Int64(uploads.count))])))
      } else {
        fields.append((key, json(value)))
      }
    }
    var object: [(String, JSON)] = [
      ("id", json(record.id)), ("type", .string(record.type)),
      ("parent", record.parent.map(json) ?? .null), ("share", record.shareID.map(json) ?? .null),
      ("fields", .object(fields)),
      ("tag", record.changeTag.map(JSON.string) ?? .null),
    ]
    if let sharing = record.sharing {
      object.append(
        (
          "sharing",
          .object([
            ("public", .string(sharing.publicPermission.rawValue)),
            (
              "participants",
              .array(
                sharing.participants.map {
                  .object([
                    ("user", .string($0.userName)), ("permission", .string($0.permission.rawValue)),
                    ("parent_limit", $0.parentLimit.map(JSON.string) ?? .null),
                  ])
                })
            ),
            ("scorer", sharing.scorerRules?.json ?? .null),
            ("expires", sharing.linkExpiresAt.map { .integer($0.millisecondsSince1970) } ?? .null),
            ("new_link", .bool(sharing.replacingLink)),
          ])
        ))
    }
    return .object(object)
  }

  static func json(_ value: CloudValue) -> JSON {
    switch value {
    case .string(let text): .array([.string("string"), .string(text)])
    case .int64(let number): .array([.string("int64"), .string(String(number))])
    case .double(let number): .array([.string("double"), .string(number.description)])
    case .date(let time): .array([.string("date"), .string(String(time.millisecondsSince1970))])
    case .bytes(let bytes): .array([.string("bytes"), .string(hex(bytes))])
    case .asset(let asset): .array([.string("asset"), .string(asset.reference)])
    case .reference(let id): .array([.string("reference"), json(id)])
    }
  }

  // MARK: Reading

  static func recordID(_ json: JSON?) throws -> RecordID {
    guard let parts = json?.arrayValue?.compactMap(\.stringValue), parts.count == 3 else {
      throw LiveCloudError.unreadableAnswer("a record id [owner, zone, name], not \(describe(json))")
    }
    return RecordID(name: parts[2], zoneID: ZoneID(name: parts[1], ownerName: parts[0]))
  }

  static func zoneID(_ json: JSON?) throws -> ZoneID {
    guard let parts = json?.arrayValue?.compactMap(\.stringValue), parts.count == 2 else {
      throw LiveCloudError.unreadableAnswer("a zone id [owner, name], not \(describe(json))")
    }
    return ZoneID(name: parts[1], ownerName: parts[0])
  }

  static func record(_ json: JSON?) throws -> CloudRecord {
    guard let json, let type = json["type"]?.stringValue, case .object(let fields)? = json["fields"] else {
      throw LiveCloudError.unreadableAnswer("a record, not \(describe(json))")
    }
    var record = CloudRecord(
      id: try recordID(json["id"]), type: type,
      parent: try optional(json["parent"], recordID), shareID: try optional(json["share"], recordID))
    for (key, value) in fields { record.fields[key] = try self.value(value) }
    record.changeTag = json["tag"]?.stringValue
    record.modifiedAt = json["modified"]?.integerValue.map(Timestamp.init(millisecondsSince1970:))
    record.creatorUserName = json["creator"]?.stringValue
    if let sharing = json["sharing"], !sharing.isNull { record.sharing = try settings(sharing) }
    return record
  }

  /// The stored copy of a record the server saved exactly as sent: it
  /// answers with what it gave the record, `{"tag", "modified", "creator"}`.
  static func record(_ sent: CloudRecord, savedAs saved: JSON) throws -> CloudRecord {
    guard let tag = saved["tag"]?.stringValue, let modified = saved["modified"]?.integerValue else {
      throw LiveCloudError.unreadableAnswer("a saved record's tag and time, not \(describe(saved))")
    }
    var record = sent
    record.changeTag = tag
    record.modifiedAt = Timestamp(millisecondsSince1970: modified)
    record.creatorUserName = saved["creator"]?.stringValue
    return record
  }

  static func value(_ json: JSON) throws -> CloudValue {
    guard let parts = json.arrayValue, parts.count == 2, let type = parts[0].stringValue else {
      throw LiveCloudError.unreadableAnswer("a field value [type, value], not \(describe(json))")
    }
    if type == "reference" { return .reference(try recordID(parts[1])) }
    let text = parts[1].stringValue
    let value: CloudValue? =
      switch type {
      case "string": text.map(CloudValue.string)
      case "int64": text.flatMap { Int64($0) }.map(CloudValue.int64)
      case "double": text.flatMap { Double($0) }.map(CloudValue.double)
      case "date": text.flatMap { Int64($0) }.map { .date(Timestamp(millisecondsSince1970: $0)) }
      case "bytes": text.flatMap(bytes).map(CloudValue.bytes)
      case "asset": text.flatMap(CloudAsset.init(reference:)).map(CloudValue.asset)
      default: nil
      }
    guard let value else { throw LiveCloudError.unreadableAnswer("a field value, not \(describe(json))") }
    return value
  }

  static func settings(_ json: JSON) throws -> ShareSettings {
    guard let publicPermission = json["public"]?.stringValue.flatMap(SharePermission.init(rawValue:)),
      let participants = json["participants"]?.arrayValue
    else { throw LiveCloudError.unreadableAnswer("share settings, not \(describe(json))") }
    var settings = ShareSettings(publicPermission: publicPermission)
    settings.participants = try participants.map { participant in
      guard let user = participant["user"]?.stringValue,
        let permission = participant["permission"]?.stringValue.flatMap(SharePermission.init(rawValue:)),
        let acceptance = participant["acceptance"]?.stringValue.flatMap(
          ShareParticipant.Acceptance.init(rawValue:))
      else { throw LiveCloudError.unreadableAnswer("a participant, not \(describe(participant))") }
      return ShareParticipant(
        userName: user, permission: permission, parentLimit: participant["parent_limit"]?.stringValue,
        acceptance: acceptance,
        joinedAt: participant["joined"]?.integerValue.map(Timestamp.init(millisecondsSince1970:)),
        lastChangeAt: participant["last_change"]?.integerValue.map(Timestamp.init(millisecondsSince1970:)))
    }
    settings.linkExpiresAt = json["expires"]?.integerValue.map(Timestamp.init(millisecondsSince1970:))
    if let scorer = json["scorer"], !scorer.isNull {
      guard let rules = ScorerRules(json: scorer) else {
        throw LiveCloudError.unreadableAnswer("a share's scorer rules, not \(describe(scorer))")
      }
      settings.scorerRules = rules
    }
    settings.link = json["link"]?.stringValue
    settings.ownerName = json["owner"]?.stringValue
    return settings
  }

  private static func optional<T>(_ json: JSON?, _ read: (JSON?) throws -> T) throws -> T? {
    guard let json, !json.isNull else { return nil }
    return try read(json)
  }

  /// The start of an unexpected value, for an error message.
  static func describe(_ json: JSON?) -> String {
    guard let json else { return "nothing" }
    let text = json.compactText
    return text.count > 80 ? String(text.prefix(80)) + "…" : text
  }

  private static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  private static func bytes(_ hex: String) -> [UInt8]? {
    let digits = Array(hex.utf8)
    guard digits.count % 2 == 0 else { return nil }
    func nibble(_ digit: UInt8) -> UInt8? {
      switch digit {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
      default: nil
      }
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(digits.count / 2)
    for index in stride(from: 0, to: digits.count, by: 2) {
      guard let high = nibble(digits[index]), let low = nibble(digits[index + 1]) else { return nil }
      bytes.append(high << 4 | low)
    }
    return bytes
  }
}
