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
  func coveringShare(
    of id: RecordID, type: String, parentName: String?, shareName: String?
  ) throws -> Result<RecordID?, CloudError> {
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

  /// What an accepted participant may do under a share; nil when the user
  /// has not joined it (a pending invitation grants nothing yet).
  func permission(of userName: String, under shareID: RecordID) throws -> SharePermission? {
    try db.fetchOne(
      """
      SELECT permission FROM participants
      WHERE ownerName = ? AND zoneName = ? AND shareName = ? AND userName = ? AND acceptance = 'accepted'
      """, Self.key(shareID) + [.text(userName)]
    ) { SharePermission(rawValue: try $0.text(0)) }.flatMap { $0 }
  }

  /// Whether a participant may read a stored record in a shared zone.
  func canRead(_ id: RecordID, header: Header, as userName: String) throws -> Bool {
    guard
      case .success(let shareID?) = try coveringShare(
        of: id, type: header.type, parentName: header.parentName, shareName: header.shareName)
    else { return false }
    return try permission(of: userName, under: shareID) != nil
  }

  /// Nil when the user may write under the share covering a record (with
  /// this parent and share); otherwise the permission failure to report.
  func writeRefusal(
    _ id: RecordID, type: String, parentName: String?, shareName: String?, by userName: String
  ) throws -> CloudError? {
    switch try coveringShare(of: id, type: type, parentName: parentName, shareName: shareName) {
    case .failure(let error):
      return error
    case .success(nil):
      return CloudRefusal.notShared(id, with: userName).error
    case .success(let shareID?):
      switch try permission(of: userName, under: shareID) {
      case .readWrite?: return nil
      case .readOnly?: return CloudRefusal.sharedReadOnly(id, with: userName).error
      case .none?, nil: return CloudRefusal.notShared(id, with: userName).error
      }
    }
  }
}
