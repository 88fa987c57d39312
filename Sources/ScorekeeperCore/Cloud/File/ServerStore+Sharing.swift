/// Share rows: settings, participants, and who can reach which zone.
extension ServerStore {
  func sharing(of shareID: RecordID) throws -> ShareSettings? {
    guard
      var settings = try db.fetchOne(
        "SELECT link, publicPermission FROM shares WHERE ownerName = ? AND zoneName = ? AND recordName = ?",
        Self.key(shareID),
        { row in
          var settings = ShareSettings(
            publicPermission: SharePermission(rawValue: try row.text(1)) ?? .none)
          settings.link = try row.text(0)
          settings.ownerName = shareID.zoneID.ownerName
          return settings
        })
    else { return nil }
    settings.participants = try participants(of: shareID)
    return settings
  }

  func participants(of shareID: RecordID) throws -> [ShareParticipant] {
    try db.fetchAll(
      """
      SELECT userName, permission, acceptance FROM participants
      WHERE ownerName = ? AND zoneName = ? AND shareName = ? ORDER BY userName
      """, Self.key(shareID)
    ) { row in
      ShareParticipant(
        userName: try row.text(0), permission: SharePermission(rawValue: try row.text(1)) ?? .none,
        acceptance: ShareParticipant.Acceptance(rawValue: try row.text(2)) ?? .pending)
    }
  }

  /// Counts a new share link; returns how many there are with it.
  private func issuedLinks() throws -> Int64 {
    try db.fetchOne("UPDATE sequence SET links = links + 1 RETURNING links") { try $0.int64(0) }!
  }

  /// Stores a share's settings. The link is kept once assigned; a
  /// participant keeps their acceptance while they stay invited (a client
  /// cannot accept on someone's behalf). Returns the users who lost access.
  func writeSharing(_ settings: ShareSettings, of shareID: RecordID) throws
    -> [String]
  {
    let existing = try self.sharing(of: shareID)
    let link = try existing?.link ?? shareLinks.next(issuedLinks())
    try db.execute(
      """
      INSERT INTO shares (ownerName, zoneName, recordName, link, publicPermission) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (ownerName, zoneName, recordName) DO UPDATE SET publicPermission = excluded.publicPermission
      """, Self.key(shareID) + [.text(link), .text(settings.publicPermission.rawValue)])
    let before = existing?.participants ?? []
    try db.execute(
      "DELETE FROM participants WHERE ownerName = ? AND zoneName = ? AND shareName = ?",
      Self.key(shareID))
    for participant in settings.participants where participant.userName != shareID.zoneID.ownerName {
      let acceptance = before.first { $0.userName == participant.userName }?.acceptance ?? .pending
      try setParticipant(
        ShareParticipant(
          userName: participant.userName, permission: participant.permission, acceptance: acceptance),
        of: shareID)
    }
    let remaining = Set(settings.participants.map(\.userName))
    return before.filter { $0.acceptance == .accepted && !remaining.contains($0.userName) }
      .map(\.userName)
  }

  func setParticipant(_ participant: ShareParticipant, of shareID: RecordID) throws {
    try db.execute(
      """
      INSERT INTO participants (ownerName, zoneName, shareName, userName, permission, acceptance)
      VALUES (?, ?, ?, ?, ?, ?)
      ON CONFLICT (ownerName, zoneName, shareName, userName) DO UPDATE SET
        permission = excluded.permission, acceptance = excluded.acceptance
      """,
      Self.key(shareID) + [
        .text(participant.userName), .text(participant.permission.rawValue),
        .text(participant.acceptance.rawValue),
      ])
  }

  func removeParticipant(_ userName: String, of shareID: RecordID) throws {
    try db.execute(
      """
      DELETE FROM participants
      WHERE ownerName = ? AND zoneName = ? AND shareName = ? AND userName = ?
      """, Self.key(shareID) + [.text(userName)])
  }

  /// Users who have accepted any share in the zone.
  func acceptedUsers(in zone: ZoneID) throws -> [String] {
    try db.fetchAll(
      """
      SELECT DISTINCT userName FROM participants
      WHERE ownerName = ? AND zoneName = ? AND acceptance = 'accepted' ORDER BY userName
      """, Self.key(zone)
    ) { try $0.text(0) }
  }

  /// Whether the user has joined any share in someone else's zone, which
  /// is what puts the zone in their shared database.
  func canReach(_ zone: ZoneID, as userName: String) throws -> Bool {
    try db.fetchOne(
      """
      SELECT 1 FROM participants
      WHERE ownerName = ? AND zoneName = ? AND userName = ? AND acceptance = 'accepted' LIMIT 1
      """, Self.key(zone) + [.text(userName)]
    ) { _ in true } ?? false
  }

  /// Notes that the user's access to the zone changed, so their shared
  /// database reports it (as changed if they can still reach it, else gone).
  func recordAccessChange(of userNames: [String], to zone: ZoneID, at sequence: Int64) throws {
    for userName in userNames {
      try db.execute(
        """
        INSERT INTO accessChanges (userName, ownerName, zoneName, changedAt) VALUES (?, ?, ?, ?)
        ON CONFLICT (userName, ownerName, zoneName) DO UPDATE SET changedAt = excluded.changedAt
        """, [.text(userName)] + Self.key(zone) + [.integer(sequence)])
    }
  }

  func shareID(forLink link: String) throws -> RecordID? {
    try db.fetchOne(
      "SELECT ownerName, zoneName, recordName FROM shares WHERE link = ?", [.text(link)]
    ) { row in
      RecordID(
        name: try row.text(2), zoneID: ZoneID(name: try row.text(1), ownerName: try row.text(0)))
    }
  }
}
