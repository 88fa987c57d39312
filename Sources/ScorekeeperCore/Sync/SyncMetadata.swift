/// What the engine knows about one synced row: a row of `syncRecords`.
struct SyncRecordState: Hashable {
  enum State: String {
    case synced, pendingSave, pendingDelete, parked
  }

  var recordName: String
  var table: SyncedTable
  var rowID: String
  var zoneName: String
  /// '' for this user's own zones.
  var ownerName: String
  var parentRecordName: String?
  var serverChangeTag: String?
  var state: State
  var changeCount: Int64

  /// The columns of `syncRecords` this reads, named: `columns` lists them
  /// in this order, so a column is read by its name, never by a number
  /// that could drift from the list.
  enum Column: Int, CaseIterable {
    case recordName, tableName, rowID, zoneName, ownerName, parentRecordName, serverChangeTag, state,
      changeCount
  }

  static let columnNames = Column.allCases.map { "\($0)" }
  static let columns = columnList(columnNames)
  /// A parameter for each column, numbered as `values` gives them.
  static let placeholders = Column.allCases.map { "?\($0.rawValue + 1)" }.joined(separator: ", ")

  /// The columns, of the table under `alias` in a join.
  static func columns(of alias: String) -> String {
    columnList(columnNames, of: alias)
  }

  init(row: Row) throws {
    func text(_ column: Column) throws -> String { try row.text(column.rawValue) }
    func optionalText(_ column: Column) throws -> String? { try row.optionalText(column.rawValue) }
    let tableName = try text(.tableName)
    guard let table = SyncedTable.named(tableName) else {
      throw SyncError.corruptMetadata("syncRecords names an unknown table \(quote(tableName))")
    }
    let stateName = try text(.state)
    guard let state = State(rawValue: stateName) else {
      throw SyncError.corruptMetadata("syncRecords has an unknown state \(quote(stateName))")
    }
    self.init(
      recordName: try text(.recordName), table: table, rowID: try text(.rowID), zoneName: try text(.zoneName),
      ownerName: try text(.ownerName), parentRecordName: try optionalText(.parentRecordName),
      serverChangeTag: try optionalText(.serverChangeTag), state: state,
      changeCount: try row.int64(Column.changeCount.rawValue))
  }

  init(
    recordName: String, table: SyncedTable, rowID: String, zoneName: String, ownerName: String,
    parentRecordName: String?, serverChangeTag: String?, state: State, changeCount: Int64
  ) {
    self.recordName = recordName
    self.table = table
    self.rowID = rowID
    self.zoneName = zoneName
    self.ownerName = ownerName
    self.parentRecordName = parentRecordName
    self.serverChangeTag = serverChangeTag
    self.state = state
    self.changeCount = changeCount
  }

  /// The record's value of each column, in `columns`' order.
  var values: [SQLValue] {
    Column.allCases.map { column in
      switch column {
      case .recordName: .text(recordName)
      case .tableName: .text(table.name)
      case .rowID: .text(rowID)
      case .zoneName: .text(zoneName)
      case .ownerName: .text(ownerName)
      case .parentRecordName: SQLValue(parentRecordName)
      case .serverChangeTag: SQLValue(serverChangeTag)
      case .state: .text(state.rawValue)
      case .changeCount: .integer(changeCount)
      }
    }
  }

  /// The zone as the cloud names it, for `user` (who owns '' zones).
  func zoneID(user: String) -> ZoneID {
    ZoneID(name: zoneName, ownerName: ownerName.isEmpty ? user : ownerName)
  }
}

/// The engine's reads and writes of the sync metadata tables and of the
/// synced rows themselves. Every method runs inside the caller's
/// transaction; writes to synced rows happen with tracking silenced.
struct SyncMetadata {
  let db: Database

  static let marker = SyncTracking.marker

  /// Which `syncRecords` rows wait to be sent. The second condition is the
  /// partial index's own, so that the index is used.
  static let isPending = "state IN ('pendingSave', 'pendingDelete') AND state <> 'synced'"

  func record(_ recordName: String) throws -> SyncRecordState? {
    try db.fetchOne(Self.recordSQL, [.text(recordName)], SyncRecordState.init(row:))
  }

