/// One `modifyRecords` call, applied zone by zone: the rules for saving
/// and deleting records, each explained where it is enforced.
struct RecordModification {
  let store: ServerStore
  let userName: String
  let scope: DatabaseScope
  let savePolicy: SavePolicy
  let saving: [CloudRecord]
  let deleting: [RecordID]
  private let savingIDs: Set<RecordID>
  /// Shares some record in this call points to: their roots are here.
  private let sharesWithRootInCall: Set<RecordID>
  /// What a zone's saves have read and taken: headers (`header(_:)`),
  /// change numbers (`nextSequence()`), whether it has tombstones.
  private let zoneWork = ZoneWork()

  init(
    store: ServerStore, userName: String, scope: DatabaseScope, savePolicy: SavePolicy,
    saving: [CloudRecord], deleting: [RecordID]
  ) {
    self.store = store
    self.userName = userName
    self.scope = scope
    self.savePolicy = savePolicy
    self.saving = saving
    self.deleting = deleting
    self.savingIDs = Set(saving.map(\.id))
    self.sharesWithRootInCall = Set(saving.compactMap(\.shareID))
  }

  func apply(in zone: ZoneID) throws -> ModifyRecordsResult {
    var result = ModifyRecordsResult()
    let saves = Self.parentsFirst(saving.filter { $0.id.zoneID == zone })
    zoneWork.start(saves: saves.count)
    let deletes = deleting.filter { $0.zoneID == zone }
    guard try store.zoneIsVisible(zone, to: userName, in: scope) else {
      for record in saves { result.saveResults[record.id] = .failure(.zoneNotFound(zone)) }
      for id in deletes { result.deleteResults[id] = .failure(.zoneNotFound(zone)) }
      return result
    }
    // NB: Saving a child gives the stored parent a new change tag, as the
    // real service does (unless the parent is saved in the same call):
    // once per call, after all its children, which is what a tag bumped
    // by each of them would end as (no one reads it in between).
    var parentsToBump: [RecordID] = []
    var bumping = Set<RecordID>()
    var savedAny = false
    for record in saves {
      let saved = try save(record)
      zoneWork.savesLeft -= 1
      result.saveResults[record.id] = saved
      guard case .success = saved else { continue }
      savedAny = true
      if let parent = record.parent, !savingIDs.contains(parent), bumping.insert(parent).inserted {
        parentsToBump.append(parent)
      }
    }
    // The zone is marked changed once for everything saved (`ServerStore.write`
    // leaves it be), by the bump when there is one.
    if !parentsToBump.isEmpty {
      try store.bump(parentsToBump, in: zone)
    } else if savedAny {
      try store.touchZone(zone, at: try store.currentSequence())
    }
    // Children go before their parents, so deleting both in one call works.
    for id in try deletes.sorted(by: { try depth(of: $0) > depth(of: $1) }) {
      result.deleteResults[id] = try delete(id)
    }
    // A participant's last change, for the owner's `share --people`.
    if scope == .shared,
      savedAny || result.deleteResults.values.contains(where: { (try? $0.get()) != nil })
    {
      try store.noteChange(by: userName, in: zone)
    }
    return result
  }

  /// A record's header as its zone's saves read it: each read once,
  /// again after this call writes it. A page of score events under one
  /// player read that player's header, and its game's, for each event
  /// (the parent's check, the walk up to a share).
  private func header(_ id: RecordID) throws -> ServerStore.Header? {
    if let known = zoneWork.headers[id] { return known }
    let header = try store.header(id)
    zoneWork.headers[id] = .some(header)
    return header
  }

  /// The next change number for a save: the zone's saves take theirs
  /// from the server's sequence in one statement, when the first of them
  /// is written, as many as are left. Saved records get them in order; a
  /// save refused after that leaves its number unused (a change token is
  /// a position in the sequence: a gap in it means nothing).
  private func nextSequence() throws -> Int64 {
    if zoneWork.numbers.isEmpty {
      let last = try store.reserveSequences(zoneWork.savesLeft)
      zoneWork.numbers = (last - Int64(zoneWork.savesLeft) + 1)..<(last + 1)
    }
    return zoneWork.numbers.popFirst()!
  }

