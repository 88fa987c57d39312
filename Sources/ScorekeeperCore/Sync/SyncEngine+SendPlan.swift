/// How a send cuts what is pending into batches: their size (halved
/// when the cloud says a call was too big) and a window of pending
/// records read several batches at once.
struct SendPlan {
  private(set) var batchSize: Int
  /// Pending records read ahead, in the order they go; emptied whenever
  /// what is pending may have changed otherwise than by the batches taken
  /// from it.
  var window: [SyncRecordState] = []

  init(batchSize: Int) {
    self.batchSize = batchSize
  }

  /// Whether a call too big for the cloud can be made smaller.
  var canShrink: Bool { batchSize > 1 }

  /// After a call the cloud found too big: at most `limit` (what it
  /// said), and at most half the size before, never below one.
  mutating func shrink(toAtMost limit: Int) {
    batchSize = max(1, min(limit, batchSize / 2))
    window = []
  }
}

extension SyncEngine {
  /// How many pending records one read brings, at least (ten batches'
  /// worth when that is more): each read sorts every pending record, so a
  /// backlog of up to this many (about 3 MB of them) is read once, not
  /// once every few batches (a send of 10,000 sorted 19,200 rows in three
  /// reads of ten batches each).
  static let recordsReadAhead = 10_000

  /// The next batch: at most the plan's size of pending changes but
  /// those `skipping`, all in one database (the user's own zones first,
  /// then shared ones), and no more than `assetBytesPerCall` of asset
  /// bytes past the first, with the zones they need made first when
  /// `makingZones` (that reaches the cloud); nil when nothing is pending.
  ///
  /// They come from the plan's window, pending records read in the order
  /// they go for many batches at once (each read sorts every pending
  /// record: one per batch would make a big backlog quadratic).
  func nextBatch(of plan: inout SendPlan, skipping: Set<String>, makingZones: Bool) throws -> Batch? {
    let size = plan.batchSize
    if plan.window.count < size {
      plan.window = try store.syncRead {
        try metadata.pending(limit: max(size * 10, Self.recordsReadAhead) + skipping.count)
      }.filter { !skipping.contains($0.recordName) }
    }
    guard let first = plan.window.first else { return nil }
    var batch = Batch(database: database(ownerKey: first.ownerName))
    batch.sent.reserveCapacity(min(size, plan.window.count))
    // What the batch passes over stays in the window, ahead of what it
    // did not reach: the window is not copied for each batch.
    var passedOver: [SyncRecordState] = []
    var reached = 0
    var assetBytes = 0
    try store.syncRead {
      while reached < plan.window.count && batch.sent.count < size
        && (assetBytes <= Self.assetBytesPerCall || batch.sent.isEmpty)
      {
        let record = plan.window[reached]
        reached += 1
        guard record.ownerName == first.ownerName else {
          passedOver.append(record)
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
    plan.window.replaceSubrange(0..<reached, with: passedOver)
    if makingZones { try createMissingZones(for: Array(batch.sent.values)) }
    return batch
  }

  /// The user's zones that the records about to be saved need, and that
  /// the server does not have yet. A deletion needs none: a zone the
  /// server lacks holds nothing to delete (it answers "no such zone").
  func missingZones(for batch: [SyncRecordState]) throws -> [ZoneID] {
    let needed = Set(batch.filter { $0.ownerName.isEmpty && $0.state == .pendingSave }.map(\.zoneName))
    guard !needed.isEmpty else { return [] }
    let known = try store.syncRead { try metadata.ownZonesOnServer() }
    return needed.subtracting(known).sorted().map { ZoneID(name: $0, ownerName: user) }
  }

  /// Creates the user's zones that the records about to be sent need.
  func createMissingZones(for batch: [SyncRecordState]) throws {
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
    try metadata.markZone(ownerKey: ownerKey(of: zone), zone.name, exists: exists)
  }
}
