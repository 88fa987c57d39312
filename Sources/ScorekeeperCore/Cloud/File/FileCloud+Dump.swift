extension FileCloud {
  /// Everything on the server, one line at a time, in a fixed order (zones
  /// by owner and name, records by name, fields by key), so two dumps of
  /// the same state are identical: for debugging and golden transcripts.
  ///
  /// For example:
  ///
  ///     zone "games" owned by alice (incarnation 1, changed at 4)
  ///       record "0001:games" (games), tag 4, modified 2026-01-01T12:00:00.000Z
  ///         share "share-0001"
  ///         title: string "Poker night"
  ///       record "share-0001" (cloudkit.share), tag 3, modified 2026-01-01T12:00:00.000Z
  ///         link https://share.scorekeeper.invalid/0000000000000000000000000000000003
  ///         public permission: none
  ///         participant bob: read-write, accepted
  ///       deleted "0002:players" (players) at 2
  public func dump(_ line: (String) throws -> Void) throws {
    try withDatabase { store in
      try store.db.read {
        try line("change sequence at \(try store.currentSequence())")
        try store.db.forEachRow("SELECT userName, status FROM accounts ORDER BY userName") { row in
          try line("account \(try row.text(0)): \(try row.text(1))")
        }
        let zones = try store.db.fetchAll(
          "SELECT ownerName, name, incarnation, changedAt FROM zones ORDER BY ownerName, name"
        ) { row in
          (ZoneID(name: try row.text(1), ownerName: try row.text(0)), try row.int64(2), try row.int64(3))
        }
        for (zone, incarnation, changedAt) in zones {
          try line("zone \(zone) (incarnation \(incarnation), changed at \(changedAt))")
          try dumpRecords(in: zone, store: store, line)
        }
        try store.db.forEachRow(
          "SELECT ownerName, name, deletedAt FROM deletedZones ORDER BY ownerName, name"
        ) { row in
          let zone = ZoneID(name: try row.text(1), ownerName: try row.text(0))
          try line("deleted zone \(zone) at \(try row.int64(2))")
        }
      }
    }
  }

  /// A field's value; for an asset, what the bytes kept for it are when
  /// they are not that asset (hashed again here, not taken on trust).
  private func describe(_ value: CloudValue, of id: RecordID, _ key: String, store: ServerStore) throws
    -> String
  {
    guard case .asset(let asset) = value else { return "\(value)" }
    let kept = try store.assetBytes(of: id, field: key, sha256: asset.sha256).map(CloudAsset.init(bytes:))
    return kept == asset ? "\(value)" : "\(value) (kept: \(kept.map { "\($0)" } ?? "nothing"))"
  }

  private func dumpRecords(in zone: ZoneID, store: ServerStore, _ line: (String) throws -> Void)
    throws
  {
    let names = try store.db.fetchAll(
      "SELECT name FROM records WHERE ownerName = ? AND zoneName = ? ORDER BY name",
      ServerStore.key(zone)
    ) { try $0.text(0) }
    for name in names {
      let record = try store.record(RecordID(name: name, zoneID: zone))!
      try line(
        "  record \(quote(name)) (\(record.type)), tag \(record.changeTag ?? "none"), "
          + "modified \(record.modifiedAt.map(\.iso8601) ?? "never")")
      if let parent = record.parent { try line("    parent \(quote(parent.name))") }
      if let share = record.shareID { try line("    share \(quote(share.name))") }
      for key in record.fields.keys.sorted() {
        try line("    \(key): \(try describe(record.fields[key]!, of: record.id, key, store: store))")
      }
      if let sharing = record.sharing {
        try line("    link \(sharing.link ?? "none")")
        try line("    public permission: \(sharing.publicPermission.rawValue)")
        for participant in sharing.participants { try line("    participant \(participant)") }
      }
    }
    try store.db.forEachRow(
      "SELECT name, type, deletedAt FROM tombstones WHERE ownerName = ? AND zoneName = ? ORDER BY name",
      ServerStore.key(zone)
    ) { row in
      try line("  deleted \(quote(try row.text(0))) (\(try row.text(1))) at \(try row.int64(2))")
    }
  }
}