  /// Whether the zone has tombstones, which a new record may replace:
  /// asked once a zone, since deletions come after its saves. Most zones
  /// have none, and the search for a record's own was a statement a save.
  private func zoneHasTombstones(_ zone: ZoneID) throws -> Bool {
    if let known = zoneWork.hasTombstones { return known }
    let has = try store.hasTombstones(in: zone)
    zoneWork.hasTombstones = has
    return has
  }

  private final class ZoneWork {
    var headers: [RecordID: ServerStore.Header?] = [:]
    var numbers: Range<Int64> = 0..<0
    var savesLeft = 0
    var hasTombstones: Bool?

    func start(saves: Int) {
      (headers, numbers, savesLeft, hasTombstones) = ([:], 0..<0, saves, nil)
    }
  }

  // MARK: Saving

  private func save(_ record: CloudRecord) throws -> Result<CloudRecord, CloudError> {
    if let problem = Self.malformation(of: record) { return .failure(problem.error) }
    // A record without a tag is new to the client, and almost always to
    // the server: saved as new first, it is not looked for (a statement
    // a record, finding nothing). Refused or stored after all, the rules
    // below decide from the stored header, as if this never ran: the
    // refusal is theirs, and nothing was written.
    if savePolicy == .ifServerRecordUnchanged && record.changeTag == nil && !record.isShare
      && record.sharing == nil,
      case .success(let saved) = try save(record, over: nil, onlyIfNew: true)
    {
      return .success(saved)
    }
    return try save(record, over: try header(record.id), onlyIfNew: false)
  }

  /// `save`'s rules, given the stored header. `onlyIfNew`: `existing`
  /// was not read, and the record is written only if none is stored.
  private func save(_ record: CloudRecord, over existing: ServerStore.Header?, onlyIfNew: Bool) throws
    -> Result<CloudRecord, CloudError>
  {
    let id = record.id
    if let existing, existing.type != record.type {
      return .failure(CloudRefusal.typeChange(id, from: existing.type, to: record.type).error)
    }
    if savePolicy == .ifServerRecordUnchanged {
      // NB: Save-if-unchanged. The tag says which server copy the client's
      // edit started from.
      switch (existing, record.changeTag) {
      case (let existing?, let tag?) where existing.changeTag != tag:
        // Someone saved since: hand both copies back for a merge.
        return .failure(.serverRecordChanged(server: try store.record(id)!, client: record))
      case (.some, nil):
        // A new record that collides with a stored one: the client made a
        // fresh record instead of editing the server's copy.
        return .failure(CloudRefusal.recordExists(id).error)
      case (nil, .some):
        // A tag for a record the server no longer has: deleted since.
        return .failure(.unknownRecord(id))
      default:
        break  // same tag, or a brand-new record
      }
    }
    // NB: A parent must exist by the time its child is saved. Saves run
    // parents first, so a parent later in the same call counts; a parent
    // whose own save failed does not.
    if let parent = record.parent, try header(parent) == nil {
      return .failure(CloudRefusal.parentMissing(id, parent: parent.name).error)
    }
    if let shareID = record.shareID, shareID.name != existing?.shareName,
      try header(shareID) == nil && !savingIDs.contains(shareID)
    {
      return .failure(CloudRefusal.shareMissing(id, share: shareID.name).error)
    }
    if record.isShare {
      // NB: Only the owner changes a share; participants can only leave.
      if scope == .shared {
        return .failure(CloudRefusal.ownerOnlyShareChange(id).error)
      }
      // NB: A share needs its root in the same call or already stored.
      guard existing != nil || sharesWithRootInCall.contains(id) else {
        return .failure(CloudRefusal.shareNeedsRoot(id).error)
      }
    }
    if scope == .shared, let refusal = try sharedWriteRefusal(record, existing: existing) {
      return .failure(refusal)
    }
    if let refusal = try assetRefusal(record) { return .failure(refusal) }
    if case .failure(let loop) = try store.coveringShare(
      of: id, type: record.type, parentName: record.parent?.name, shareName: record.shareID?.name,
      reading: header)
    {
      return .failure(loop)
    }
    let sequence = try nextSequence()
    guard
      var saved = try store.write(
        record, at: sequence, by: userName, over: existing,
        clearingTombstone: existing == nil && zoneHasTombstones(id.zoneID), onlyIfNew: onlyIfNew)
    else {
      // Stored after all: its number is left unused (a gap means nothing).
      return .failure(CloudRefusal.recordExists(id).error)
    }
    zoneWork.headers[id] = nil
    if let sharing = record.sharing {
      let lostAccess = try store.writeSharing(sharing, of: id)
      try store.recordAccessChange(of: lostAccess, to: id.zoneID, at: sequence)
      saved.sharing = try store.sharing(of: id)
    }
    return .success(saved)
  }

