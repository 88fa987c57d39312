extension FileCloud {
  func fetchRecords(_ ids: [RecordID], as userName: String, in scope: DatabaseScope) throws
    -> [RecordID: Result<CloudRecord, CloudError>]
  {
    try perform(.fetchRecords, as: userName, writes: false) { store in
      // NB: The item limit applies to ids fetched as it does to saves.
      guard ids.count <= Self.itemLimit else {
        throw CloudRefusal.tooManyItems(ids.count).error
      }
      var results: [RecordID: Result<CloudRecord, CloudError>] = [:]
      for id in ids {
        results[id] = try Self.readableRecord(id, as: userName, in: scope, store: store)
      }
      return results
    }
  }

  func assetContents(for keys: [AssetKey], as userName: String, in scope: DatabaseScope) throws
    -> [AssetKey: [UInt8]]
  {
    try perform(.fetchAssets, as: userName, writes: false) { store in
      guard keys.count <= Self.itemLimit else { throw CloudRefusal.tooManyItems(keys.count).error }
      var contents: [AssetKey: [UInt8]] = [:]
      for key in keys {
        // NB: An asset is read as its record is: one the reader may not
        // see is absent, as a missing one is.
        guard case .success = try Self.readableRecord(key.record, as: userName, in: scope, store: store),
          let bytes = try store.assetBytes(of: key.record, field: key.field, sha256: key.sha256)
        else { continue }
        contents[key] = bytes
      }
      return contents
    }
  }

  /// A copy of the record if the user can see it. NB: In a shared zone a
  /// record the user's shares do not cover is reported as unknown, exactly
  /// like a missing one: its existence is not the reader's business.
  static func readableRecord(
    _ id: RecordID, as userName: String, in scope: DatabaseScope, store: ServerStore
  ) throws -> Result<CloudRecord, CloudError> {
    guard try store.zoneIsVisible(id.zoneID, to: userName, in: scope) else {
      return .failure(.zoneNotFound(id.zoneID))
    }
    guard let record = try store.record(id) else { return .failure(.unknownRecord(id)) }
    if scope == .shared, !(try store.canRead(record, as: userName)) {
      return .failure(.unknownRecord(id))
    }
    return .success(record)
  }
}
