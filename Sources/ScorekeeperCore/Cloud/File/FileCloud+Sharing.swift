extension FileCloud {
  func shareMetadata(for link: String, as userName: String) throws -> ShareMetadata {
    try perform(.shareMetadata, as: userName, writes: false) { store in
      try Self.metadata(for: link, as: userName, store: store)
    }
  }

  func acceptShare(_ metadata: ShareMetadata, as userName: String) throws -> CloudRecord {
    try perform(.acceptShare, as: userName, writes: true) { store in
      // Read again: the share may have changed or gone since the metadata.
      guard let link = metadata.share.sharing?.link else {
        throw CloudRefusal.noLinkInMetadata.error
      }
      let current = try Self.metadata(for: link, as: userName, store: store)
      let shareID = current.share.id
      if current.acceptance == .pending {
        var joining =
          current.share.sharing?.participant(userName)
          ?? ShareParticipant(userName: userName, permission: current.permission)
        joining.acceptance = .accepted
        joining.joinedAt = try store.clock.now()
        try store.setParticipant(joining, of: shareID)
        try store.recordAccessChange(of: [userName], to: shareID.zoneID, at: try store.nextSequence())
        // The owner sees the share change: one more participant has joined.
        try store.bump(shareID)
      }
      return try store.record(shareID)!
    }
  }

  /// What the link leads to for this user, or why it leads nowhere.
  private static func metadata(for link: String, as userName: String, store: ServerStore) throws
    -> ShareMetadata
  {
    guard ShareLinkGenerator.isWellFormed(link) else {
      throw CloudRefusal.notALink(link).error
    }
    // NB: A replaced link says so (its share still there); an unknown
    // link and a revoked one (share deleted) look the same.
    if try store.isRetired(link) { throw CloudRefusal.linkReplaced(link).error }
    guard let shareID = try store.shareID(forLink: link), let share = try store.record(shareID),
      let settings = share.sharing, let rootName = try store.rootName(sharedBy: shareID)
    else { throw CloudRefusal.unknownLink(link).error }
    let ownerName = shareID.zoneID.ownerName
    var metadata = ShareMetadata(
      share: share, rootRecordID: RecordID(name: rootName, zoneID: shareID.zoneID),
      ownerName: ownerName, permission: .readWrite, acceptance: .accepted)
    if userName == ownerName { return metadata }
    if let participant = settings.participant(userName) {
      // NB: Someone the owner removed is refused, whatever the link.
      if participant.acceptance == .removed {
        throw CloudRefusal.removedFromShare(owner: ownerName, user: userName).error
      }
      metadata.permission = participant.permission
      metadata.acceptance = participant.acceptance
    } else if settings.publicPermission != .none {
      // NB: A public share lets anyone with the link join, with the
      // public permission, until the link expires.
      if let expiry = settings.linkExpiresAt, try store.clock.now() >= expiry {
        throw CloudRefusal.linkExpired(link, at: expiry).error
      }
      metadata.permission = settings.publicPermission
      metadata.acceptance = .pending
    } else {
      throw CloudRefusal.notInvited(owner: ownerName, user: userName).error
    }
    return metadata
  }
}
