extension SyncEngine {
  /// The most asset bytes one call fetches or sends, past its first asset:
  /// a page of photos never sits in memory all at once.
  static let assetBytesPerCall = 32 * 1024 * 1024

  /// `records`, read from the cloud (assets without their bytes), with
  /// the bytes of every asset this device lacks: fetched, in as few calls
  /// as the limits allow, before anything is applied (never inside a
  /// transaction), and checked against their hash. An asset this device
  /// has (its row holds that hash), or a copy it applied already, costs
  /// nothing. A record whose asset the cloud no longer has changed or went
  /// since it was read: it is left out, and its newer version comes later.
  func withAssetContents(_ received: [CloudRecord], from database: any CloudDatabase) throws -> [CloudRecord]
  {
    var records = received.map(Self.inlineBytesAsAsset)
    var wanted: [(index: Int, field: String, asset: CloudAsset, key: AssetKey)] = []
    try store.syncRead {
      for (index, record) in records.enumerated() {
        guard let table = SyncedTable.named(record.type), let column = table.asset,
          case .asset(let asset)? = record.fields[column.field], asset.bytes == nil,
          let id = table.rowID(ofRecordName: record.id.name)
        else { continue }
        if let known = try metadata.record(record.id.name), known.state != .parked,
          known.serverChangeTag == record.changeTag
        {
          continue  // applied already (often this device's own save)
        }
        if try metadata.assetHash(table, id: id) == asset.sha256 { continue }
        wanted.append(
          (index, column.field, asset, AssetKey(record: record.id, field: column.field, sha256: asset.sha256))
        )
      }
    }
    guard !wanted.isEmpty else { return records }
    var gone: Set<Int> = []
    var start = 0
    while start < wanted.count {
      var end = start + 1
      var bytes = wanted[start].asset.byteCount
      while end < wanted.count && end - start < type(of: database).itemLimit
        && bytes + wanted[end].asset.byteCount <= Self.assetBytesPerCall
      {
        bytes += wanted[end].asset.byteCount
        end += 1
      }
      let batch = wanted[start..<end]
      let contents = try withRetry { try database.assetContents(for: batch.map(\.key)) }
      for item in batch {
        guard let content = contents[item.key] else {
          gone.insert(item.index)
          continue
        }
        guard item.asset.isContent(content) else {
          throw SyncError.assetUnavailable(
            "the cloud sent \(content.count) bytes for \(item.key.record.name) that are not its "
              + "\(item.asset)")
        }
        var asset = item.asset
        asset.bytes = content
        records[item.index].fields[item.field] = .asset(asset)
      }
      start = end
    }
    return records.indices.filter { !gone.contains($0) }.map { records[$0] }
  }

  /// A record saved before assets existed (local schema 8, mock cloud
  /// version 4, server version 2) holds its asset's bytes in the field
  /// itself: they are the asset, with its bytes at hand.
  static func inlineBytesAsAsset(_ record: CloudRecord) -> CloudRecord {
    guard let column = SyncedTable.named(record.type)?.asset,
      case .bytes(let bytes)? = record.fields[column.field]
    else { return record }
    var record = record
    record.fields[column.field] = .asset(CloudAsset(bytes: bytes))
    return record
  }

  /// The record to send for a pending row: its asset without the bytes
  /// when the server has that content already (the merge base's), so an
  /// unchanged file is never uploaded again.
  func withoutUnchangedAsset(_ record: CloudRecord, table: SyncedTable) throws -> CloudRecord {
    guard let column = table.asset, case .asset(let asset)? = record.fields[column.field],
      asset.bytes != nil,
      try metadata.baseFields(of: record.id.name)[column.field] == .asset(asset)
    else { return record }
    var record = record
    record.fields[column.field] = .asset(asset.withoutBytes)
    return record
  }
}