  // The statements run once a record in a fetch or a send, made once:
  // interpolated at each call, each was a new string built for it.
  private static let recordSQL =
    "\(marker) SELECT \(SyncRecordState.columns) FROM syncRecords WHERE recordName = ?1"

  /// The first `limit` records waiting to be sent: saves parents first,
  /// then deletes children first, each in the order the changes were
  /// first recorded.
  func pending(limit: Int) throws -> [SyncRecordState] {
    try db.fetchAll(
      """
      \(Self.marker) SELECT \(SyncRecordState.columns) FROM syncRecords WHERE \(Self.isPending)
      ORDER BY state = 'pendingDelete',
        \(SyncedTable.rankSQL(of: "tableName"))
          * (CASE state WHEN 'pendingSave' THEN 1 ELSE -1 END),
        rowid
      LIMIT ?1
      """, [.integer(Int64(limit))], SyncRecordState.init(row:))
  }

  /// The row as it is now, with its fields' modification times; nil when
  /// the row is gone.
  func row(of record: SyncRecordState) throws -> SyncedRow? {
    let table = record.table
    guard
      let values = try db.fetchOne(
        table.readSQL, [.text(record.rowID)], { row in (0..<row.count).map { row.value($0) } })
    else { return nil }
    var times: [String: Timestamp] = [:]
    if !table.isAppendOnly {
      try db.forEachRow(
        "\(Self.marker) SELECT field, modifiedAt FROM syncFieldTimes WHERE recordName = ?1",
        [.text(record.recordName)]
      ) { row in times[try row.text("field")] = try row.timestamp("modifiedAt") }
    }
    var fields: RecordMerge.Fields = [:]
    fields.reserveCapacity(table.fields.count)
    for (index, field) in table.fields.enumerated() {
      fields[field] = FieldVersion(
        CloudValue(sqlValue: values[index + 1]),
        modifiedAt: times[field] ?? Timestamp(millisecondsSince1970: 0))
    }
    if let column = table.asset, case .string(let sha256)? = fields[column.hashField]?.value,
      case .integer(let rowID)? = values.last
    {
      let bytes = try db.readBlob(table: table.name, column: column.field, rowID: rowID)
      var asset = CloudAsset(sha256: sha256, byteCount: bytes.count)
      asset.bytes = bytes
      fields[column.field]?.value = .asset(asset)
    }
    let parentID: String? =
      if case .text(let id) = values[0] { id } else { nil }
    return SyncedRow(table: table, id: record.rowID, parentID: parentID, fields: fields)
  }

  /// Writes a server copy (or a merge) into the table and the field times.
  /// The caller silences tracking. Score events are only ever inserted.
  ///
  /// Each value passes its column's rule first (`ColumnRule`, as a command
  /// checks what people type; a title or name is stored trimmed), and a
  /// copy the rules or the schema's constraints refuse is written nowhere:
  /// it throws `UnusableRecord`, for the engine to keep it out.
  func write(_ row: SyncedRow) throws {
    let table = row.table
    var row = row
    if let column = table.asset, case .asset(var asset)? = row.fields[column.field]?.value, asset.bytes == nil
    {
      // Not fetched: this device has the content (`SyncEngine.withAssetContents`).
      guard let bytes = try assetBytes(table, id: row.id, sha256: asset.sha256) else {
        throw SyncError.assetUnavailable(
          "\(row.recordName) changed here while its new content was fetched; sync again")
      }
      asset.bytes = bytes
      row.fields[column.field]?.value = .asset(asset)
    }
    // In `table.columns`' order, as the rules are.
    let rules = Self.columnRules[table.name]!
    var values: [SQLValue] = [try Self.checked(.text(row.id), rules[0], "id")]
    if let parent = table.separateParentColumn {
      values.append(try Self.checked(row.parentID.map { .text($0) } ?? .null, rules[1], parent))
    }
    var assetBytes: [UInt8]?
    for field in table.fields {
      let value = row.fields[field]?.value
      if field == table.asset?.field, case .asset(let asset)? = value {
        assetBytes = asset.bytes
        values.append(.integer(Int64(asset.byteCount)))
      } else {
        values.append(try Self.checked(value?.sqlValue ?? .null, rules[values.count], field))
      }
    }
    // "" when the record names no creator: it arrived, from someone unknown.
    if table.isAuthored { values.append(.text(row.creator ?? "")) }
    do {
      if let column = table.asset {
        try db.withRoomForLargeBlobs {
          let rowID = try db.fetchOne(table.writeSQL, values) { try $0.int64(0) }
          if let assetBytes, let rowID {
            try db.writeBlob(assetBytes, table: table.name, column: column.field, rowID: rowID)
          }
        }
      } else {
        try db.execute(table.writeSQL, values)
      }
    } catch let error as DatabaseError where error.primaryCode == 19 {  // SQLITE_CONSTRAINT
      // A value no command writes (a title missing, a negative target):
      // the statement alone is undone, the sync goes on without it.
      throw UnusableRecord(problem: "the database refuses it: \(error.message)")
    }
    for field in table.mergedFields {
      try db.execute(
        """
        \(Self.marker) INSERT INTO syncFieldTimes (recordName, field, modifiedAt) VALUES (?1, ?2, ?3)
        ON CONFLICT (recordName, field) DO UPDATE SET modifiedAt = excluded.modifiedAt
        """,
        [
          .text(row.recordName), .text(field),
          .text((row.fields[field]?.modifiedAt ?? Timestamp(millisecondsSince1970: 0)).iso8601),
        ])
    }
  }

