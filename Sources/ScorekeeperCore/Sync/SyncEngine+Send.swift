extension SyncEngine {
  /// Sends every pending change, in batches of at most the cloud's item
  /// limit: saves parents first, then deletes children first. Each
  /// record's result is handled on its own (the call is not atomic), and
  /// no error drops a change: the loop ends when nothing is pending, or
  /// after three rounds in a row that left the records they sent as they
  /// were (`changedAnything`; a change the server keeps refusing as
  /// malformed stays pending and is reported). So a bug in handling an
  /// answer ends the sync with an error, never in a spin.
  ///
  /// A live server works while this process does: each batch is sent
  /// ahead, and the next is read, written and queued while the server
  /// saves it, to go out the moment its answer arrives (nothing recorded
  /// after can change it: its records are others). When the server took
  /// only part of a batch, the next one's answer is taken before anything
  /// else reaches the cloud, and what is pending is read again.
  func sendPending() throws {
    var batchSize = type(of: container.privateDatabase).itemLimit
    var refusedAsMalformed: [String: String] = [:]
    // Records refused for want of room, by name: their zones' owners.
    var refusedForQuota: [String: String] = [:]
    var refusedNames: Set<String> { Set(refusedAsMalformed.keys).union(refusedForQuota.keys) }
    var refetchedZones: Set<ZoneID> = []
    var roundsWithoutProgress = 0
    var ahead: Batch?
    var window: [SyncRecordState] = []
    while true {
      guard
        let batch = try ahead
          ?? nextBatch(
            size: batchSize, skipping: refusedNames, from: &window, makingZones: true)
      else { break }
      if ahead == nil { batch.sendAhead() }
      ahead = nil
      let skipping = refusedNames.union(batch.sent.values.map(\.recordName))
      let next = try nextBatch(size: batchSize, skipping: skipping, from: &window, makingZones: false)
      // (A zone still to make is a call of its own, made after this one.)
      let nextIsQueued = try next.map { try missingZones(for: Array($0.sent.values)).isEmpty } ?? false
      if nextIsQueued { next?.sendAhead() }
      let result: ModifyRecordsResult
      do {
        result = try withRetry { try batch.modify() }
      } catch CloudError.limitExceeded(_, let limit) where batchSize > 1 {
        batchSize = max(1, min(limit, batchSize / 2))
        window = []
        continue
      }
      var answered = [(batch, result)]
      var nextFailed: (any Error)?
      if let next, result.tookEverything {
        try createMissingZones(for: Array(next.sent.values))
        next.sendAhead()
        ahead = next
      } else {
        // What is pending may have changed here: read it again.
        window = []
        // The next batch is on its way: its answer comes before anything
        // else reaches the cloud (recording this one's refusals may).
        if let next, nextIsQueued {
          do {
            answered.append((next, try withRetry { try next.modify() }))
          } catch CloudError.limitExceeded(_, let limit) where batchSize > 1 {
            batchSize = max(1, min(limit, batchSize / 2))
          } catch {
            nextFailed = error  // after this batch is recorded
          }
        }
      }
      for (batch, result) in answered {
        let outcome = try record(result, of: batch)
        observer.progress?(report, false)
        // A refusal may only mean this device's view is stale (it names a
        // share the owner's other device stopped, say): the zone is
        // fetched and the change sent again once; refused again, it is
        // malformed.
        var zonesToFetch = outcome.zonesToFetch
        for (name, refusal) in outcome.refused {
          if refetchedZones.contains(refusal.zone) {
            refusedAsMalformed[name] = refusal.message
          } else {
            zonesToFetch.insert(refusal.zone)
          }
        }
        refetchedZones.formUnion(outcome.refused.values.map(\.zone))
        refusedForQuota.merge(outcome.overQuota) { _, owner in owner }
        for zone in zonesToFetch.sorted(by: { $0.name < $1.name }) { try fetchZone(zone) }
        roundsWithoutProgress = try changedAnything(batch) ? 0 : roundsWithoutProgress + 1
      }
      if let nextFailed { throw nextFailed }
      if roundsWithoutProgress >= 3 { break }
    }
    if let lastError = refusedAsMalformed.values.sorted().first {
      throw SyncError.notConverging(pending: try pendingCount(), lastError: lastError)
    }
    if !refusedForQuota.isEmpty {
      throw SyncError.overQuota(
        owners: Set(refusedForQuota.values).sorted(), user: user, refused: refusedForQuota.count)
    }
    if roundsWithoutProgress >= 3 {
      throw SyncError.notConverging(
        pending: try pendingCount(), lastError: "three rounds in a row left every change as it was")
    }
  }

  /// How many batches' worth of pending records one read brings.
  static let batchesReadAhead = 10

  /// One call's worth of changes, as the cloud takes them.
  struct Batch {
    let database: any CloudDatabase
    var saves: [CloudRecord] = []
    var deletes: [RecordID] = []
    /// What each record's metadata was when the batch was made.
    var sent: [RecordID: SyncRecordState] = [:]

    /// Says this batch is the database's next modify call (see
    /// `CloudDatabase.willModifyRecords`).
    func sendAhead() {
      database.willModifyRecords(
        saving: saves, deleting: deletes, savePolicy: .ifServerRecordUnchanged, atomically: false)
    }

    func modify() throws -> ModifyRecordsResult {
      try database.modifyRecords(
        saving: saves, deleting: deletes, savePolicy: .ifServerRecordUnchanged, atomically: false)
    }
  }

  struct BatchOutcome {
    var zonesToFetch: Set<ZoneID> = []
    /// Records the server refused as malformed: what it said, and where.
    var refused: [String: (zone: ZoneID, message: String)] = [:]
    /// Records refused for want of room: their zones' owners.
    var overQuota: [String: String] = [:]
  }

  /// The next `size` pending changes but those `skipping`, all in one
  /// database (the user's own zones first, then shared ones), and no more
  /// than `assetBytesPerCall` of asset bytes past the first, with the
  /// zones they need made first when `makingZones` (that reaches the
  /// cloud); nil when nothing is pending.
  ///
  /// They come from `window`, pending records read in the order they go
  /// for several batches at once (each read sorts every pending record:
  /// one per batch would make a big backlog quadratic). The caller empties
  /// it whenever what is pending may have changed otherwise than by the
  /// batches taken from it.
  private func nextBatch(
    size: Int, skipping: Set<String>, from window: inout [SyncRecordState], makingZones: Bool
  ) throws -> Batch? {
    if window.count < size {
      window = try store.syncRead {
        try metadata.pending(limit: size * Self.batchesReadAhead + skipping.count)
      }.filter { !skipping.contains($0.recordName) }
    }
    guard let first = window.first else { return nil }
    var batch = Batch(database: database(ownerKey: first.ownerName))
    var rest: [SyncRecordState] = []
    var assetBytes = 0
    try store.syncRead {
      for record in window {
        guard
          batch.sent.count < size && record.ownerName == first.ownerName
            && (assetBytes <= Self.assetBytesPerCall || batch.sent.isEmpty)
        else {
          rest.append(record)
          continue
        }
        let id = RecordID(name: record.recordName, zoneID: record.zoneID(user: user))
        batch.sent[id] = record
        if record.state == .pendingDelete {
          batch.deletes.append(id)
        } else if let row = try metadata.row(of: record) {
          var saved = try withoutUnchangedAsset(
            row.record(in: id.zoneID, changeTag: record.serverChangeTag), table: record.table)
          // A shared game's record keeps pointing at its share: without
          // it, the save would stop the sharing.
          if record.table == .games, let share = try metadata.shareRecordName(of: record) {
            saved.shareID = RecordID(name: share, zoneID: id.zoneID)
          }
          for case .asset(let asset) in saved.fields.values { assetBytes += asset.bytes?.count ?? 0 }
          batch.saves.append(saved)
        }
      }
    }
    window = rest
    if makingZones { try createMissingZones(for: Array(batch.sent.values)) }
    return batch
  }

  /// Whether handling a batch's answer changed any of its records (its
  /// state, change count or tag, or forgot it). Progress is measured on
  /// what is pending, not on what a handler believes it did: a round that
  /// leaves the same records pending as they were made none, and three in
  /// a row end the sync with an error instead of spinning. It costs one
  /// read per record sent.
  private func changedAnything(_ batch: Batch) throws -> Bool {
    try store.syncRead {
      try batch.sent.values.contains { try metadata.record($0.recordName) != $0 }
    }
  }

  /// Records what the server did with a batch: what it took, in one
  /// transaction (one commit per batch, not per record); then each
  /// refusal on its own.
  private func record(_ result: ModifyRecordsResult, of batch: Batch) throws -> BatchOutcome {
    var outcome = BatchOutcome()
    try store.syncWrite {
      for (id, saved) in result.saveResults {
        guard let record = batch.sent[id], case .success(let copy) = saved else { continue }
        try recordSaved(copy, sent: record)
      }
      for (id, deleted) in result.deleteResults {
        guard let record = batch.sent[id], case .success = deleted else { continue }
        report.sent += 1
        try recordDeleted(record)
      }
    }
    for (id, saved) in result.saveResults.sorted(by: { $0.key < $1.key }) {
      guard let record = batch.sent[id], case .failure(let error) = saved else { continue }
      try handleSaveFailure(error, of: record, id: id, in: batch.database, outcome: &outcome)
    }
    for (id, deleted) in result.deleteResults.sorted(by: { $0.key < $1.key }) {
      guard let record = batch.sent[id], case .failure(let error) = deleted else { continue }
      try handleDeleteFailure(error, of: record, id: id, in: batch.database, outcome: &outcome)
    }
    return outcome
  }

  /// The server saved the record: it is synced, unless the row changed
  /// while the call was out (then that newer change stays pending, now
  /// against the server's new copy).
  private func recordSaved(_ saved: CloudRecord, sent: SyncRecordState) throws {
    report.sent += 1
    guard try metadata.recordSent(sent, serverTag: saved.changeTag) else {
      try deletedWhileSending(sent, serverTag: saved.changeTag)
      return
    }
    try metadata.setBase(of: sent.recordName, to: saved.fields)
  }

  /// A new row whose record is gone here while its first save was out,
  /// though the server has it now: it is deleted there too, or every
  /// device (this one included, on its next fetch) would get it back.
  /// Since schema v11 the triggers never forget a deleted row's record
  /// (they mark it pending delete), so this only guards a database whose
  /// metadata lost the record some other way.
  private func deletedWhileSending(_ sent: SyncRecordState, serverTag: String?) throws {
    guard try !metadata.rowExists(table: sent.table, id: sent.rowID) else { return }
    var deleted = sent
    deleted.serverChangeTag = serverTag
    deleted.state = .pendingDelete
    deleted.changeCount += 1
    try metadata.upsert(deleted)
  }

  /// The server deleted the record: forgotten here, unless the row was
  /// inserted again with the same id meanwhile (then it is a new record).
  /// One the server never gave this device is buried: a copy of the
  /// database made before the deletion may send it still.
  private func recordDeleted(_ sent: SyncRecordState) throws {
    guard var current = try metadata.record(sent.recordName) else { return }
    if current.state == .pendingDelete {
      try metadata.forget(current.recordName)
      if current.serverChangeTag == nil && current.table.idsAreMadeOnce {
        try metadata.bury(current.recordName)
      }
    } else {
      current.serverChangeTag = nil
      try metadata.upsert(current)
      try metadata.setBase(of: current.recordName, to: [:])
    }
  }

  private func handleSaveFailure(
    _ error: CloudError, of sent: SyncRecordState, id: RecordID, in database: any CloudDatabase,
    outcome: inout BatchOutcome
  ) throws {
    switch error {
    case .serverRecordChanged(let server, _):
      report.merged += 1
      // (None when it changed again since: the next round meets that.)
      for server in try withAssetContents([server], from: database) {
        try applying { _ = try applyServerRecord(server, ownerKey: sent.ownerName) }
      }
    case .unknownItem:
      // Saved with a tag, yet the server has no such record: another
      // device deleted it. Deletion wins, as if it had been fetched.
      try applying { try deleteLocally(sent.recordName, received: true, removal: .deleted) }
    case .referenceViolation:
      try resolveMissingParent(of: sent, in: database, outcome: &outcome)
    case .zoneNotFound(let zone):
      try zoneVanished(zone)
    case .permissionFailure:
      report.refused += 1
      try restoreServerCopy(of: id, in: database, ownerKey: sent.ownerName)
    case .serverRejectedRequest where sent.serverChangeTag == nil:
      // A new record the server already has: an earlier send whose answer
      // was lost, another process on this database sending the same
      // change, or another device giving the same player a photo (a photo
      // record is named after its player). Its copy is taken (and merged)
      // like any other, and counted as a merge when it differs.
      switch try withRetry({ try database.records(for: [id]) })[id] {
      case .success(let fetched)?:
        guard let server = try withAssetContents([fetched], from: database).first else { break }
        try applying {
          if try metadata.record(sent.recordName) == nil {
            try deletedWhileSending(sent, serverTag: server.changeTag)
          } else {
            if try metadata.row(of: sent)?.recordFields != server.fields { report.merged += 1 }
            _ = try applyServerRecord(server, ownerKey: sent.ownerName)
          }
        }
      default:
        break  // gone again since: the next round sends it afresh
      }
    case .batchRequestFailed:
      break  // fine by itself; sent again next round
    case .quotaExceeded:
      // Kept, and not sent again this sync: only freeing space (or a
      // larger quota) makes room.
      outcome.overQuota[sent.recordName] = id.zoneID.ownerName
    default:
      outcome.refused[sent.recordName] = (id.zoneID, "\(sent.recordName): \(error)")
    }
  }

  private func handleDeleteFailure(
    _ error: CloudError, of sent: SyncRecordState, id: RecordID, in database: any CloudDatabase,
    outcome: inout BatchOutcome
  ) throws {
    switch error {
    case .zoneNotFound, .unknownItem:
      // Gone from the server already, one way or another.
      try store.syncWrite { try recordDeleted(sent) }
    case .referenceViolation:
      // The server has children this device never saw (added elsewhere
      // since it last fetched): fetch them, so they are deleted too.
      outcome.zonesToFetch.insert(id.zoneID)
    case .permissionFailure:
      report.refused += 1
      try restoreServerCopy(of: id, in: database, ownerKey: sent.ownerName)
    case .batchRequestFailed:
      break
    default:
      outcome.refused[sent.recordName] = (id.zoneID, "\(sent.recordName): \(error)")
    }
  }

  /// A child was refused because its parent is not on the server. If the
  /// parent never got there, it is still pending and goes first next
  /// round. If it did, it was deleted since: that deletion wins, here too.
  /// The parent is fetched to tell which, rather than trusting the tag.
  private func resolveMissingParent(
    of child: SyncRecordState, in database: any CloudDatabase, outcome: inout BatchOutcome
  ) throws {
    guard let parentName = child.parentRecordName,
      let parent = try store.syncRead({ try metadata.record(parentName) }), parent.serverChangeTag != nil
    else { return }
    let parentID = RecordID(name: parentName, zoneID: child.zoneID(user: user))
    switch try withRetry({ try database.records(for: [parentID]) })[parentID] {
    case .failure(.unknownItem)?:
      try applying { try deleteLocally(parentName, received: true, removal: .deleted) }
    default:
      outcome.refused[child.recordName] = (
        parentID.zoneID, "\(child.recordName): the server refused its parent \(parentName), which it has"
      )
    }
  }

  /// The server refused a change for lack of permission: its copy wins.
  private func restoreServerCopy(of id: RecordID, in database: any CloudDatabase, ownerKey: String)
    throws
  {
    switch try withRetry({ try database.records(for: [id]) })[id] {
    case .success(let fetched)?:
      guard let server = try withAssetContents([fetched], from: database).first else { break }
      try applying {
        _ = try applyServerRecord(server, ownerKey: ownerKey, overwritingLocalChanges: true)
      }
    default:
      // Never on the server (a row this user may not add): it goes.
      try applying { try deleteLocally(id.name, refused: true) }
    }
  }

  /// The user's zones that the records about to be saved need, and that
  /// the server does not have yet. A deletion needs none: a zone the
  /// server lacks holds nothing to delete (it answers "no such zone").
  private func missingZones(for batch: [SyncRecordState]) throws -> [ZoneID] {
    let needed = Set(batch.filter { $0.ownerName.isEmpty && $0.state == .pendingSave }.map(\.zoneName))
    guard !needed.isEmpty else { return [] }
    let known = try store.syncRead {
      try store.database.fetchAll(
        "\(SyncTracking.marker) SELECT zoneName FROM syncZones WHERE ownerName = '' AND existsOnServer"
      ) { try $0.text(0) }
    }
    return needed.subtracting(known).sorted().map { ZoneID(name: $0, ownerName: user) }
  }

  /// Creates the user's zones that the records about to be sent need.
  private func createMissingZones(for batch: [SyncRecordState]) throws {
    let missing = try missingZones(for: batch)
    guard !missing.isEmpty else { return }
    let result = try withRetry { try container.privateDatabase.modifyRecordZones(saving: missing) }
    try store.syncWrite {
      for (zone, created) in result.saveResults {
        if case .failure(let error) = created { throw error }
        try markZone(zone, exists: true)
      }
    }
  }

  func markZone(_ zone: ZoneID, exists: Bool) throws {
    try store.database.execute(
      """
      \(SyncTracking.marker) INSERT INTO syncZones (ownerName, zoneName, existsOnServer) VALUES (?1, ?2, ?3)
      ON CONFLICT (ownerName, zoneName) DO UPDATE SET existsOnServer = excluded.existsOnServer
      """, [.text(ownerKey(of: zone)), .text(zone.name), .integer(exists ? 1 : 0)])
  }
}
