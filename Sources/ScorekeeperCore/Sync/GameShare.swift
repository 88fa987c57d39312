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
