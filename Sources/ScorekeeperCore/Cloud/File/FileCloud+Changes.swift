extension FileCloud {
  func databaseChanges(since token: ChangeToken?, as userName: String, in scope: DatabaseScope)
    throws -> DatabaseChanges
  {
    try perform(.databaseChanges, as: userName, writes: false) { store in
      let (now, validFrom, history) = try store.db.fetchOne(
        "SELECT s.value, s.validFrom, v.history FROM sequence AS s, server AS v"
      ) { (try $0.int64(0), try $0.int64(1), try $0.text(2)) }!
      var since: Int64 = 0
      if let token {
        // NB: A token this server did not issue, or issued before its
        // history was purged, has expired: the reader starts again from
        // nil. One from its future, or from before it was marked as put
        // back, tells of history that went back.
        guard let position = try Self.position(in: token, prefix: "d", history: history),
          position >= validFrom
        else { throw CloudError.changeTokenExpired }
        guard position <= now else { throw CloudError.historyWentBack }
        since = position
      }
      var changed: [ZoneID] = []
      var deleted: [ZoneID] = []
      switch scope {
      case .private:
        changed = try store.db.fetchAll(
          "SELECT name FROM zones WHERE ownerName = ? AND changedAt > ? ORDER BY name",
          [.text(userName), .integer(since)]
        ) { ZoneID(name: try $0.text(0), ownerName: userName) }
        deleted = try store.db.fetchAll(
          "SELECT name FROM deletedZones WHERE ownerName = ? AND deletedAt > ? ORDER BY name",
          [.text(userName), .integer(since)]
        ) { ZoneID(name: try $0.text(0), ownerName: userName) }
      case .shared:
        // Zones the user reaches that changed, and zones whose access
        // changed (joined, left, revoked, deleted): reported as changed if
        // the user still reaches them, else as deleted.
        let candidates = try store.db.fetchAll(
          """
          SELECT p.ownerName, p.zoneName FROM participants AS p
          JOIN zones AS z ON z.ownerName = p.ownerName AND z.name = p.zoneName
          WHERE p.userName = ?1 AND p.acceptance = 'accepted' AND z.changedAt > ?2
          UNION
          SELECT ownerName, zoneName FROM accessChanges WHERE userName = ?1 AND changedAt > ?2
          ORDER BY 1, 2
          """, [.text(userName), .integer(since)]
        ) { ZoneID(name: try $0.text(1), ownerName: try $0.text(0)) }
        for zone in candidates {
          if try store.canReach(zone, as: userName) { changed.append(zone) } else { deleted.append(zone) }
        }
      }
      return DatabaseChanges(
        changedZones: changed, deletedZones: deleted, token: Self.token("d\(now)", history: history))
    }
  }

  func zoneChanges(
    in zone: ZoneID, since token: ChangeToken?, limit: Int, as userName: String,
    in scope: DatabaseScope, settling: Bool = true
  ) throws -> ZoneChanges {
    try perform(.zoneChanges, as: userName, writes: false, settling: settling) { store in
      guard (1...Self.itemLimit).contains(limit) else {
        throw CloudRefusal.pageSize(limit).error
      }
      guard try store.zoneIsVisible(zone, to: userName, in: scope), let row = try store.zone(zone) else {
        throw CloudError.zoneNotFound(zone)
      }
      let now = try store.currentSequence()
      let history = try store.history()
      var since: Int64 = 0
      if let token {
        // NB: Tokens are per zone incarnation: after a zone is deleted and
        // created again, or its history purged, old tokens have expired.
        guard let position = try Self.position(in: token, prefix: "z\(row.incarnation).", history: history),
          position >= row.validFrom
        else { throw CloudError.changeTokenExpired }
        guard position <= now else { throw CloudError.historyWentBack }
        since = position
      }
      // NB: Changes and tombstones in the order they happened; tombstones
      // stay for every reader, so each device sees every deletion.
      var changes = try store.db.fetchAll(
        """
        SELECT name, NULL, changedAt FROM records
        WHERE ownerName = ?1 AND zoneName = ?2 AND changedAt > ?3
        UNION ALL
        SELECT name, type, deletedAt FROM tombstones
        WHERE ownerName = ?1 AND zoneName = ?2 AND deletedAt > ?3
        ORDER BY 3 LIMIT ?4
        """, ServerStore.key(zone) + [.integer(since), .integer(Int64(limit) + 1)]
      ) { row in (name: try row.text(0), deletedType: try row.optionalText(1), at: try row.int64(2)) }
      let moreComing = changes.count > limit
      if moreComing { changes.removeLast() }
      var result = ZoneChanges(
        changed: [], deleted: [],
        token: Self.token("z\(row.incarnation).\(moreComing ? changes.last!.at : now)", history: history),
        moreComing: moreComing)
      // The page's records in one statement, not one each; the zone's
      // visibility was checked above.
      let records = try store.records(in: zone, changedAfter: since, upTo: changes.last?.at ?? since)
      for change in changes {
        let id = RecordID(name: change.name, zoneID: zone)
        if let type = change.deletedType {
          result.deleted.append(DeletedRecord(id: id, type: type))
        } else if let record = records[change.name],
          try scope == .private || store.canRead(record, as: userName)
        {
          result.changed.append(record)
        }
      }
      return result
    }
  }

  /// The sequence number after `prefix` in a token, if it has that shape.
  /// A token of another history than the server's `history` (issued
  /// before the server was marked as put back) tells of history that went
  /// back, whatever its number.
  private static func position(in token: ChangeToken, prefix: String, history: String) throws -> Int64? {
    var body = Substring(token.rawValue)
    var issuedIn: Substring = ""
    if let at = body.lastIndex(of: "@") {
      (body, issuedIn) = (body[..<at], body[body.index(after: at)...])
    }
    guard body.hasPrefix(prefix), let position = Int64(body.dropFirst(prefix.count)) else { return nil }
    guard issuedIn == history else { throw CloudError.historyWentBack }
    return position
  }

  /// The token `body`, carrying the server's history once it has one.
  private static func token(_ body: String, history: String) -> ChangeToken {
    ChangeToken(rawValue: history.isEmpty ? body : body + "@" + history)
  }
}
