/// What a participant, or anyone holding the link, may do with a shared tree.
public enum SharePermission: String, Hashable, Sendable, CaseIterable {
  case none
  case readOnly = "read-only"
  case readWrite = "read-write"
}

/// A user invited to a share, and whether they have joined.
public struct ShareParticipant: Hashable, Sendable, Comparable, CustomStringConvertible {
  public enum Acceptance: String, Hashable, Sendable {
    /// Invited, has not accepted: cannot see the shared records yet.
    case pending
    case accepted
  }

  public var userName: String
  public var permission: SharePermission
  /// Set by the server: a client cannot accept for someone else.
  public internal(set) var acceptance: Acceptance

  public init(userName: String, permission: SharePermission) {
    self.userName = userName
    self.permission = permission
    self.acceptance = .pending
  }

  init(userName: String, permission: SharePermission, acceptance: Acceptance) {
    self.userName = userName
    self.permission = permission
    self.acceptance = acceptance
  }

  public static func < (lhs: ShareParticipant, rhs: ShareParticipant) -> Bool {
    lhs.userName < rhs.userName
  }

  /// `bob: read-write, accepted`.
  public var description: String { "\(userName): \(permission.rawValue), \(acceptance.rawValue)" }
}

/// The sharing part of a share record.
public struct ShareSettings: Hashable, Sendable {
  /// What someone who is not a participant gets by accepting the link.
  public var publicPermission: SharePermission
  /// Everyone invited except the owner, sorted by user name.
  public var participants: [ShareParticipant]
  /// Assigned by the server when the share is first saved: random and
  /// unguessable, it is what a user passes around to invite others.
  public internal(set) var link: String?
  /// The zone's owner, filled in by the server.
  public internal(set) var ownerName: String?

  public init(publicPermission: SharePermission = .none, participants: [ShareParticipant] = []) {
    self.publicPermission = publicPermission
    self.participants = participants.sorted()
  }

  public func participant(_ userName: String) -> ShareParticipant? {
    participants.first { $0.userName == userName }
  }
}

/// What a share link leads to, as the invited user sees it before joining.
public struct ShareMetadata: Hashable, Sendable {
  public var share: CloudRecord
  public var rootRecordID: RecordID
  public var ownerName: String
  /// What the user gets by accepting (or already has).
  public var permission: SharePermission
  /// Whether the user has already joined (always accepted for the owner).
  public var acceptance: ShareParticipant.Acceptance

  public init(
    share: CloudRecord, rootRecordID: RecordID, ownerName: String, permission: SharePermission,
    acceptance: ShareParticipant.Acceptance
  ) {
    self.share = share
    self.rootRecordID = rootRecordID
    self.ownerName = ownerName
    self.permission = permission
    self.acceptance = acceptance
  }
}
