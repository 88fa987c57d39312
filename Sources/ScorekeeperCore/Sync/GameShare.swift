/// A shared game as its owner sees it.
public struct GameShare: Hashable, Sendable {
  public var link: String
  /// What someone who joins by the link may do.
  public var permission: SharePermission
  /// Who joined (or was invited), with their permission.
  public var participants: [ShareParticipant]
  /// False when the game was already shared and its share is returned.
  public var isNew: Bool
  /// What `permission` was before this call changed it, if it did.
  public var changedFrom: SharePermission? = nil
  /// The owner, as the cloud names them (set where `share --people` needs it).
  public var owner: String? = nil
  /// When the link stops admitting new people (nil: never).
  public var linkExpiresAt: Timestamp? = nil
}

extension GameShare {
  /// A share as the cloud holds it.
  init(_ share: CloudRecord) {
    let settings = share.sharing ?? ShareSettings()
    self.init(
      link: settings.link ?? "", permission: settings.publicPermission, participants: settings.participants,
      isNew: false, owner: settings.ownerName, linkExpiresAt: settings.linkExpiresAt)
  }
}

extension ShareParticipant {
  /// The one player (id) a scorer scores for, when limited to one.
  public var onlyPlayer: String? {
    parentLimit.flatMap(SyncedTable.players.rowID(ofRecordName:))
  }
}

/// A change to who may do what with a shared game (`share --role`,
/// `--for`, `--player`, `--remove`).
public enum ShareChange: Hashable, Sendable {
  /// One participant's role, and the one player (id) a scorer scores for.
  case role(ShareRole, user: String, onlyPlayer: String?)
  /// One participant removed: they keep a read-only copy.
  case remove(user: String)
  /// When the link stops admitting new people (nil: never).
  case linkExpiry(Timestamp?)
  /// A new link; the old one admits nobody new, and says so.
  case newLink
}

/// A game joined by its link, as the participant sees it.
public struct AcceptedShare: Hashable, Sendable {
  public var gameID: String
  public var owner: String
  /// What this user may do with the game.
  public var permission: SharePermission
  /// Set when the game could not be fetched after joining: it arrives with
  /// the next sync, and this says why not now.
  public var later: SyncError?
}
