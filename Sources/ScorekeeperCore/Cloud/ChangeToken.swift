/// A reader's position in a stream of changes, opaque to the reader: keep
/// the last one received and pass it back to get only what changed since.
///
/// Tokens belong to the reader, not the server: any number of devices each
/// hold their own, and a change is never consumed by the first one to read
/// it.
public struct ChangeToken: Hashable, Sendable, CustomStringConvertible {
  public let rawValue: String

  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  public var description: String { rawValue }
}

/// Which zones of a database changed or went away since a token.
public struct DatabaseChanges: Hashable, Sendable {
  public var changedZones: [ZoneID]
  /// Zones deleted, or (in the shared database) no longer shared with the
  /// reader: everything local from them should go.
  public var deletedZones: [ZoneID]
  public var token: ChangeToken

  public init(changedZones: [ZoneID], deletedZones: [ZoneID], token: ChangeToken) {
    self.changedZones = changedZones
    self.deletedZones = deletedZones
    self.token = token
  }
}

/// A record deleted from a zone, as a change reader sees it.
public struct DeletedRecord: Hashable, Sendable {
  public var id: RecordID
  public var type: String

  public init(id: RecordID, type: String) {
    self.id = id
    self.type = type
  }
}

/// What changed in one zone since a token, oldest first. When `moreComing`
/// is true, ask again with `token` for the next page.
public struct ZoneChanges: Hashable, Sendable {
  public var changed: [CloudRecord]
  public var deleted: [DeletedRecord]
  public var token: ChangeToken
  public var moreComing: Bool

  public init(changed: [CloudRecord], deleted: [DeletedRecord], token: ChangeToken, moreComing: Bool) {
    self.changed = changed
    self.deleted = deleted
    self.token = token
    self.moreComing = moreComing
  }
}
