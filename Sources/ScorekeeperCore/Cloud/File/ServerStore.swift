/// The mock server's rows, read and written inside one operation's
/// transaction. Only storage lives here; the rules that decide what may be
/// written live in the `FileCloud` extensions.
///
/// Every query names its zone's full key, so each one is an index lookup or
/// range scan: an operation's cost grows with what it touches, not with the
/// size of the server.
struct ServerStore {
  let db: Database
  let clock: Clock
  let shareLinks: ShareLinkGenerator

  /// The short facts about a stored record that rules need, without its fields.
  struct Header {
    var type: String
    var parentName: String?
    var shareName: String?
    var changeTag: String
    /// Who saved it first (nil for a record older than the column).
    var creatorName: String?
  }

  struct Zone {
    var incarnation: Int64
    var changedAt: Int64
    var validFrom: Int64
  }

  // MARK: The change sequence

  /// Takes the next number in the server-wide change sequence.
  func nextSequence() throws -> Int64 {
    try db.fetchOne("UPDATE sequence SET value = value + 1 RETURNING value") { try $0.int64(0) }!
  }

  /// Takes the next `count` numbers at once; returns the last of them.
  func reserveSequences(_ count: Int) throws -> Int64 {
    try db.fetchOne(
      "UPDATE sequence SET value = value + ?1 RETURNING value", [.integer(Int64(count))]
    ) { try $0.int64(0) }!
  }

  func currentSequence() throws -> Int64 {
    try db.fetchOne("SELECT value FROM sequence") { try $0.int64(0) }!
  }

  /// The server's history id: empty until the file is marked as put back
  /// from an older copy (`FileCloud.markRestored`).
  func history() throws -> String {
    try db.fetchOne("SELECT history FROM server") { try $0.text(0) }!
  }

  // MARK: Accounts

  func accountStatus(of userName: String) throws -> AccountStatus {
    let text = try db.fetchOne("SELECT status FROM accounts WHERE userName = ?", [.text(userName)]) {
      try $0.text(0)
    }
    return text.flatMap(AccountStatus.init(rawValue:)) ?? .available
  }

  func setAccountStatus(_ status: AccountStatus, of userName: String) throws {
    if status == .available {
      try db.execute("DELETE FROM accounts WHERE userName = ?", [.text(userName)])
    } else {
      try db.execute(
        """
        INSERT INTO accounts (userName, status) VALUES (?, ?)
        ON CONFLICT (userName) DO UPDATE SET status = excluded.status
        """, [.text(userName), .text(status.rawValue)])
    }
  }

  // MARK: Zones

  func zone(_ id: ZoneID) throws -> Zone? {
    try db.fetchOne(
      "SELECT incarnation, changedAt, validFrom FROM zones WHERE ownerName = ? AND name = ?",
      Self.key(id)
    ) { row in Zone(incarnation: try row.int64(0), changedAt: try row.int64(1), validFrom: try row.int64(2)) }
  }

  func createZone(_ id: ZoneID, at sequence: Int64) throws {
    try db.execute(
      "INSERT INTO zones (ownerName, name, incarnation, changedAt) VALUES (?, ?, ?, ?)",
      Self.key(id) + [.integer(sequence), .integer(sequence)])
    try db.execute("DELETE FROM deletedZones WHERE ownerName = ? AND name = ?", Self.key(id))
  }

  /// Deletes the zone with everything in it, remembering the deletion for
  /// database change readers.
  func deleteZone(_ id: ZoneID, at sequence: Int64) throws {
    try db.execute("DELETE FROM zones WHERE ownerName = ? AND name = ?", Self.key(id))
    try db.execute(
      "INSERT INTO deletedZones (ownerName, name, deletedAt) VALUES (?, ?, ?)",
      Self.key(id) + [.integer(sequence)])
  }

  func touchZone(_ id: ZoneID, at sequence: Int64) throws {
    try db.execute(
      "UPDATE zones SET changedAt = ? WHERE ownerName = ? AND name = ?",
      [.integer(sequence)] + Self.key(id))
  }

  // MARK: Records

  func header(_ id: RecordID) throws -> Header? {
    try db.fetchOne(
      """
      SELECT type, parentName, shareName, changeTag, creatorName FROM records
      WHERE ownerName = ? AND zoneName = ? AND name = ?
      """, Self.key(id)
    ) { row in
      Header(
        type: try row.text(0), parentName: try row.optionalText(1), shareName: try row.optionalText(2),
        changeTag: try row.text(3), creatorName: try row.optionalText(4))
    }
  }

