extension SyncEngine {
  /// Shares a game: everyone with the link may join with `permission`
  /// (players and score events follow the game). A game not yet on the
  /// server is sent first. An already shared game keeps its link; a
  /// `permission` given changes it for everyone, participants included
  /// (the removed stay removed), or with `everyone` false only for
  /// whoever joins next (`share --role`).
  public func share(gameID: String, permission: SharePermission?, everyone: Bool = true) throws -> GameShare {
    var result: GameShare?
    _ = try run { _ in
      let title = try title(of: gameID)
      try sendPending()
      try fetchChanges()
      let root = try ownedRoot(gameID, title: title)
      let database = container.privateDatabase
      var share: CloudRecord
      var isNew = false
      var changedFrom: SharePermission?
      if let shareID = root.shareID {
        share = try withRetry { try database.record(for: shareID) }
        if let permission, let previous = share.sharing?.publicPermission, previous != permission {
          changedFrom = previous
          share.sharing?.publicPermission = permission
          share.sharing?.scorerRules = .scorekeeper
          // Everyone's, as before roles; the removed stay removed.
          for index in share.sharing!.participants.indices
          where everyone && share.sharing!.participants[index].acceptance != .removed {
            share.sharing!.participants[index].permission = permission
            share.sharing!.participants[index].parentLimit = nil
          }
          share = try saveOne(share, alongside: nil, in: database).share
        }
      } else {
        isNew = true
        var record = root
        record.shareID = RecordID(name: "share-" + gameID, zoneID: record.id.zoneID)
        var new = CloudRecord.share(id: record.shareID!, publicPermission: permission ?? .readWrite)
        new.sharing?.scorerRules = .scorekeeper
        let saved = try saveOne(new, alongside: record, in: database)
        share = saved.share
        // The root came from the server just now; its copy (fields and all,
        // not only its new tag) is this device's too.
        try applying { _ = try applyServerRecord(saved.root!, ownerKey: "") }
      }
      try store.syncWrite { try rememberShare(share, zone: root.id.zoneID) }
      result = GameShare(
        link: share.sharing?.link ?? "", permission: share.sharing?.publicPermission ?? .none,
        participants: share.sharing?.participants ?? [], isNew: isNew, changedFrom: changedFrom)
    }
    return result!
  }

  /// Changes who may do what with the owner's shared game, everything
  /// checked against the share as the cloud has it before anything is
  /// saved; returns the share as saved.
  public func changeShare(gameID: String, _ change: ShareChange) throws -> GameShare {
    var result: GameShare?
    _ = try run { _ in
      let title = try title(of: gameID)
      // A player named for self-scoring may be new: the cloud needs its record.
      try sendPending()
      try fetchChanges()
      let root = try ownedRoot(gameID, title: title)
      guard let shareID = root.shareID else { throw SharingError.notShared(game: title) }
      let database = container.privateDatabase
      var share = try withRetry { try database.record(for: shareID) }
      var settings = share.sharing ?? ShareSettings()
      // Shared before roles: the rules go with the first change.
      settings.scorerRules = .scorekeeper
      func index(of user: String) throws -> Int {
        if user == self.user { throw SharingError.ownerIsOwner(user: user, game: title) }
        guard let index = settings.participants.firstIndex(where: { $0.userName == user }) else {
          throw SharingError.neverJoined(
            user: user, game: title,
            joined: settings.participants.filter { $0.acceptance == .accepted }.map(\.userName))
        }
        return index
      }
      switch change {
      case .role(let role, let user, let onlyPlayer):
        let at = try index(of: user)
        settings.participants[at].permission = role.permission
        settings.participants[at].parentLimit = onlyPlayer.map(SyncedTable.players.recordName(of:))
      case .remove(let user):
        let at = try index(of: user)
        guard settings.participants[at].acceptance != .removed else {
          throw SharingError.alreadyRemoved(user: user, game: title)
        }
        settings.participants[at].permission = .none
        settings.participants[at].parentLimit = nil
      case .linkExpiry(let time):
        settings.linkExpiresAt = time
      case .newLink:
        settings.replacingLink = true
      }
      share.sharing = settings
      share = try saveOne(share, alongside: nil, in: database).share
      try store.syncWrite { try rememberShare(share, zone: root.id.zoneID) }
      result = GameShare(share)
    }
    return result!
  }

