extension FileCloud {
  func modifyRecords(
    saving records: [CloudRecord], deleting ids: [RecordID], savePolicy: SavePolicy,
    atomically: Bool, as userName: String, in scope: DatabaseScope, settling: Bool = true
  ) throws -> ModifyRecordsResult {
    try perform(.modifyRecords, as: userName, writes: true, settling: settling) { store in
      // NB: At most 400 saves plus deletes per call; more fails the whole call.
      let count = records.count + ids.count
      guard count <= Self.itemLimit else {
        throw CloudRefusal.tooManyItems(count).error
      }
      var named = Set<RecordID>(minimumCapacity: count)
      for id in records.map(\.id) + ids where !named.insert(id).inserted {
        throw CloudRefusal.duplicate(id).error
      }
      let modification = RecordModification(
        store: store, userName: userName, scope: scope, savePolicy: savePolicy, saving: records,
        deleting: ids)
      var result = ModifyRecordsResult()
      for zone in Set(records.map(\.id.zoneID) + ids.map(\.zoneID)).sorted() {
        // Only an atomic call may undo a zone. A savepoint keeps the first
        // copy of every page the zone's saves change, to undo them: the
        // statement journal past its spill size is a file, and a call
        // that would never use it wrote a copy per page to it.
        if atomically { try store.db.execute("SAVEPOINT zone") }
        var zoneResult = try modification.apply(in: zone)
        // NB: Atomic calls are all-or-nothing per zone: one failure turns
        // the zone's other results into "batch request failed" and rolls
        // the zone back. Other zones keep their results.
        if atomically && zoneResult.hasFailure {
          zoneResult.failSuccesses()
          try store.db.execute("ROLLBACK TO zone")
        }
        if atomically { try store.db.execute("RELEASE zone") }
        result.saveResults.merge(zoneResult.saveResults) { $1 }
        result.deleteResults.merge(zoneResult.deleteResults) { $1 }
      }
      return result
    }
  }
}

extension ModifyRecordsResult {
  var hasFailure: Bool {
    saveResults.values.contains { if case .failure = $0 { true } else { false } }
      || deleteResults.values.contains { if case .failure = $0 { true } else { false } }
  }

  mutating func failSuccesses() {
    for (id, result) in saveResults {
      if case .success = result { saveResults[id] = .failure(.batchRequestFailed(id)) }
    }
    for (id, result) in deleteResults {
      if case .success = result { deleteResults[id] = .failure(.batchRequestFailed(id)) }
    }
  }
}