  /// Why a participant may not save this record, if they may not.
  private func sharedWriteRefusal(_ record: CloudRecord, existing: ServerStore.Header?) throws
    -> CloudError?
  {
    if record.shareID?.name != existing?.shareName {
      return CloudRefusal.ownerOnlySharing(record.id).error
    }
    // NB: In a shared database every record hangs off a shared root: it
    // needs a parent or a share, or it would belong to nobody's share.
    guard record.parent != nil || record.shareID != nil else {
      return CloudRefusal.orphanInSharedDatabase(record.id).error
    }
    // NB: Writes walk up to the root's share and need read-write permission.
    return try store.writeRefusal(
      record.id, type: record.type, parentName: record.parent?.name, shareName: record.shareID?.name,
      by: userName, creating: existing == nil ? record : nil)
  }

  /// Why the record's assets cannot be stored, if they cannot.
  private func assetRefusal(_ record: CloudRecord) throws -> CloudError? {
    var added = 0
    for (field, value) in record.fields.sorted(by: { $0.key < $1.key }) {
      guard case .asset(let asset) = value else { continue }
      let stored = try store.asset(of: record.id, field: field)
      guard let bytes = asset.bytes else {
        // NB: An asset saved without its bytes names the content the
        // server holds for that field already: the client uploads only
        // what changed.
        if stored != asset { return CloudRefusal.assetNotUploaded(record.id, field: field).error }
        continue
      }
      // NB: An asset holds at most 10 MiB.
      if bytes.count > CloudAsset.maximumByteCount {
        return CloudRefusal.assetTooLarge(record.id, field: field, byteCount: bytes.count).error
      }
      // NB: The server checks that the bytes are what the hash names, so
      // every reader can trust the hash.
      if !asset.isContent(bytes) { return CloudRefusal.assetMismatch(record.id, field: field).error }
      added += bytes.count - (stored?.byteCount ?? 0)
    }
    // NB: Asset bytes count toward the zone owner's quota, whoever saves
    // them; a save adding bytes past it is refused (one freeing some never is).
    if added > 0,
      try store.assetBytesUsed(by: record.id.zoneID.ownerName) + added > store.assetQuota()
    {
      return CloudRefusal.quotaExceeded(record.id).error
    }
    return nil
  }

  /// What makes a record impossible to store, whatever the server holds.
  static func malformation(of record: CloudRecord) -> CloudRefusal? {
    let id = record.id
    if id.name.isEmpty || record.type.isEmpty { return .unnamed(id) }
    if record.isShare != (record.sharing != nil) { return .shareSettingsMismatch(id) }
    if record.isShare && record.parent != nil { return .shareWithParent(id) }
    // References, parents included, stay within one zone.
    let references =
      [record.parent, record.shareID].compactMap { $0 }
      + record.fields.values.compactMap { if case .reference(let target) = $0 { target } else { nil } }
    if let outside = references.first(where: { $0.zoneID != id.zoneID }) {
      return .outsideReference(id, to: outside)
    }
    if record.parent == id { return .ownParent(id) }
    return nil
  }

