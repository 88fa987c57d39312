/// Who may see and change what: the zone a database shows, and the share
/// that covers a record.
extension ServerStore {
  /// Whether the zone exists in the user's database of this scope.
  ///
  /// NB: A private database holds only the user's own zones; a shared
  /// database holds only other users' zones in which the user has accepted
  /// a share. Anything else is "zone not found", so a user who was never
  /// invited cannot even learn that a zone exists.
  func zoneIsVisible(_ zone: ZoneID, to userName: String, in scope: DatabaseScope) throws -> Bool {
    switch scope {
    case .private:
      guard zone.ownerName == userName else { return false }
      return try self.zone(zone) != nil
    case .shared:
      guard zone.ownerName != userName else { return false }
      return try canReach(zone, as: userName)
    }
  }

  /// The share covering a record with this parent and share reference,
  /// found by walking parent links up to the root: children are shared
  /// through their parent chain. A share record covers itself.
  ///
  /// Throws `invalidArguments` for a parent chain that loops back to the
  /// record; returns nil when the chain is broken or reaches an unshared root.
  /// `reading` reads a record's header (`header(_:)` when nil).
  func coveringShare(
    of id: RecordID, type: String, parentName: String?, shareName: String?,
    reading read: ((RecordID) throws -> Header?)? = nil
  ) throws -> Result<RecordID?, CloudError> {
    let header = read ?? { try self.header($0) }
    if type == CloudRecord.shareType { return .success(id) }
    var parentName = parentName
    var shareName = shareName
    var visited: Set<String> = [id.name]
    while let name = parentName {
      guard visited.insert(name).inserted else {
        return .failure(CloudRefusal.parentLoop(id, at: name).error)
      }
      guard let parent = try header(RecordID(name: name, zoneID: id.zoneID)) else { return .success(nil) }
      parentName = parent.parentName
      shareName = parent.shareName
    }
    return .success(shareName.map { RecordID(name: $0, zoneID: id.zoneID) })
  }

  /// The participant as they joined the share; nil when the user has not
  /// joined it (a pending invitation grants nothing yet, nor does removal).
  func membership(of userName: String, under shareID: RecordID) throws -> ShareParticipant? {
    try db.fetchOne(
      """
      SELECT permission, parentLimit FROM participants
      WHERE ownerName = ? AND zoneName = ? AND shareName = ? AND userName = ? AND acceptance = 'accepted'
      """, Self.key(shareID) + [.text(userName)]
    ) { row in
      ShareParticipant(
        userName: userName, permission: SharePermission(rawValue: try row.text(0)) ?? .none,
        parentLimit: try row.optionalText(1), acceptance: .accepted)
    }
  }

  /// Whether a participant may read a stored record in a shared zone.
  func canRead(_ record: CloudRecord, as userName: String) throws -> Bool {
    guard
      case .success(let shareID?) = try coveringShare(
        of: record.id, type: record.type, parentName: record.parent?.name, shareName: record.shareID?.name)
    else { return false }
    return try membership(of: userName, under: shareID).map { $0.permission != .none } ?? false
  }

  /// Nil when the user may write under the share covering a record (with
  /// this parent and share); otherwise the permission failure to report.
  /// `created`: the record a save creates; nil for a change to a stored
  /// record, or a delete.
  func writeRefusal(
    _ id: RecordID, type: String, parentName: String?, shareName: String?, by userName: String,
    creating created: CloudRecord?
  ) throws -> CloudError? {
    let shareID: RecordID
    switch try coveringShare(of: id, type: type, parentName: parentName, shareName: shareName) {
    case .failure(let error): return error
    case .success(nil): return CloudRefusal.notShared(id, with: userName).error
    case .success(let found?): shareID = found
    }
    guard let member = try membership(of: userName, under: shareID), member.permission != .none else {
      return CloudRefusal.notShared(id, with: userName).error
    }
    if member.permission == .readOnly { return CloudRefusal.sharedReadOnly(id, with: userName).error }
    // NB: A participant limited to one parent (self-scoring) saves and
    // deletes only that parent's children.
    if let limit = member.parentLimit, parentName != limit {
      return CloudRefusal.outsideParentLimit(id, user: userName, limit: limit).error
    }
    if member.permission == .readWrite { return nil }
    // NB: A scorer adds records of the types the share's rules name, and
    // changes or deletes none; a field the rules name must refer to a
    // record the scorer made (an undo or correction of their own).
    guard let created else { return CloudRefusal.scorerAddsOnly(id, user: userName).error }
    guard let fields = try scorerRules(of: shareID)?.types[type] else {
      return CloudRefusal.scorerType(id, type: type, user: userName).error
    }
    for (field, suffix) in fields.sorted(by: { $0.key < $1.key }) {
      guard let value = created.fields[field] else { continue }
      let target = if case .string(let text) = value { text + suffix } else { "" }
      guard try !target.isEmpty && creator(of: RecordID(name: target, zoneID: id.zoneID)) == userName else {
        return CloudRefusal.notOwnRecord(id, field: field, target: target, user: userName).error
      }
    }
    return nil
  }

  private func scorerRules(of shareID: RecordID) throws -> ScorerRules? {
    try db.fetchOne(
      "SELECT scorerRules FROM shares WHERE ownerName = ? AND zoneName = ? AND recordName = ?",
      Self.key(shareID)
    ) { try $0.optionalText(0) }.flatMap { $0 }.flatMap { try? JSON.parse($0) }.flatMap(
      ScorerRules.init(json:))
  }

  private func creator(of id: RecordID) throws -> String? {
    try db.fetchOne(
      "SELECT creatorName FROM records WHERE ownerName = ? AND zoneName = ? AND name = ?", Self.key(id)
    ) { try $0.optionalText(0) } ?? nil
  }
}