  /// The owner stops sharing a game: the share goes, and with it every
  /// participant's access (their copies go on their next fetch).
  public func stopSharing(gameID: String) throws {
    _ = try run { _ in
      let title = try title(of: gameID)
      try fetchChanges()
      let root = try ownedRoot(gameID, title: title)
      guard let shareID = root.shareID else { throw SharingError.notShared(game: title) }
      let result = try withRetry { try container.privateDatabase.modifyRecords(deleting: [shareID]) }
      if case .failure(let error)? = result.deleteResults[shareID] { throw error }
      try store.syncWrite { try metadata.forgetShare(ownerKey: "", root.id.zoneID.name) }
      try fetchChanges()
    }
  }

  /// Refuses, before anything is asked or sent, a game this device knows
  /// to be someone else's: only its owner shares it or stops sharing it.
  public func requireOwnership(gameID: String) throws {
    let name = SyncedTable.games.recordName(of: gameID)
    if let owner = try store.syncRead({ try metadata.record(name)?.ownerName }), !owner.isEmpty {
      throw SharingError.notOwner(game: try title(of: gameID), owner: owner)
    }
  }

  /// Who joined the owner's shared game.
  public func participants(gameID: String) throws -> GameShare {
    var result: GameShare?
    _ = try run { _ in
      let title = try title(of: gameID)
      try fetchChanges()
      let root = try ownedRoot(gameID, title: title)
      guard let shareID = root.shareID else { throw SharingError.notShared(game: title) }
      let share = try withRetry { try container.privateDatabase.record(for: shareID) }
      result = GameShare(share)
    }
    return result!
  }

  /// Joins the game a link shares, then fetches it. Returns the game's id
  /// and its owner. A malformed, unknown or revoked link changes nothing.
  /// Joins the game a link shares. Everything that can refuse (the link,
  /// its owner, what it shares) is checked before joining; once joined,
  /// the command has succeeded: if the game cannot be fetched now, `later`
  /// says why, and it arrives with the next sync.
  public func accept(link: String) throws -> AcceptedShare {
    // A link that leads nowhere is refused before the sync begins, so it
    // binds and claims nothing (a new database it made can go without a
    // trace); any other failure here is left to the sync, which retries.
    do {
      _ = try container.shareMetadata(for: link)
    } catch CloudError.invalidArguments, CloudError.unknownItem {
      throw SharingError.badLink(link)
    } catch CloudError.permissionFailure(let why) {
      throw SharingError.linkRefused(link, why: why)
    } catch {}
    var result: AcceptedShare?
    _ = try run { _ in
      let metadata: ShareMetadata
      do {
        metadata = try withRetry { try container.shareMetadata(for: link) }
      } catch CloudError.invalidArguments, CloudError.unknownItem {
        throw SharingError.badLink(link)
      } catch CloudError.permissionFailure(let why) {
        throw SharingError.linkRefused(link, why: why)
      }
      guard metadata.ownerName != user else { throw SharingError.ownShare(link) }
      guard let gameID = SyncedTable.games.rowID(ofRecordName: metadata.rootRecordID.name) else {
        throw SharingError.notAGame(link)
      }
      let share = try withRetry { try container.acceptShare(metadata) }
      result = AcceptedShare(gameID: gameID, owner: metadata.ownerName, permission: metadata.permission)
      do {
        try store.syncWrite {
          try markZone(metadata.rootRecordID.zoneID, exists: true)
          try rememberShare(share, zone: metadata.rootRecordID.zoneID)
        }
        try fetchChanges()
      } catch let error as CloudError {
        // Joined on the server; the shared database lists the zone, so
        // any later sync fetches it.
        result?.later = SyncError.stopped(error, pending: try pendingCount())
      }
    }
    if let later = result?.later {
      try? store.syncWrite { try metadata.setLastError(errorWords(later.answer)) }
    }
    return result!
  }

