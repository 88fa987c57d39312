extension SyncEngine {
  /// Sends every pending change, in batches of at most the cloud's item
  /// limit: saves parents first, then deletes children first. Each
  /// record's result is handled on its own (the call is not atomic), and
  /// no error drops a change.
  ///
  /// Three parts, each testable alone: planning cuts what is pending into
  /// batches (`SyncEngine+SendPlan`), this loop sends them, and recording
  /// takes each answer into the database (`SyncEngine+SendOutcome`),
  /// whose outcomes a `SendLedger` keeps. The loop ends by construction:
  /// each turn ends when nothing is pending, halves the batch size (at
  /// most down to one), or records a round, and the ledger ends the send
  /// after three rounds in a row that left the records they sent as they
  /// were (progress is measured on the data, `changedAnything`). So a bug
  /// in handling an answer ends the sync with an error, never in a spin.
  ///
  /// A live server works while this process does: each batch is sent
  /// ahead, and the next is read, written and queued while the server
  /// saves it, to go out the moment its answer arrives (nothing recorded
  /// after can change it: its records are others). When the server took
  /// only part of a batch, the next one's answer is taken before anything
  /// else reaches the cloud, and what is pending is read again.
  func sendPending() throws {
    var plan = SendPlan(batchSize: type(of: container.privateDatabase).itemLimit)
    var ledger = SendLedger()
    var ahead: Batch?
    while !ledger.isStuck {
      guard let batch = try ahead ?? nextBatch(of: &plan, skipping: ledger.refused, makingZones: true)
      else { break }
      if ahead == nil { batch.sendAhead() }
      ahead = nil
      let skipping = ledger.refused.union(batch.sent.values.map(\.recordName))
      let next = try nextBatch(of: &plan, skipping: skipping, makingZones: false)
      // (A zone still to make is a call of its own, made after this one.)
      let nextIsQueued = try next.map { try missingZones(for: Array($0.sent.values)).isEmpty } ?? false
      if nextIsQueued { next?.sendAhead() }
      let result: ModifyRecordsResult
      do {
        result = try withRetry { try batch.modify() }
      } catch CloudError.limitExceeded(_, let limit) where plan.canShrink {
        plan.shrink(toAtMost: limit)
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
        plan.window = []
        // The next batch is on its way: its answer comes before anything
        // else reaches the cloud (recording this one's refusals may).
        if let next, nextIsQueued {
          do {
            answered.append((next, try withRetry { try next.modify() }))
          } catch CloudError.limitExceeded(_, let limit) where plan.canShrink {
            plan.shrink(toAtMost: limit)
          } catch {
            nextFailed = error  // after this batch is recorded
          }
        }
      }
      for (batch, result) in answered {
        let outcome = try record(result, of: batch)
        observer.progress?(report, false)
        for zone in ledger.take(outcome) { try fetchZone(zone) }
        ledger.endRound(changedAnything: try changedAnything(batch))
      }
      if let nextFailed { throw nextFailed }
    }
    if let error = try ledger.verdict(user: user, pending: pendingCount) { throw error }
  }

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
}
