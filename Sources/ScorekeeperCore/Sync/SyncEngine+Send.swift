extension SyncEngine {
  /// Sends every pending change, in batches of at most the cloud's item
  /// limit: saves parents first, then deletes children first. Each
  /// record's result is handled on its own (the call is not atomic), and
  /// no error drops a change: the loop ends when nothing is pending, or
  /// when a round makes no progress (a change the server keeps refusing
  /// as malformed stays pending and is reported).
  func sendPending() throws {
    var batchSize = type(of: container.privateDatabase).itemLimit
    var refusedAsMalformed: [String: String] = [:]
    var roundsWithoutProgress = 0
    while true {
      // Only a batch's worth is read each round: a big backlog stays linear.
      let pending = try store.syncRead {
        try metadata.pending(limit: batchSize + refusedAsMalformed.count)
      }.filter { refusedAsMalformed[$0.recordName] == nil }
      guard let first = pending.first else { break }
      // One database per call: the user's own zones first, then shared ones.
      let batch = Array(pending.filter { $0.ownerName == first.ownerName }.prefix(batchSize))
      try createMissingZones(for: batch)
      let outcome: BatchOutcome
      do {
        outcome = try sendBatch(batch, to: database(ownerKey: first.ownerName))
      } catch CloudError.limitExceeded(_, let limit) where batchSize > 1 {
        batchSize = max(1, min(limit, batchSize / 2))
        continue
      }
      refusedAsMalformed.merge(outcome.malformed) { first, _ in first }
      for zone in outcome.zonesToFetch { try fetchZone(zone) }
      roundsWithoutProgress = outcome.madeProgress ? 0 : roundsWithoutProgress + 1
      if roundsWithoutProgress >= 3 { break }
    }
    if let lastError = refusedAsMalformed.values.sorted().first {
      throw SyncError.notConverging(pending: try pendingCount(), lastError: lastError)
    }
  }

  struct BatchOutcome {
    var madeProgress = false
    var zonesToFetch: Set<ZoneID> = []
    var malformed: [String: String] = [:]
  }

  private func sendBatch(_ batch: [SyncRecordState], to database: any CloudDatabase) throws
    -> BatchOutcome
  {
    var saves: [CloudRecord] = []
    var deletes: [RecordID] = []
    var sent: [RecordID: SyncRecordState] = [:]
    try store.syncRead {
      for record in batch {
        let id = RecordID(name: record.recordName, zoneID: record.zoneID(user: user))
        sent[id] = record
        if record.state == .pendingDelete {
          deletes.append(id)
        } else if let row = try metadata.row(of: record) {
          saves.append(row.record(in: id.zoneID, changeTag: record.serverChangeTag))
        }
      }
    }
    let result = try withRetry {
      try database.modifyRecords(
        saving: saves, deleting: deletes, savePolicy: .ifServerRecordUnchanged, atomically: false)
    }
    var outcome = BatchOutcome()
    for (id, saved) in result.saveResults.sorted(by: { $0.key < $1.key }) {
      guard let record = sent[id] else { continue }
      try handleSave(saved, of: record, id: id, in: database, outcome: &outcome)
    }
    for (id, deleted) in result.deleteResults.sorted(by: { $0.key < $1.key }) {
      guard let record = sent[id] else { continue }
      try handleDelete(deleted, of: record, id: id, in: database, outcome: &outcome)
    }
    return outcome
  }

  private func handleSave(
    _ result: Result<CloudRecord, CloudError>, of sent: SyncRecordState, id: RecordID,
    in database: any CloudDatabase, outcome: inout BatchOutcome
  ) throws {
    switch result {
    case .success(let saved):
      report.sent += 1
      outcome.madeProgress = true
      try store.syncWrite {
        guard var current = try metadata.record(sent.recordName) else { return }
        // A change made while the call was out is newer than what was
        // sent: it stays pending, now against the server's new copy.
        if current.changeCount == sent.changeCount { current.state = .synced }
        current.serverChangeTag = saved.changeTag
        try metadata.upsert(current)
        try metadata.setBase(of: current.recordName, to: saved.fields)
      }
    case .failure(.serverRecordChanged(let server, _)):
      report.merged += 1
      outcome.madeProgress = true
      try applying { _ = try applyServerRecord(server, ownerKey: sent.ownerName) }
    case .failure(.unknownItem):
      // Saved with a tag, yet the server has no such record: another
      // device deleted it. Deletion wins.
      outcome.madeProgress = true
      try applying { try deleteLocally(sent.recordName) }
    case .failure(.referenceViolation):
      outcome.madeProgress = try resolveMissingParent(of: sent, in: database, outcome: &outcome)
    case .failure(.zoneNotFound(let zone)):
      outcome.madeProgress = true
      try zoneVanished(zone)
    case .failure(.permissionFailure):
      outcome.madeProgress = true
      report.refused += 1
      try restoreServerCopy(of: id, in: database, ownerKey: sent.ownerName)
    case .failure(.serverRejectedRequest) where sent.serverChangeTag == nil:
      // A new record the server already has: an earlier send whose answer
      // was lost, or another process on this database sending the same
      // change. Its copy is taken (and merged) like any other.
      outcome.madeProgress = true
      switch try withRetry({ try database.records(for: [id]) })[id] {
      case .success(let server)?:
        try applying { _ = try applyServerRecord(server, ownerKey: sent.ownerName) }
      default:
        break  // gone again since: the next round sends it afresh
      }
    case .failure(.batchRequestFailed):
      break  // fine by itself; sent again next round
    case .failure(let error):
      outcome.malformed[sent.recordName] = "\(sent.recordName): \(error)"
    }
  }

  private func handleDelete(
    _ result: Result<Void, CloudError>, of sent: SyncRecordState, id: RecordID,
    in database: any CloudDatabase, outcome: inout BatchOutcome
  ) throws {
    switch result {
    case .success, .failure(.zoneNotFound), .failure(.unknownItem):
      // Gone from the server, one way or another.
      report.sent += 1
      outcome.madeProgress = true
      try store.syncWrite {
        guard var current = try metadata.record(sent.recordName) else { return }
        if current.state == .pendingDelete {
          try metadata.forget(current.recordName)
        } else {
          // Inserted again with the same id while the delete was out: it
          // is a new record now.
          current.serverChangeTag = nil
          try metadata.upsert(current)
          try metadata.setBase(of: current.recordName, to: [:])
        }
      }
    case .failure(.referenceViolation):
      // The server has children this device never saw (added elsewhere
      // since it last fetched): fetch them, so they are deleted too.
      outcome.madeProgress = true
      outcome.zonesToFetch.insert(id.zoneID)
    case .failure(.permissionFailure):
      outcome.madeProgress = true
      report.refused += 1
      try restoreServerCopy(of: id, in: database, ownerKey: sent.ownerName)
    case .failure(.batchRequestFailed):
      break
    case .failure(let error):
      outcome.malformed[sent.recordName] = "\(sent.recordName): \(error)"
    }
  }

  /// A child was refused because its parent is not on the server. If the
  /// parent never got there, it is still pending and goes first next
  /// round. If it did, it was deleted since: that deletion wins, here too.
  /// The parent is fetched to tell which, rather than trusting the tag.
  private func resolveMissingParent(
    of child: SyncRecordState, in database: any CloudDatabase, outcome: inout BatchOutcome
  ) throws -> Bool {
    guard let parentName = child.parentRecordName,
      let parent = try store.syncRead({ try metadata.record(parentName) }), parent.serverChangeTag != nil
    else { return false }
    let parentID = RecordID(name: parentName, zoneID: child.zoneID(user: user))
    switch try withRetry({ try database.records(for: [parentID]) })[parentID] {
    case .failure(.unknownItem)?:
      try applying { try deleteLocally(parentName) }
      return true
    default:
      outcome.malformed[child.recordName] =
        "\(child.recordName): the server refused its parent \(parentName), which it has"
      return false
    }
  }

  /// The server refused a change for lack of permission: its copy wins.
  private func restoreServerCopy(of id: RecordID, in database: any CloudDatabase, ownerKey: String)
    throws
  {
    switch try withRetry({ try database.records(for: [id]) })[id] {
    case .success(let server)?:
      try applying {
        _ = try applyServerRecord(server, ownerKey: ownerKey, overwritingLocalChanges: true)
      }
    default:
      // Never on the server (a row this user may not add): it goes.
      try applying { try deleteLocally(id.name, refused: true) }
    }
  }

  /// Creates the user's zones that the records about to be sent need.
  private func createMissingZones(for batch: [SyncRecordState]) throws {
    let needed = Set(batch.filter { $0.ownerName.isEmpty }.map(\.zoneName))
    let known = try store.syncRead {
      try store.database.fetchAll(
        "\(SyncTracking.marker) SELECT zoneName FROM syncZones WHERE ownerName = '' AND existsOnServer"
      ) { try $0.text(0) }
    }
    let missing = needed.subtracting(known).sorted().map { ZoneID(name: $0, ownerName: user) }
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