  /// A full copy of a stored record: its fields and, for a share, its
  /// settings and participants.
  func record(_ id: RecordID) throws -> CloudRecord? {
    guard
      var record = try db.fetchOne(
        "SELECT \(Self.recordColumns) FROM records WHERE ownerName = ? AND zoneName = ? AND name = ?",
        Self.key(id), { try Self.record(id, from: $0, at: 0) })
    else { return nil }
    if record.isShare { record.sharing = try sharing(of: id) }
    return record
  }

  /// Full copies, by name, of the records of `zone` last changed after
  /// `since` and up to `last`: a page of changes. One statement however
  /// many records.
  func records(in zone: ZoneID, changedAfter since: Int64, upTo last: Int64) throws -> [String: CloudRecord] {
    var records: [String: CloudRecord] = [:]
    try db.forEachRow(
      """
      SELECT name, \(Self.recordColumns) FROM records
      WHERE ownerName = ?1 AND zoneName = ?2 AND changedAt > ?3 AND changedAt <= ?4
      """, Self.key(zone) + [.integer(since), .integer(last)]
    ) { row in
      let name = try row.text(0)
      records[name] = try Self.record(RecordID(name: name, zoneID: zone), from: row, at: 1)
    }
    for (name, record) in records where record.isShare {
      records[name]!.sharing = try sharing(of: record.id)
    }
    return records
  }

  private static let recordColumns = "type, parentName, shareName, changeTag, modifiedAt, creatorName, fields"

  /// The record `id`, from `recordColumns` at `offset`.
  private static func record(_ id: RecordID, from row: Row, at offset: Int) throws -> CloudRecord {
    var record = CloudRecord(
      id: id, type: try row.text(offset),
      parent: try row.optionalText(offset + 1).map { RecordID(name: $0, zoneID: id.zoneID) },
      shareID: try row.optionalText(offset + 2).map { RecordID(name: $0, zoneID: id.zoneID) })
    record.changeTag = try row.text(offset + 3)
    record.modifiedAt = Timestamp(millisecondsSince1970: try row.int64(offset + 4))
    record.creatorUserName = try row.optionalText(offset + 5)
    guard case .blob(let pack) = row.value(offset + 6), let fields = FieldPack.unpack(pack, zoneID: id.zoneID)
    else {
      throw FileCloudError.corrupt("the fields of \(id.name) in \(id.zoneID.ownerName)'s \(id.zoneID.name)")
    }
    record.fields = fields
    return record
  }

  /// Writes `record` as the server's copy, with a new tag and time, and
  /// returns that copy as `record(_:)` reads it back, without reading it
  /// (a share's settings aside: the caller reads those). A new record is
  /// `userName`'s; its creator stays whoever saved it first. `existing`:
  /// the stored record's header, nil for a new record, which has no
  /// fields or assets to drop. The zone is not touched: the caller does
  /// that once for all it wrote (`touchZone`). `clearingTombstone`: the
  /// record may have one, left by a deletion, which it now replaces.
  /// `onlyIfNew`: written only when no record of that name is stored
  /// (`existing` was not read); nil when one is, and nothing was written.
  func write(
    _ record: CloudRecord, at sequence: Int64, by userName: String, over existing: Header?,
    clearingTombstone: Bool, onlyIfNew: Bool = false
  ) throws -> CloudRecord? {
    let id = record.id
    var saved = record
    saved.changeTag = Self.changeTag(sequence)
    // (Kept in milliseconds: the copy says what a read gives.)
    saved.modifiedAt = Timestamp(millisecondsSince1970: try clock.now().millisecondsSince1970)
    saved.creatorUserName = existing == nil ? userName : existing?.creatorName
    do {
      try db.execute(
        onlyIfNew ? Self.insertSQL : Self.upsertSQL,
        Self.key(id) + [
          .text(record.type), record.parent.map { .text($0.name) } ?? .null,
          record.shareID.map { .text($0.name) } ?? .null, .text(saved.changeTag!),
          .integer(saved.modifiedAt!.millisecondsSince1970), .integer(sequence), .text(userName),
          .blob(FieldPack.pack(record.fields)),
        ])
    } catch let error as DatabaseError where onlyIfNew && error.extendedCode == Self.storedAlready {
      return nil
    }
    // What a read gives: an asset without its bytes.
    for (key, value) in record.fields {
      if case .asset(let asset) = value, asset.bytes != nil {
        saved.fields[key] = .asset(asset.withoutBytes)
      }
    }
    try writeAssets(of: record, isNew: existing == nil)
    if clearingTombstone {
      try db.execute(
        "DELETE FROM tombstones WHERE ownerName = ? AND zoneName = ? AND name = ?", Self.key(id))
    }
    saved.sharing = nil
    return saved
  }