  /// Each table's column rules, in the order of its `columns`, found
  /// once: `ColumnRule.of` compares names case by case, for every value
  /// of every record a fetch writes.
  private static let columnRules: [String: [ColumnRule?]] = Dictionary(
    uniqueKeysWithValues: SyncedTable.all.map { table in
      (table.name, table.columns.map { ColumnRule.of(table: table.name, column: $0) })
    })

  /// `value` as `column`'s rule takes it (unchanged where it has none).
  private static func checked(_ value: SQLValue, _ rule: ColumnRule?, _ column: String) throws -> SQLValue {
    guard let rule else { return value }
    switch value {
    case .null: return value  // (a required one is refused by its NOT NULL)
    case .text(let text):
      do {
        return .text(try rule.check(text))
      } catch {
        throw UnusableRecord(problem: error.description)
      }
    default: throw UnusableRecord(problem: "its \(column) is not text")
    }
  }

  /// The SHA-256 of the asset a row holds here, if it holds one.
  func assetHash(_ table: SyncedTable, id: String) throws -> String? {
    guard let column = table.asset else { return nil }
    return try db.fetchOne(
      "\(Self.marker) SELECT \(column.hashField) FROM \(table.name) WHERE id = ?1", [.text(id)]
    ) { try $0.optionalText(0) } ?? nil
  }

  /// The bytes of the asset a row holds here, if they are that content.
  private func assetBytes(_ table: SyncedTable, id: String, sha256: String) throws -> [UInt8]? {
    guard let column = table.asset else { return nil }
    return try db.fetchOne(
      "\(Self.marker) SELECT rowid FROM \(table.name) WHERE id = ?1 AND \(column.hashField) = ?2",
      [.text(id), .text(sha256)]
    ) { try db.readBlob(table: table.name, column: column.field, rowID: try $0.int64(0)) }
  }

  /// Whether any record waits for its parent (one lookup in the index of
  /// unsynced records).
  func hasParked() throws -> Bool {
    try db.fetchOne(
      """
      \(Self.marker) SELECT EXISTS (
        SELECT 1 FROM syncRecords WHERE state = 'parked' AND state <> 'synced')  -- the partial index's condition
      """
    ) { try $0.int(0) == 1 } ?? false
  }

  /// Creates or replaces a record's metadata. `base`: the fields of its
  /// merge base; nil keeps the one it has.
  func upsert(_ record: SyncRecordState, base: [String: CloudValue]? = nil) throws {
    try db.execute(Self.upsertSQL, record.values + [Self.packed(base, for: record.state)])
  }

