extension SyncEngine {
  /// Fetches what changed in both databases since the last fetch: which
  /// zones changed, then each zone's changes, page by page, each page
  /// applied in one transaction together with the token that follows it,
  /// so an interrupted fetch resumes where it stopped.
  ///
  /// A token from the cloud's future, or of another of its incarnations,
  /// means its history went back (a standby that was behind took over, a
  /// backup was put back): what this device was told the cloud holds may
  /// be gone there. Everything this device holds and may save is then to
  /// be sent again, with its merge base (a copy the cloud still has
  /// merges as any conflict), and everything is fetched again, once (with
  /// no token, nothing can be refused as history); nothing pending is
  /// deleted by that full fetch, so nothing lost there is lost here.
  func fetchChanges() throws {
    do {
      try fetchChangesSinceTokens()
    } catch CloudError.historyWentBack {
      report.historyWentBack = true
      try store.syncWrite { try metadata.sendEverythingAgain(user: user) }
      try fetchChangesSinceTokens()
    }
  }

  private func fetchChangesSinceTokens() throws {
    let tokens = try store.syncRead { try metadata.databaseTokens() }
    for (scope, saved) in [(DatabaseScope.private, tokens.private), (.shared, tokens.shared)] {
      let database = scope == .private ? container.privateDatabase : container.sharedDatabase
      // Before a full listing, the zones known to be there: read after
      // it, they would include one that another process on this database
      // made (or joined) since, which the listing could not have named.
      func knownZones() throws -> [ZoneID] {
        try store.syncRead { try metadata.zonesOnServer(in: scope, user: user) }
      }
      var known = saved == nil ? try knownZones() : nil
      var changes: DatabaseChanges
      do {
        changes = try withRetry { try database.databaseChanges(since: saved) }
      } catch CloudError.changeTokenExpired {
        known = try knownZones()
        changes = try withRetry { try database.databaseChanges(since: nil) }
      }
      for zone in changes.deletedZones { try zoneVanished(zone) }
      for zone in changes.changedZones { try fetchZone(zone) }
      if let known {
        // A full listing omits zones deleted while this device could not
        // hear of it.
        let listed = Set(changes.changedZones)
        for zone in known where !listed.contains(zone) { try zoneVanished(zone) }
      }
      // Nothing changed, nothing to write (the usual case for a reading command).
      guard changes.token != saved else { continue }
      try store.syncWrite { try metadata.setDatabaseToken(changes.token, of: scope) }
    }
  }

  /// Fetches and applies one zone's changes since its token. An expired
  /// token means a full fetch: everything the zone holds, after which any
  /// synced row the server no longer has is deleted here (its tombstone
  /// was purged). Pending local changes survive either way: they merge.
  func fetchZone(_ zone: ZoneID) throws {
    let key = ownerKey(of: zone)
    let database = database(ownerKey: key)
    var token = try store.syncRead { try metadata.zoneToken(ownerKey: key, zone.name) }
    // A game kept as a read-only copy, in reach again: all of its zone.
    let archived = try store.syncRead { try archivedGame(in: zone) }
    if archived != nil { token = nil }
    // Before a full fetch, what this device holds of the zone with a tag:
    // read after it, it would include records that another process on
    // this database sent since, which the cloud's answer could not list.
    // One whose tag changed meanwhile was heard of since, and stays too;
    // a read-only copy's rows, adopted during the fetch, go if unlisted.
    func heldWithTags() throws -> [String: String] {
      Dictionary(
        uniqueKeysWithValues: try store.syncRead { try metadata.recordsOnServer(ownerKey: key, zone.name) })
    }
    var held = token == nil ? try heldWithTags() : nil
    var seen: Set<String> = []
    let results = ResultWatch()
    while true {
      var page: ZoneChanges
      do {
        page = try withRetry { try database.zoneChanges(in: zone, since: token, limit: fetchPageSize) }
      } catch CloudError.changeTokenExpired {
        token = nil
        held = try heldWithTags()
        seen = []
        continue
      } catch CloudError.zoneNotFound {
        try zoneVanished(zone)
        return
      }
      seen.formUnion(page.changed.map(\.id.name))
      // (Before the next page is asked for: a call in between would
      // take its place on a live connection.)
      page.changed = try withMissingParents(page.changed, from: database)
      page.changed = try withAssetContents(page.changed, from: database)
      // The next page is on its way while this one is applied.
      if page.moreComing {
        database.willFetchZoneChanges(in: zone, since: page.token, limit: fetchPageSize)
      }
      try applying {
        try watchResults(changed: page.changed, deleted: page.deleted.map(\.id.name), in: results)
        try apply(page, ownerKey: key)
        try markZone(zone, exists: true)
        try metadata.setZoneToken(page.token, ownerKey: key, zone.name)
      }
      observer.pageApplied?()
      observer.progress?(report, false)
      token = page.token
      if !page.moreComing { break }
    }
    // (Nothing held before, and no copy taken back: nothing can be gone,
    // as on a device's first fetch of a zone.)
    if let held, !held.isEmpty || archived != nil {
      try applying {
        let gone = try metadata.recordsOnServer(ownerKey: key, zone.name)
          .filter { !seen.contains($0.name) && (held[$0.name] == $0.tag || $0.tag == Self.readOnlyCopyTag) }
          .map(\.name)
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
        try metadata.forgetShare(deleted.id.name, ownerKey: ownerKey, deleted.id.zoneID.name)
      } else {
        try deleteLocally(deleted.id.name, received: true, removal: .deleted)
      }
    }
    // The share says who may do what: this user's permission may have changed.
    for share in page.changed where share.isShare { try rememberShare(share, zone: share.id.zoneID) }
    // Each record's rank found once, not at each comparison.
    let ordered = page.changed.map { (rank: SyncedTable.named($0.type)?.rank ?? 99, record: $0) }
      .sorted { $0.rank < $1.rank }.map(\.record)
    let lookups = PageLookups()
    for record in ordered where try applyServerRecord(record, ownerKey: ownerKey, page: lookups) {
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
      try metadata.forgetZone(ownerKey: key, zone.name)
      if key.isEmpty {
        try metadata.sendOwnZoneAfresh(zone.name)
      } else {
        for name in try metadata.topRecords(ownerKey: key, zone.name) {
          if keepingCopy { try archive(name) } else { try deleteLocally(name, received: true) }
        }
        try metadata.forgetRecords(ownerKey: key, zone.name)
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
    try metadata.markArchived(gameID: record.rowID, owner: record.ownerName)
    for item in try metadata.subtree(of: recordName) { try metadata.forget(item.recordName) }
    report.received += 1
  }
}
