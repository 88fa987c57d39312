/// What a participant, or anyone holding the link, may do with a shared tree.
public enum SharePermission: String, Hashable, Sendable, CaseIterable {
  case none
  case readOnly = "read-only"
  /// Reads, and adds records of the types the share's `ScorerRules` name,
  /// under their rules; changes and deletes nothing (issue 49's scorer).
  case scoring
  case readWrite = "read-write"
}

/// A user invited to a share, and whether they have joined.
public struct ShareParticipant: Hashable, Sendable, Comparable, CustomStringConvertible {
  public enum Acceptance: String, Hashable, Sendable {
    /// Invited, has not accepted: cannot see the shared records yet.
    case pending
    case accepted
    /// The owner removed them (saved them with permission `none`): they
    /// see nothing, and the link no longer admits them, until the owner
    /// gives them a permission again (then they are invited).
    case removed
  }

  public var userName: String
  public var permission: SharePermission
  /// The record everything this participant saves must have as its
  /// parent (a player's, for self-scoring); nil: no such limit.
  public var parentLimit: String?
  /// Set by the server: a client cannot accept for someone else.
  public internal(set) var acceptance: Acceptance
  /// When they joined, and when they last changed anything under the
  /// share: set by the server (nil: before it kept them, or never).
  public internal(set) var joinedAt: Timestamp?
  public internal(set) var lastChangeAt: Timestamp?

  public init(userName: String, permission: SharePermission, parentLimit: String? = nil) {
    self.userName = userName
    self.permission = permission
    self.parentLimit = parentLimit
    self.acceptance = .pending
  }

  init(
    userName: String, permission: SharePermission, parentLimit: String? = nil, acceptance: Acceptance,
    joinedAt: Timestamp? = nil, lastChangeAt: Timestamp? = nil
  ) {
    self.userName = userName
    self.permission = permission
    self.parentLimit = parentLimit
    self.acceptance = acceptance
    self.joinedAt = joinedAt
    self.lastChangeAt = lastChangeAt
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
  /// What participants with `SharePermission.scoring` may add (nil: nothing).
  public var scorerRules: ScorerRules?
  /// From this moment the link admits nobody new (those who joined stay;
  /// someone invited by name still may join); nil: it never stops.
  public var linkExpiresAt: Timestamp?
  /// Set on a save, asks the server to replace the link: the old one then
  /// admits nobody, and says it was replaced. Never set on a copy read.
  public var replacingLink = false
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