  // MARK: Deleting

  private func delete(_ id: RecordID) throws -> Result<Void, CloudError> {
    // NB: Deleting a record that is not there succeeds: it is gone either way.
    guard let header = try store.header(id) else { return .success(()) }
    if header.type == CloudRecord.shareType {
      if scope == .shared {
        // NB: A participant deleting a share leaves it; the share stays.
        try store.removeParticipant(userName, of: id)
        try store.recordAccessChange(of: [userName], to: id.zoneID, at: try store.nextSequence())
        try store.bump(id)
      } else {
        // NB: The owner deleting a share removes the share only; the
        // records stay, unshared.
        try deleteShare(id)
      }
      return .success(())
    }
    if scope == .shared {
      if header.parentName == nil {
        return .failure(CloudRefusal.ownerOnlyRootDeletion(id).error)
      }
      if let refusal = try store.writeRefusal(
        id, type: header.type, parentName: header.parentName, shareName: header.shareName, by: userName,
        creating: nil)
      {
        return .failure(refusal)
      }
    }
    // NB: A parent cannot go while children still point at it (children
    // deleted in the same call went first).
    let children = try store.childNames(of: id)
    if !children.isEmpty {
      return .failure(CloudRefusal.childrenRemain(id, children: Array(children.prefix(5))).error)
    }
    // The share cannot outlive the root it shares.
    if let shareName = header.shareName {
      try deleteShare(RecordID(name: shareName, zoneID: id.zoneID))
    }
    try store.delete(id, type: header.type, at: try store.nextSequence())
    return .success(())
  }

  /// Deletes a share: its root becomes unshared (and gets a new tag), and
  /// everyone who had joined loses access.
  private func deleteShare(_ shareID: RecordID) throws {
    let members = try store.participants(of: shareID).filter { $0.acceptance == .accepted }
    if let root = try store.rootName(sharedBy: shareID) {
      try store.bump(RecordID(name: root, zoneID: shareID.zoneID), shareName: .some(nil))
    }
    let sequence = try store.nextSequence()
    try store.delete(shareID, type: CloudRecord.shareType, at: sequence)
    try store.recordAccessChange(of: members.map(\.userName), to: shareID.zoneID, at: sequence)
  }

  // MARK: Ordering

  /// Saves reordered so each record comes after its parent when both are
  /// in the call; otherwise the call's order.
  static func parentsFirst(_ records: [CloudRecord]) -> [CloudRecord] {
    // By position: each id hashed once, not four times (a tenth of what
    // the mock spent on a bulk save, in hashing `RecordID`s).
    var indexByID = [RecordID: Int](minimumCapacity: records.count)
    // A second record of one id is left out: the first one goes.
    var visited = [Bool](repeating: false, count: records.count)
    for (index, record) in records.enumerated() {
      if let first = indexByID.updateValue(index, forKey: record.id) {
        indexByID[record.id] = first
        visited[index] = true
      }
    }
    var ordered: [CloudRecord] = []
    ordered.reserveCapacity(records.count)
    func place(_ index: Int) {
      guard !visited[index] else { return }
      visited[index] = true
      if let parent = records[index].parent, let parentIndex = indexByID[parent] { place(parentIndex) }
      ordered.append(records[index])
    }
    records.indices.forEach(place)
    return ordered
  }

  /// How many stored ancestors a record has (0 when it is not stored).
  private func depth(of id: RecordID) throws -> Int {
    var depth = 0
    var current = try store.header(id)?.parentName
    while let name = current, depth < 64 {
      depth += 1
      current = try store.header(RecordID(name: name, zoneID: id.zoneID))?.parentName
    }
    return depth
  }
}
