extension SyncEngine {
  /// Whether handling a batch's answer changed any of its records (its
  /// state, change count or tag, or forgot it). Progress is measured on
  /// what is pending, not on what a handler believes it did: a round that
  /// leaves the same records pending as they were made none, and three in
  /// a row end the sync with an error instead of spinning. It costs one
  /// read per record sent.
  func changedAnything(_ batch: Batch) throws -> Bool {
    try store.syncRead {
      try batch.sent.values.contains { try metadata.record($0.recordName) != $0 }
    }
  }

  /// Records what the server did with a batch: what it took, in one
  /// transaction (one commit per batch, not per record); then each
  /// refusal on its own.
  func record(_ result: ModifyRecordsResult, of batch: Batch) throws -> BatchOutcome {
    var outcome = BatchOutcome()
    try store.syncWrite {
      var saves: [(copy: CloudRecord, sent: SyncRecordState)] = []
      for (id, saved) in result.saveResults {
        guard let record = batch.sent[id], case .success(let copy) = saved else { continue }
        saves.append((copy, record))
      }
      let recorded = try metadata.recordSent(saves.map { ($0.sent, $0.copy) })
      for save in saves {
        report.sent += 1
        if !recorded.contains(save.sent.recordName) {
          try deletedWhileSending(save.sent, serverTag: save.copy.changeTag)
        }
      }
      for (id, deleted) in result.deleteResults {
        guard let record = batch.sent[id], case .success = deleted else { continue }
        report.sent += 1
        try recordDeleted(record)
      }
    }
    // In order of their names, so that a run is the same each time; only
    // the failures are sorted (a batch of 400 successes sorted cost a
    // tenth of recording them).
    for (id, error) in Self.failures(result.saveResults) {
      guard let record = batch.sent[id] else { continue }
      try handleSaveFailure(error, of: record, id: id, in: batch.database, outcome: &outcome)
    }
    for (id, error) in Self.failures(result.deleteResults) {
      guard let record = batch.sent[id] else { continue }
      try handleDeleteFailure(error, of: record, id: id, in: batch.database, outcome: &outcome)
    }
    return outcome
  }

  private static func failures<Success>(_ results: [RecordID: Result<Success, CloudError>])
    -> [(RecordID, CloudError)]
  {
    results.compactMap { id, result in
      if case .failure(let error) = result { (id, error) } else { nil }
    }.sorted { $0.0 < $1.0 }
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
      try metadata.upsert(current, base: [:])
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
      outcome.refused[sent.recordName] = BatchOutcome.Refusal(
        zone: id.zoneID, message: "\(sent.recordName): \(error)")
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
      outcome.refused[sent.recordName] = BatchOutcome.Refusal(
        zone: id.zoneID, message: "\(sent.recordName): \(error)")
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
      outcome.refused[child.recordName] = BatchOutcome.Refusal(
        zone: parentID.zoneID,
        message: "\(child.recordName): the server refused its parent \(parentName), which it has")
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
}
