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
