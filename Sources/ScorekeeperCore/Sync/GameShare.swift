/// A shared game as its owner sees it.
public struct GameShare: Hashable, Sendable {
  public var link: String
  /// What someone who joins by the link may do.
  public var permission: SharePermission
  /// Who joined (or was invited), with their permission.
  public var participants: [ShareParticipant]
  /// False when the game was already shared and its share is returned.
  public var isNew: Bool
}