  /// A participant leaves a game shared with them; the owner's data is
  /// untouched, and this device's copy goes.
  public func leave(gameID: String) throws {
    _ = try run { _ in
      let name = SyncedTable.games.recordName(of: gameID)
      guard let known = try store.syncRead({ try metadata.record(name) }), !known.ownerName.isEmpty
      else { throw SharingError.notShared(game: try title(of: gameID)) }
      try fetchChanges()
      // Access ended meanwhile (the owner stopped sharing): nothing is left to leave.
      guard let record = try store.syncRead({ try metadata.record(name) }) else { return }
      let zone = record.zoneID(user: user)
      let shareName = try store.syncRead { try metadata.shareName(ownerKey: record.ownerName, zone.name) }
      if let shareName {
        let shareID = RecordID(name: shareName, zoneID: zone)
        let result = try withRetry { try container.sharedDatabase.modifyRecords(deleting: [shareID]) }
        if case .failure(let error)? = result.deleteResults[shareID], !(error.isGone) { throw error }
      }
      try zoneVanished(zone, keepingCopy: false)  // leaving asked for it gone
    }
  }

  /// How messages name a game: its title, or its id if it is gone.
  private func title(of gameID: String) throws -> String {
    try store.syncRead {
      try store.database.fetchOne("SELECT title FROM games WHERE id = ?1", [.text(gameID)]) {
        try $0.text(0)
      }
    } ?? gameID
  }

  /// The game's record on the server, which must be this user's.
  /// `title`: how the game was known before this command fetched.
  private func ownedRoot(_ gameID: String, title: String) throws -> CloudRecord {
    let name = SyncedTable.games.recordName(of: gameID)
    guard let state = try store.syncRead({ try metadata.record(name) }) else {
      let exists = try store.syncRead { try metadata.rowExists(table: .games, id: gameID) }
      throw exists ? SharingError.notSynced(game: title) : SharingError.deletedElsewhere(game: title)
    }
    guard state.serverChangeTag != nil else { throw SharingError.notSynced(game: title) }
    guard state.ownerName.isEmpty else { throw SharingError.notOwner(game: title, owner: state.ownerName) }
    let id = RecordID(name: name, zoneID: state.zoneID(user: user))
    return try withRetry { try container.privateDatabase.record(for: id) }
  }

  private func saveOne(_ share: CloudRecord, alongside root: CloudRecord?, in database: any CloudDatabase)
    throws -> (share: CloudRecord, root: CloudRecord?)
  {
    let records = [root, share].compactMap { $0 }
    let result = try withRetry { try database.modifyRecords(saving: records) }
    let savedShare = try result.saveResults[share.id]!.get()
    return (savedShare, try root.map { try result.saveResults[$0.id]!.get() })
  }

  /// Keeps what this device needs of a share: its record, link, and this
  /// user's permission (for a zone someone else owns).
  func rememberShare(_ share: CloudRecord, zone: ZoneID) throws {
    let key = ownerKey(of: zone)
    let participant = key.isEmpty ? nil : share.sharing?.participant(user)
    let permission = key.isEmpty ? nil : participant?.permission ?? share.sharing?.publicPermission
    try markZone(zone, exists: true)
    try metadata.rememberShare(
      share.id.name, link: share.sharing?.link, permission: permission,
      onlyPlayer: participant?.onlyPlayer, ownerKey: key,
      zone.name)
  }

}

extension CloudError {
  /// The thing is not there (any more): deleting it again is done.
  var isGone: Bool {
    switch self {
    case .unknownItem, .zoneNotFound: true
    default: false
    }
  }
}