  /// Records the metadata of a record this device had none of, with its
  /// merge base. Not an upsert: its update half made SQLite keep a
  /// statement journal while `syncRecords` had a trigger (until v32).
  func insert(_ record: SyncRecordState, base: [String: CloudValue] = [:]) throws {
    try db.execute(Self.insertSQL, record.values + [Self.packed(base, for: record.state)])
  }

  /// A merge base as its column keeps it (`FieldPack`). A record pending
  /// delete keeps none: a deletion merges with nothing, and a base holds
  /// names (v12). A parked record's keeps an asset's bytes, to write them
  /// from there when its parent comes.
  private static func packed(_ fields: [String: CloudValue]?, for state: SyncRecordState.State) -> SQLValue {
    if state == .pendingDelete { return .blob([]) }
    return fields.map { .blob(FieldPack.pack($0, keepingAssetBytes: state == .parked)) } ?? .null
  }

  private static let baseParameter = "?\(SyncRecordState.Column.allCases.count + 1)"

  private static let insertSQL = """
    \(marker) INSERT INTO syncRecords (\(SyncRecordState.columns), serverFields)
    VALUES (\(SyncRecordState.placeholders), coalesce(\(baseParameter), x''))
    """

  private static let upsertSQL = """
    \(insertSQL)
    ON CONFLICT (recordName) DO UPDATE SET
      zoneName = excluded.zoneName, ownerName = excluded.ownerName,
      parentRecordName = excluded.parentRecordName, serverChangeTag = excluded.serverChangeTag,
      state = excluded.state, changeCount = excluded.changeCount,
      serverFields = coalesce(\(baseParameter), serverFields)
    """

  /// The server took the records `sent`, with the tag and fields it gave
  /// each: each now has the server's tag and that copy as its merge base,
  /// and is synced unless its row changed again meanwhile (its change
  /// count moved). The names of those recorded; one missing is gone (its
  /// row was deleted here).
  ///
  /// A statement a record, which sets all three: 62k instructions a
  /// record, where the batch's tags and states in one `UPDATE … FROM
  /// json_each`, then its bases' rows deleted and inserted, took 85k
  /// (Docs/flushes.md). A record deleted here meanwhile keeps no base.
  func recordSent(_ sent: [(record: SyncRecordState, copy: CloudRecord)]) throws -> Set<String> {
    var recorded = Set<String>(minimumCapacity: sent.count)
    for (record, copy) in sent {
      try db.execute(
        Self.recordSentSQL,
        [
          .text(record.recordName), SQLValue(copy.changeTag), .integer(record.changeCount),
          .blob(FieldPack.pack(copy.fields)),
        ])
      if db.changes == 1 { recorded.insert(record.recordName) }
    }
    return recorded
  }

  private static let recordSentSQL = """
    \(marker) UPDATE syncRecords SET serverChangeTag = ?2,
      state = CASE WHEN changeCount = ?3 THEN 'synced' ELSE state END,
      serverFields = CASE WHEN state = 'pendingDelete' THEN x'' ELSE ?4 END
    WHERE recordName = ?1
    """

  /// The server copy last seen (the merge base, or a parked record).
  func base(of record: SyncRecordState) throws -> SyncedRow? {
    let fields = try baseFields(of: record.recordName)
    guard !fields.isEmpty || record.serverChangeTag != nil else { return nil }
    return SyncedRow(
      table: record.table, id: record.rowID, fields: fields, parent: record.parentRecordName)
  }

  /// The fields of the server copy last seen, as the record had them
  /// (none for a record this device does not know).
  func baseFields(of recordName: String) throws -> [String: CloudValue] {
    guard
      let packed = try db.fetchOne(Self.baseSQL, [.text(recordName)], { row in try row.blob(0) })
    else { return [:] }
    guard let fields = FieldPack.unpack(packed, zoneID: nil) else {
      throw SyncError.corruptMetadata("the merge base of \(recordName) is not one this program writes")
    }
    return fields
  }

  private static let baseSQL = "\(marker) SELECT serverFields FROM syncRecords WHERE recordName = ?1"

