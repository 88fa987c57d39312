extension SyncEngine {
  /// A page of changes with the parents its records lack, fetched by
  /// name: those neither on this device nor in the page (nor their own
  /// parents, to the top).
  ///
  /// A zone's history brings a parent after its children: saving a child
  /// gives its parent a new change. So a first fetch of a game met each
  /// score event before its player, and parked it: its metadata and merge
  /// base written, then read back and written again as a row when the
  /// player came, pages later. That was 40 % of the work of fetching
  /// 10,000 changes (callgrind). With its parents, a record is written
  /// once; the parents, when their turn in the history comes, carry a
  /// tag this device has already (nothing to do).
  ///
  /// A parent the server does not give (gone, out of reach) is left out:
  /// its children park as before, and so does the whole page when the
  /// server refuses the call, whose only purpose is speed.
  func withMissingParents(_ received: [CloudRecord], from database: any CloudDatabase) throws
    -> [CloudRecord]
  {
    var records = received
    var asked = Set(received.map(\.id.name))
    var newest = received
    // A chain of parents is at most as long as the list of tables.
    for _ in SyncedTable.all.indices {
      let missing = try store.syncRead {
        try newest.compactMap(\.parent).filter { parent in
          guard asked.insert(parent.name).inserted else { return false }
          return try isMissingHere(parent.name)
        }
      }
      guard !missing.isEmpty else { break }
      newest = []
      for start in stride(from: 0, to: missing.count, by: type(of: database).itemLimit) {
        let batch = Array(missing[start..<min(start + type(of: database).itemLimit, missing.count)])
        let found: [RecordID: Result<CloudRecord, CloudError>]
        do {
          found = try withRetry { try database.records(for: batch) }
        } catch is CloudError {
          return records
        }
        newest += batch.compactMap { try? found[$0]?.get() }
      }
      records += newest
    }
    return records
  }

  /// Whether a record is one this device has no row for and has not
  /// deleted: never seen, or parked waiting for its own parent.
  private func isMissingHere(_ recordName: String) throws -> Bool {
    if let known = try metadata.record(recordName) { return known.state == .parked }
    return try !metadata.isBuried(recordName)
  }
}