  private static let insertSQL = """
    INSERT INTO records
      (ownerName, zoneName, name, type, parentName, shareName, changeTag, modifiedAt, changedAt, creatorName,
       fields)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    """

  private static let upsertSQL = """
    \(insertSQL)
    ON CONFLICT (ownerName, zoneName, name) DO UPDATE SET
      parentName = excluded.parentName, shareName = excluded.shareName,
      changeTag = excluded.changeTag, modifiedAt = excluded.modifiedAt,
      changedAt = excluded.changedAt, fields = excluded.fields
    """

  /// SQLITE_CONSTRAINT_PRIMARYKEY: `records` has a row of that name.
  private static let storedAlready: Int32 = 19 | (6 << 8)

  /// Gives a stored record a new tag without changing its contents, as the
  /// service does to a parent when a child is saved or to a root when its
  /// share goes. `shareName`, when given (`.some(nil)` included), replaces
  /// the record's share reference at the same time.
  func bump(_ id: RecordID, shareName: String?? = .none) throws {
    let sequence = try nextSequence()
    var sql = Self.bumpSQL
    var arguments: [SQLValue] = [
      .text(Self.changeTag(sequence)), .integer(try clock.now().millisecondsSince1970),
      .integer(sequence),
    ]
    if case .some(let newShareName) = shareName {
      sql += ", shareName = ?"
      arguments.append(newShareName.map { .text($0) } ?? .null)
    }
    try db.execute(sql + Self.whereRecord, arguments + Self.key(id))
    try touchZone(id.zoneID, at: sequence)
  }

  private static let bumpSQL = "UPDATE records SET changeTag = ?, modifiedAt = ?, changedAt = ?"
  private static let whereRecord = " WHERE ownerName = ? AND zoneName = ? AND name = ?"

  /// Gives records of `zone` new tags, as `bump` does, their numbers
  /// taken in one statement, and marks the zone changed once, at the
  /// last: a call saving a page of score events under a hundred players
  /// bumped each in three statements (7 % of a bulk send's instructions).
  func bump(_ ids: [RecordID], in zone: ZoneID) throws {
    guard !ids.isEmpty else { return }
    let last = try reserveSequences(ids.count)
    let now = try clock.now().millisecondsSince1970
    for (offset, id) in ids.enumerated() {
      let sequence = last - Int64(ids.count - 1 - offset)
      try db.execute(
        Self.bumpSQL + Self.whereRecord,
        [.text(Self.changeTag(sequence)), .integer(now), .integer(sequence)] + Self.key(id))
    }
    try touchZone(zone, at: last)
  }

  /// Deletes a record (its fields, share and participants cascade) and
  /// leaves a tombstone for every reader.
  func delete(_ id: RecordID, type: String, at sequence: Int64) throws {
    try db.execute(
      "DELETE FROM records WHERE ownerName = ? AND zoneName = ? AND name = ?", Self.key(id))
    try db.execute(
      """
      INSERT INTO tombstones (ownerName, zoneName, name, type, deletedAt) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (ownerName, zoneName, name) DO UPDATE SET
        type = excluded.type, deletedAt = excluded.deletedAt
      """, Self.key(id) + [.text(type), .integer(sequence)])
    try touchZone(id.zoneID, at: sequence)
  }

  func hasTombstones(in zone: ZoneID) throws -> Bool {
    try db.fetchOne(
      "SELECT EXISTS (SELECT 1 FROM tombstones WHERE ownerName = ? AND zoneName = ?)", Self.key(zone)
    ) { try $0.int(0) == 1 } ?? false
  }

  func childNames(of id: RecordID) throws -> [String] {
    try db.fetchAll(
      "SELECT name FROM records WHERE ownerName = ? AND zoneName = ? AND parentName = ? ORDER BY name",
      Self.key(id)
    ) { try $0.text(0) }
  }

  /// The root whose `shareName` is `shareID`, if any.
  func rootName(sharedBy shareID: RecordID) throws -> String? {
    try db.fetchOne(
      "SELECT name FROM records WHERE ownerName = ? AND zoneName = ? AND shareName = ? ORDER BY name",
      Self.key(shareID)
    ) { try $0.text(0) }
  }

  // MARK: Keys and tags

  static func key(_ zone: ZoneID) -> [SQLValue] {
    [.text(zone.ownerName), .text(zone.name)]
  }

  static func key(_ id: RecordID) -> [SQLValue] {
    key(id.zoneID) + [.text(id.name)]
  }

  /// Tags come from the server-wide sequence, so a tag is never reused,
  /// not even by a record deleted and created again under the same name.
  static func changeTag(_ sequence: Int64) -> String {
    String(sequence)
  }
}
