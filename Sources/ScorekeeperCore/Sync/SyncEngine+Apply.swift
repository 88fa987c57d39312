extension SyncEngine {
  /// Applies a server copy of a record here (the caller silences tracking):
  /// - a row deleted here and not yet sent stays deleted (deletion wins),
  ///   and so does one deleted here before the server had it (buried), a
  ///   copy of the database having sent it since;
  /// - a row whose parent is not here yet is parked until it arrives, or,
  ///   if the parent was deleted here, marked for deletion on the server;
  /// - a row with unsent changes is merged field by field and stays
  ///   pending if the merge differs from the server's copy;
  /// - anything else takes the server's copy.
  ///
  /// `overwritingLocalChanges`: the server refused this device's change
  /// (permission), so its copy replaces the local one whatever it holds.
  ///
  /// Returns false when there was nothing to apply: this device already
  /// has that copy (most often its own save, coming back in a fetch), or
  /// it was kept out (`SyncReport.keptOut`).
  ///
  /// `page`: what the page's records looked up already.
  @discardableResult
  func applyServerRecord(
    _ server: CloudRecord, ownerKey: String, overwritingLocalChanges: Bool = false,
    page: PageLookups? = nil
  ) throws -> Bool {
    guard let row = SyncedRow(record: server) else { return false }  // not a scorekeeper record
    if row.table.parentTable == nil {
      try followShare(of: server)
      try adoptArchivedRows(of: row.id, zoneName: server.id.zoneID.name, ownerKey: ownerKey)
    }
    let existing = try metadata.record(row.recordName)
    if existing == nil, try isBuried(row.recordName, page: page) {
      // Deleted here before the server had it; a copy of this database
      // sent it since. The deletion wins: it goes to the server again.
      try metadata.upsert(
        SyncRecordState(
          recordName: row.recordName, table: row.table, rowID: row.id, zoneName: server.id.zoneID.name,
          ownerName: ownerKey, parentRecordName: server.parent?.name, serverChangeTag: server.changeTag,
          state: .pendingDelete, changeCount: 1))
      fetchMadeDeletions = true
      return false
    }
    if let existing, !overwritingLocalChanges, existing.state != .parked {
      if existing.serverChangeTag == server.changeTag { return false }
      // Same fields, new tag: a child was saved under it. Only the tag moves.
      if try metadata.baseFields(of: existing.recordName) == server.fields {
        var moved = existing
        moved.serverChangeTag = server.changeTag
        try metadata.upsert(moved)
        return false
      }
    }
    var state =
      existing
      ?? SyncRecordState(
        recordName: row.recordName, table: row.table, rowID: row.id, zoneName: server.id.zoneID.name,
        ownerName: ownerKey, parentRecordName: server.parent?.name, serverChangeTag: nil,
        state: .synced, changeCount: 0)
    state.serverChangeTag = server.changeTag
    // Metadata first when the field times written with the row will
    // reference it (a new record of a table whose fields merge).
    var isStored = existing != nil
    if !isStored && !row.table.mergedFields.isEmpty {
      try metadata.insert(state)
      isStored = true
    }
    var applied = true
    do {
      state.state = try place(
        row, existing: existing, overwritingLocalChanges: overwritingLocalChanges, page: page)
    } catch let unusable as UnusableRecord {
      // Kept out, and said so. It waits, parked, for a good copy; a local
      // change of its row still goes, and replaces it on the server (its
      // tag is the one kept).
      report.keptOut.append(KeptOutRecord(table: row.table.name, owner: ownerKey, problem: unusable.problem))
      state.state = existing?.state == .pendingSave ? .pendingSave : .parked
      applied = false
    }
    // The server's copy becomes the merge base, whatever happened to the row.
    try isStored ? metadata.upsert(state, base: server.fields) : metadata.insert(state, base: server.fields)
    if state.state == .pendingDelete && existing?.state != .pendingDelete { fetchMadeDeletions = true }
    return applied
  }

  /// A root's server copy says whether its zone is shared, and by which
  /// share: a device that missed the share being made or stopped (on
  /// another device of the owner) learns it from any copy of the root, so
  /// its next save of the root neither drops the share nor names a
  /// deleted one.
  private func followShare(of root: CloudRecord) throws {
    let zone = root.id.zoneID
    try markZone(zone, exists: true)
    try metadata.followShare(root.shareID?.name, ownerKey: ownerKey(of: zone), zone.name)
  }

  /// Writes the server's row (or its merge with local changes) and says
  /// what state its record is in now.
  private func place(
    _ row: SyncedRow, existing: SyncRecordState?, overwritingLocalChanges: Bool, page: PageLookups?
  ) throws -> SyncRecordState.State {
    if existing?.state == .pendingDelete && !overwritingLocalChanges { return .pendingDelete }
    if let parentID = row.parentID, let parentTable = row.table.parentTable.flatMap(SyncedTable.named) {
      let parentName = parentTable.recordName(of: parentID)
      let parent: PageLookups.Row
      if let known = page?.parents[parentName] {
        parent = known
      } else if try metadata.rowExists(table: parentTable, id: parentID) {
        parent = .present
      } else {
        let deleted =
          try metadata.record(parentName)?.state == .pendingDelete || isBuried(parentName, page: page)
        parent = deleted ? .deleted : .missing
      }
      page?.parents[parentName] = parent
      switch parent {
      case .present: break
      case .deleted: return .pendingDelete
      case .missing: return .parked
      }
    }
    if let existing, existing.state == .pendingSave && !overwritingLocalChanges,
      let local = try metadata.row(of: existing)
    {
      let base = try metadata.base(of: existing)?.fields ?? [:]
      var merged = row
      merged.fields = RecordMerge.merge(
        base: base, local: local.fields, server: row.fields, unitKey: row.table.unitKey)
      try metadata.write(merged)
      return merged.fields == row.fields ? .synced : .pendingSave
    }
    try metadata.write(row)
    return .synced
  }

  /// What a page's records looked up, for the rest of the page: its
  /// parents are applied before its children and nothing is deleted
  /// meanwhile, so the first child's lookup of a parent row holds for its
  /// siblings; and nothing is buried while a page is applied.
  final class PageLookups {
    enum Row { case present, missing, deleted }
    var parents: [String: Row] = [:]
    /// Whether this device keeps any buried name at all (most never do).
    var anyBuried: Bool?
  }

  /// Whether a record was deleted here before the server had it: asked of
  /// the table once a page when it is empty, not once a record (2 % of a
  /// fetch's instructions went to those lookups).
  private func isBuried(_ recordName: String, page: PageLookups?) throws -> Bool {
    if let page {
      if page.anyBuried == nil { page.anyBuried = try metadata.hasBuried() }
      if page.anyBuried == false { return false }
    }
    return try metadata.isBuried(recordName)
  }

  /// Parked records whose parent has now arrived, applied from the copy
  /// kept when they were parked; repeated with those, since a player can
  /// unpark its events. `arrived`: the records a page brought.
  ///
  /// Only the children of what arrived are looked at, never every parked
  /// record: a big fetch often brings its parents last (each save of their
  /// children gave them a new change), and looking at every parked record
  /// after each page made such a fetch quadratic.
  func unpark(childrenOf arrived: [String]) throws {
    var arrived = arrived
    guard !arrived.isEmpty, try metadata.hasParked() else { return }
    while !arrived.isEmpty {
      let ready = try metadata.parkedChildren(of: arrived)
      var placed: [SyncRecordState] = []
      for record in ready {
        guard let row = try metadata.base(of: record) else { continue }
        do {
          try metadata.write(row)
        } catch is UnusableRecord {
          continue  // kept out when it came (and said so then): it waits for a good copy
        }
        placed.append(record)
      }
      guard !placed.isEmpty else { return }  // none had a copy kept: they wait
      // One statement for the round, not one per record.
      try metadata.markSynced(placed.map(\.recordName))
      arrived = placed.filter(\.table.hasChildren).map(\.recordName)
    }
  }

  /// Deletion wins: deletes a row and everything below it here, and
  /// forgets their metadata; counts the local changes that drops.
  /// `received`: a deletion from the server (counted as received);
  /// `refused`: the server refused this row (counted as refused already).
  /// - Parameter removal: why, when it is what happened elsewhere: a game
  ///   removed so is reported (`SyncReport.removedGames`).
  func deleteLocally(
    _ recordName: String, received: Bool = false, refused: Bool = false, removal: RemovedGame.Reason? = nil
  ) throws {
    guard let record = try metadata.record(recordName) else { return }
    if let removal { try reportRemoval(of: record, removal) }
    let doomed = try metadata.deleteLocally(record)
    report.discarded += doomed.filter { $0.state == .pendingSave }.count - (refused ? 1 : 0)
    if received { report.received += 1 }
  }

  /// Notes a game leaving this device's games for `reason`, by its title.
  func reportRemoval(of record: SyncRecordState, _ reason: RemovedGame.Reason) throws {
    guard record.table == .games,
      let title = try store.database.fetchOne(
        "\(SyncTracking.marker) SELECT title FROM games WHERE id = ?1", [.text(record.rowID)],
        { try $0.text(0) })
    else { return }
    report.removedGames.append(RemovedGame(title: title, owner: record.ownerName, reason: reason))
  }
}
