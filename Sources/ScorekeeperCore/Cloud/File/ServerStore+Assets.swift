/// The mock server's assets: each record field's file, in a table of its
/// own (the field holds its hash and size), deleted with its record.
extension ServerStore {
  /// The asset stored for a record's field, without its bytes.
  func asset(of id: RecordID, field: String) throws -> CloudAsset? {
    try db.fetchOne(
      """
      SELECT sha256, byteCount FROM assets
      WHERE ownerName = ? AND zoneName = ? AND recordName = ? AND key = ?
      """, Self.key(id) + [.text(field)]
    ) { CloudAsset(sha256: try $0.text(0), byteCount: try $0.int(1)) }
  }

  /// The bytes of a record's field, if it holds that content.
  func assetBytes(of id: RecordID, field: String, sha256: String) throws -> [UInt8]? {
    try db.fetchOne(
      """
      SELECT rowid FROM assets
      WHERE ownerName = ? AND zoneName = ? AND recordName = ? AND key = ? AND sha256 = ?
      """, Self.key(id) + [.text(field), .text(sha256)]
    ) { try db.readBlob(table: "assets", column: "bytes", rowID: try $0.int64(0)) }
  }

  /// Keeps the bytes of the record's assets that carry them, and drops
  /// the assets of fields it no longer has as assets. An asset without
  /// its bytes keeps what is stored (the rules checked it is that content).
  /// `isNew`: the record was not stored, so it has no assets to drop.
  func writeAssets(of record: CloudRecord, isNew: Bool) throws {
    var fields: [String] = []
    for (field, value) in record.fields {
      guard case .asset(let asset) = value else { continue }
      fields.append(field)
      guard let bytes = asset.bytes else { continue }
      // The bytes go in place through the row id (`Database.writeBlob`).
      try db.withRoomForLargeBlobs {
        let rowID = try db.fetchOne(
          """
          INSERT INTO assets (ownerName, zoneName, recordName, key, sha256, byteCount, bytes)
          VALUES (?1, ?2, ?3, ?4, ?5, ?6, zeroblob(?6))
          ON CONFLICT (ownerName, zoneName, recordName, key) DO UPDATE SET
            sha256 = excluded.sha256, byteCount = excluded.byteCount, bytes = excluded.bytes
          RETURNING rowid
          """,
          Self.key(record.id) + [.text(field), .text(asset.sha256), .integer(Int64(asset.byteCount))]
        ) { try $0.int64(0) }!
        try db.writeBlob(bytes, table: "assets", column: "bytes", rowID: rowID)
      }
    }
    guard !isNew else { return }
    try db.execute(
      """
      DELETE FROM assets WHERE ownerName = ? AND zoneName = ? AND recordName = ?
        AND key NOT IN (SELECT value FROM json_each(?))
      """, Self.key(record.id) + [.text(JSON.array(fields.map(JSON.string)).compactText)])
  }

  /// The asset bytes kept in an owner's zones.
  func assetBytesUsed(by owner: String) throws -> Int {
    try db.fetchOne("SELECT coalesce(sum(byteCount), 0) FROM assets WHERE ownerName = ?", [.text(owner)]) {
      try $0.int(0)
    }!
  }

  /// How many asset bytes each owner may keep.
  func assetQuota() throws -> Int {
    try db.fetchOne("SELECT assetQuota FROM server") { try $0.int(0) }!
  }
}