  /// The record and every record below it, top first.
  func subtree(of recordName: String) throws -> [SyncRecordState] {
    try db.fetchAll(
      """
      \(Self.marker) WITH RECURSIVE below(name, depth) AS (
        SELECT ?1, 0
        UNION ALL
        SELECT r.recordName, below.depth + 1 FROM syncRecords AS r JOIN below ON r.parentRecordName = below.name
      )
      SELECT \(SyncRecordState.columns(of: "r"))
      FROM below JOIN syncRecords AS r ON r.recordName = below.name ORDER BY below.depth, r.rowid
      """, [.text(recordName)], SyncRecordState.init(row:))
  }

  /// Keeps the name of a record deleted here that the server never gave
  /// this device: a copy of the database may send it still
  /// (`syncTombstones`).
  func bury(_ recordName: String) throws {
    try db.execute(
      "\(Self.marker) INSERT INTO syncTombstones (recordName) VALUES (?1) ON CONFLICT DO NOTHING",
      [.text(recordName)])
  }

  /// Whether any record was deleted here before the server had it.
  func hasBuried() throws -> Bool {
    try db.fetchOne("\(Self.marker) SELECT EXISTS (SELECT 1 FROM syncTombstones)") { try $0.int(0) == 1 }
      ?? false
  }

  /// Whether a record was deleted here before the server had it (`bury`).
  func isBuried(_ recordName: String) throws -> Bool {
    try db.fetchOne(
      "\(Self.marker) SELECT EXISTS (SELECT 1 FROM syncTombstones WHERE recordName = ?1)", [.text(recordName)]
    ) { try $0.int(0) == 1 } ?? false
  }

  func forget(_ recordName: String) throws {
    try db.execute("\(Self.marker) DELETE FROM syncRecords WHERE recordName = ?1", [.text(recordName)])
  }

  /// Deletes a row locally (its children go by the foreign keys' cascade)
  /// and forgets its metadata and theirs. The caller silences tracking.
  func deleteLocally(_ record: SyncRecordState) throws -> [SyncRecordState] {
    let doomed = try subtree(of: record.recordName)
    try db.execute(
      "\(Self.marker) DELETE FROM \(record.table.name) WHERE id = ?1", [.text(record.rowID)])
    for item in doomed { try forget(item.recordName) }
    return doomed
  }

  /// The share record of the zone a record is in, if the zone is shared.
  func shareRecordName(of record: SyncRecordState) throws -> String? {
    try db.fetchOne(
      "\(Self.marker) SELECT shareRecordName FROM syncZones WHERE ownerName = ?1 AND zoneName = ?2",
      [.text(record.ownerName), .text(record.zoneName)]
    ) { try $0.optionalText(0) } ?? nil
  }

  /// Whether the row a record describes exists locally.
  func rowExists(table: SyncedTable, id: String) throws -> Bool {
    try db.fetchOne(
      "\(Self.marker) SELECT 1 FROM \(table.name) WHERE id = ?1", [.text(id)]
    ) { _ in true } ?? false
  }

  /// Parked records whose parent is one of `arrived` and is here now
  /// (synced, or waiting to be sent), in the order they came.
  func parkedChildren(of arrived: [String]) throws -> [SyncRecordState] {
    try db.fetchAll(
      """
      \(Self.marker) SELECT \(SyncRecordState.columns(of: "r"))
      FROM syncRecords AS r JOIN syncRecords AS parent ON parent.recordName = r.parentRecordName
      WHERE r.parentRecordName IN (SELECT value FROM json_each(?1))
        AND +r.state = 'parked'  -- (+: never through the index of every parked record)
        AND parent.state IN ('synced', 'pendingSave')
      ORDER BY r._rowid_  -- (rowid: this table's rowID column, the row's id)
      """, [.text(JSON.array(arrived.map(JSON.string)).compactText)], SyncRecordState.init(row:))
  }

  /// Marks the records synced, in one statement.
  func markSynced(_ names: [String]) throws {
    try db.execute(
      """
      \(Self.marker) UPDATE syncRecords SET state = 'synced'
      WHERE recordName IN (SELECT value FROM json_each(?1))
      """, [.text(JSON.array(names.map(JSON.string)).compactText)])
  }
}
