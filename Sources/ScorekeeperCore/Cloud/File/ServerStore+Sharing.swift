/// Share rows: settings, participants, and who can reach which zone.
extension ServerStore {
  func sharing(of shareID: RecordID) throws -> ShareSettings? {
    guard
      var settings = try db.fetchOne(
        """
        SELECT link, publicPermission, scorerRules, linkExpiresAt FROM shares
        WHERE ownerName = ? AND zoneName = ? AND recordName = ?
        """,
        Self.key(shareID),
        { row in
          var settings = ShareSettings(
            publicPermission: SharePermission(rawValue: try row.text(1)) ?? .none)
          settings.link = try row.text(0)
          settings.ownerName = shareID.zoneID.ownerName
          settings.scorerRules = try row.optionalText(2).flatMap { try? JSON.parse($0) }.flatMap(
            ScorerRules.init(json:))
          settings.linkExpiresAt = try row.optionalInt64(3).map(Timestamp.init(millisecondsSince1970:))
          return settings
        })
    else { return nil }
    settings.participants = try participants(of: shareID)
    return settings
  }

  func participants(of shareID: RecordID) throws -> [ShareParticipant] {
    try db.fetchAll(
      """
      SELECT userName, permission, acceptance, parentLimit, joinedAt, lastChangeAt FROM participants
      WHERE ownerName = ? AND zoneName = ? AND shareName = ? ORDER BY userName
      """, Self.key(shareID)
    ) { row in
      ShareParticipant(
        userName: try row.text(0), permission: SharePermission(rawValue: try row.text(1)) ?? .none,
        parentLimit: try row.optionalText(3),
        acceptance: ShareParticipant.Acceptance(rawValue: try row.text(2)) ?? .pending,
        joinedAt: try row.optionalInt64(4).map(Timestamp.init(millisecondsSince1970:)),
        lastChangeAt: try row.optionalInt64(5).map(Timestamp.init(millisecondsSince1970:)))
    }
  }

  /// Counts a new share link; returns how many there are with it.
  private func issuedLinks() throws -> Int64 {
    try db.fetchOne("UPDATE sequence SET links = links + 1 RETURNING links") { try $0.int64(0) }!
  }

  /// Stores a share's settings. The link is kept once assigned; what the
  /// server sets of a participant stays while they stay invited: their
  /// acceptance (a client cannot accept on someone's behalf) and times.
  /// A participant saved with permission `none` is removed: kept, seeing
  /// nothing, and refused by the link; given a permission again, they are
  /// invited. Returns the users who lost access.
  func writeSharing(_ settings: ShareSettings, of shareID: RecordID) throws
    -> [String]
  {
    let existing = try self.sharing(of: shareID)
    if let old = existing?.link, settings.replacingLink {
      // The old link goes on record, so it is refused as replaced.
      try db.execute(
        "INSERT INTO retiredLinks (link, ownerName, zoneName, recordName) VALUES (?, ?, ?, ?)",
        [.text(old)] + Self.key(shareID))
    }
    let link =
      try existing?.link.flatMap { settings.replacingLink ? nil : $0 } ?? shareLinks.next(issuedLinks())
    try db.execute(
      """
      INSERT INTO shares (ownerName, zoneName, recordName, link, publicPermission, scorerRules, linkExpiresAt)
      VALUES (?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (ownerName, zoneName, recordName) DO UPDATE SET
        link = excluded.link, publicPermission = excluded.publicPermission,
        scorerRules = excluded.scorerRules, linkExpiresAt = excluded.linkExpiresAt
      """,
      Self.key(shareID) + [
        .text(link), .text(settings.publicPermission.rawValue),
        settings.scorerRules.map { .text($0.json.compactText) } ?? .null,
        settings.linkExpiresAt.map { .integer($0.millisecondsSince1970) } ?? .null,
      ])
    let before = existing?.participants ?? []
    try db.execute(
      "DELETE FROM participants WHERE ownerName = ? AND zoneName = ? AND shareName = ?",
      Self.key(shareID))
    var lost: [String] = []
    for participant in settings.participants where participant.userName != shareID.zoneID.ownerName {
      var stored =
        before.first { $0.userName == participant.userName }
        ?? ShareParticipant(userName: participant.userName, permission: .none)
      if stored.acceptance == .accepted && participant.permission == .none { lost.append(stored.userName) }
      stored.acceptance =
        participant.permission == .none
        ? .removed : stored.acceptance == .removed ? .pending : stored.acceptance
      stored.permission = participant.permission
      stored.parentLimit = participant.parentLimit
      try setParticipant(stored, of: shareID)
    }
    let remaining = Set(settings.participants.map(\.userName))
    return lost
      + before.filter { $0.acceptance == .accepted && !remaining.contains($0.userName) }.map(\.userName)
  }

  func setParticipant(_ participant: ShareParticipant, of shareID: RecordID) throws {
    try db.execute(
      """
      INSERT INTO participants
        (ownerName, zoneName, shareName, userName, permission, acceptance, parentLimit, joinedAt, lastChangeAt)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (ownerName, zoneName, shareName, userName) DO UPDATE SET
        permission = excluded.permission, acceptance = excluded.acceptance,
        parentLimit = excluded.parentLimit, joinedAt = excluded.joinedAt,
        lastChangeAt = excluded.lastChangeAt
      """,
      Self.key(shareID) + [
        .text(participant.userName), .text(participant.permission.rawValue),
        .text(participant.acceptance.rawValue), SQLValue(participant.parentLimit),
        participant.joinedAt.map { .integer($0.millisecondsSince1970) } ?? .null,
        participant.lastChangeAt.map { .integer($0.millisecondsSince1970) } ?? .null,
      ])
  }

  /// Notes that the user changed something in the zone now (`share
  /// --people`'s last change), under whichever share they joined there.
  func noteChange(by userName: String, in zone: ZoneID) throws {
    try db.execute(
      """
      UPDATE participants SET lastChangeAt = ?
      WHERE ownerName = ? AND zoneName = ? AND userName = ? AND acceptance = 'accepted'
      """, [.integer(try clock.now().millisecondsSince1970)] + Self.key(zone) + [.text(userName)])
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

  /// Whether the link is one a share had before its owner replaced it.
  func isRetired(_ link: String) throws -> Bool {
    try db.fetchOne("SELECT 1 FROM retiredLinks WHERE link = ?", [.text(link)]) { _ in true } ?? false
  }
}
