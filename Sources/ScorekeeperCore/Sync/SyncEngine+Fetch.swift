extension SyncEngine {
  /// Fetches what changed in both databases since the last fetch: which
  /// zones changed, then each zone's changes, page by page, each page
  /// applied in one transaction together with the token that follows it,
  /// so an interrupted fetch resumes where it stopped.
  func fetchChanges() throws {
    let tokens = try store.syncRead {
      try store.database.fetchOne("\(SyncTracking.marker) SELECT privateToken, sharedToken FROM syncState") {
        [
          try $0.optionalText(0).map(ChangeToken.init(rawValue:)),
          try $0.optionalText(1).map(ChangeToken.init(rawValue:)),
        ]
      }!
    }
    for (scope, tokenColumn, saved) in [
      (DatabaseScope.private, "privateToken", tokens[0]), (.shared, "sharedToken", tokens[1]),
    ] {
      let database = scope == .private ? container.privateDatabase : container.sharedDatabase
      var changes: DatabaseChanges
      var everything = saved == nil
      do {
        changes = try withRetry { try database.databaseChanges(since: saved) }
      } catch CloudError.changeTokenExpired {
        changes = try withRetry { try database.databaseChanges(since: nil) }
        everything = true
      }
      for zone in changes.deletedZones { try zoneVanished(zone) }
      for zone in changes.changedZones { try fetchZone(zone) }
      if everything {
        // A full listing omits zones deleted while this device could not
        // hear of it.
        let listed = Set(changes.changedZones)
        for zone in try knownZones(scope: scope) where !listed.contains(zone) { try zoneVanished(zone) }
      }
      // Nothing changed, nothing to write (the usual case for a reading command).
      guard changes.token != saved else { continue }
      try store.syncWrite {
        try store.database.execute(
          "\(SyncTracking.marker) UPDATE syncState SET \(tokenColumn) = ?1", [.text(changes.token.rawValue)])
      }
    }
  }

  /// Zones this device has seen on the server, in one database.
  private func knownZones(scope: DatabaseScope) throws -> [ZoneID] {
    try store.syncRead {
      try store.database.fetchAll(
        """
        \(SyncTracking.marker) SELECT ownerName, zoneName FROM syncZones
        WHERE existsOnServer AND (ownerName = '') = ?1
        """, [.integer(scope == .private ? 1 : 0)]
      ) { row in
        let owner = try row.text(0)
        return ZoneID(name: try row.text(1), ownerName: owner.isEmpty ? user : owner)
      }
    }
  }

  /// Fetches and applies one zone's changes since its token. An expired
  /// token means a full fetch: everything the zone holds, after which any
  /// synced row the server no longer has is deleted here (its tombstone
  /// was purged). Pending local changes survive either way: they merge.
  func fetchZone(_ zone: ZoneID) throws {
    let key = ownerKey(of: zone)
    let database = database(ownerKey: key)
    var token = try store.syncRead {
      try store.database.fetchOne(
        "\(SyncTracking.marker) SELECT changeToken FROM syncZones WHERE ownerName = ?1 AND zoneName = ?2",
        [.text(key), .text(zone.name)]
      ) { try $0.optionalText(0).map(ChangeToken.init(rawValue:)) } ?? nil
    }
    // A game kept as a read-only copy, in reach again: all of its zone.
    let archived = try store.syncRead { try archivedGame(in: zone) }
    if archived != nil { token = nil }
    var everything = token == nil
    var seen: Set<String> = []
    let results = ResultWatch()
    while true {
      var page: ZoneChanges
      do {
        page = try withRetry { try database.zoneChanges(in: zone, since: token, limit: fetchPageSize) }
      } catch CloudError.changeTokenExpired {
        token = nil
        everything = true
        seen = []
        continue
      } catch CloudError.zoneNotFound {
        try zoneVanished(zone)
        return
      }
      seen.formUnion(page.changed.map(\.id.name))
      // (Before the next page is asked for: a call in between would
      // take its place on a live connection.)
      page.changed = try withAssetContents(page.changed, from: database)
      // The next page is on its way while this one is applied.
      if page.moreComing {
        database.willFetchZoneChanges(in: zone, since: page.token, limit: fetchPageSize)
      }
      try applying {
        try watchResults(changed: page.changed, deleted: page.deleted.map(\.id.name), in: results)
        try apply(page, ownerKey: key)
        try markZone(zone, exists: true)
        try store.database.execute(
          """
          \(SyncTracking.marker) UPDATE syncZones SET changeToken = ?3
          WHERE ownerName = ?1 AND zoneName = ?2
          """, [.text(key), .text(zone.name), .text(page.token.rawValue)])
      }
      observer.pageApplied?()
      observer.progress?(report, false)
      token = page.token
      if !page.moreComing { break }
    }
    if everything {
      try applying {
        let stale = try store.database.fetchAll(
          """
          \(SyncTracking.marker) SELECT recordName FROM syncRecords
          WHERE ownerName = ?1 AND zoneName = ?2 AND serverChangeTag IS NOT NULL
          ORDER BY \(SyncedTable.rankSQL(of: "tableName"))
          """, [.text(key), .text(zone.name)]
        ) { try $0.text(0) }
        let gone = stale.filter { !seen.contains($0) }
        try watchResults(changed: [], deleted: gone, in: results)
        for name in gone { try deleteLocally(name, received: true, removal: .deleted) }
        if let archived { try unarchive(archived) }
      }
    }
    try noteResultChanges(results)
  }

  /// One page: deletions first (a record deleted and created again is in
  /// both lists), then records parents first, then any parked record
  /// whose parent has now arrived.
  private func apply(_ page: ZoneChanges, ownerKey: String) throws {
    for deleted in page.deleted {
      if deleted.type == CloudRecord.shareType {
        try store.database.execute(
          """
          \(SyncTracking.marker) UPDATE syncZones SET shareRecordName = NULL, shareLink = NULL
          WHERE ownerName = ?1 AND zoneName = ?2 AND shareRecordName = ?3
          """, [.text(ownerKey), .text(deleted.id.zoneID.name), .text(deleted.id.name)])
      } else {
        try deleteLocally(deleted.id.name, received: true, removal: .deleted)
      }
    }
    // The share says who may do what: this user's permission may have changed.
    for share in page.changed where share.isShare { try rememberShare(share, zone: share.id.zoneID) }
    let ordered = page.changed.sorted { lhs, rhs in
      (SyncedTable.named(lhs.type)?.rank ?? 99) < (SyncedTable.named(rhs.type)?.rank ?? 99)
    }
    let parents = ParentRows()
    for record in ordered where try applyServerRecord(record, ownerKey: ownerKey, parents: parents) {
      report.received += 1
    }
    let arrived = ordered.filter { SyncedTable.named($0.type)?.hasChildren == true }
    try unpark(childrenOf: arrived.map(\.id.name))
  }

  /// The server no longer has a zone this device holds. The user's own:
  /// the service lost it, so it is created again and everything in it
  /// sent again. Someone else's: access ended, so it leaves the user's
  /// games; its rows stay as a read-only copy (`archive`), unless the
  /// user left it (`keepingCopy` false), which deletes them.
  func zoneVanished(_ zone: ZoneID, keepingCopy: Bool = true) throws {
    let key = ownerKey(of: zone)
    try applying {
      try store.database.execute(
        "\(SyncTracking.marker) DELETE FROM syncZones WHERE ownerName = ?1 AND zoneName = ?2",
        [.text(key), .text(zone.name)])
      if key.isEmpty {
        try store.database.execute(
          """
          \(SyncTracking.marker) DELETE FROM syncRecords
          WHERE ownerName = '' AND zoneName = ?1 AND state IN ('pendingDelete', 'parked')
          """, [.text(zone.name)])
        try store.database.execute(
          """
          \(SyncTracking.marker) DELETE FROM syncServerFields WHERE recordName IN
            (SELECT recordName FROM syncRecords WHERE ownerName = '' AND zoneName = ?1)
          """, [.text(zone.name)])
        try store.database.execute(
          """
          \(SyncTracking.marker) UPDATE syncRecords
          SET serverChangeTag = NULL, state = 'pendingSave', changeCount = changeCount + 1
          WHERE ownerName = '' AND zoneName = ?1
          """, [.text(zone.name)])
      } else {
        let tops = try store.database.fetchAll(
          """
          \(SyncTracking.marker) SELECT recordName FROM syncRecords
          WHERE ownerName = ?1 AND zoneName = ?2 AND parentRecordName IS NULL
          """, [.text(key), .text(zone.name)]
        ) { try $0.text(0) }
        for name in tops {
          if keepingCopy { try archive(name) } else { try deleteLocally(name, received: true) }
        }
        try store.database.execute(
          "\(SyncTracking.marker) DELETE FROM syncRecords WHERE ownerName = ?1 AND zoneName = ?2",
          [.text(key), .text(zone.name)])
      }
    }
  }

  /// A game whose sharing ended for this user (the owner stopped sharing
  /// it, or deleted it), or one of a restored backup deleted since it was
  /// made, stays here as a read-only copy of its final state
  /// (`archivedGames`), no longer synced: its metadata is forgotten, its
  /// rows kept. Reported, as a removal is.
  func archive(_ recordName: String, _ reason: RemovedGame.Reason = .noLongerShared) throws {
    guard let record = try metadata.record(recordName) else { return }
    guard record.table == .games else { return try deleteLocally(recordName, received: true) }
    try reportRemoval(of: record, reason)
    try store.database.execute(
      """
      \(SyncTracking.marker) INSERT INTO archivedGames (gameID, owner, archivedAt) VALUES (?1, ?2, now())
      ON CONFLICT (gameID) DO NOTHING
      """, [.text(record.rowID), .text(record.ownerName)])
    for item in try metadata.subtree(of: recordName) { try metadata.forget(item.recordName) }
    report.received += 1
  }
}
