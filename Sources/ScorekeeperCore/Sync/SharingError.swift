/// A sharing command that cannot be done as asked; nothing was changed.
public enum SharingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// `game`: the game's title (its id if it has none any more).
  case notSynced(game: String)
  /// Another device deleted the game; this device learned it just now.
  case deletedElsewhere(game: String)
  case notOwner(game: String, owner: String)
  case notShared(game: String)
  /// `leave` on a game this user shared: theirs to stop sharing, not to leave.
  case leavingOwnGame(game: String)
  case badLink(String)
  case ownShare(String)
  case notAGame(String)
  /// `accept-share` naming a cloud that is not there: a link leads into
  /// the cloud it was made in, never a new one.
  case noCloudForLink(cloud: String)

  public var description: String {
    switch self {
    case .notSynced(let game):
      "\(quote(game)) has not reached the cloud yet (it is still pending). Nothing was changed."
    case .deletedElsewhere(let game):
      "\(quote(game)) was deleted on another device, so there is nothing to share; it is gone from "
        + "this device too. Nothing else was changed."
    case .notOwner(let game, let owner):
      "\(quote(game)) is \(owner)'s game: only its owner can share it, stop sharing it, or see who "
        + "joined. Nothing was changed."
    case .notShared(let game):
      "\(quote(game)) is not shared with you or by you, so there is no share to leave, stop or "
        + "look into. Nothing was changed."
    case .leavingOwnGame(let game):
      "\(quote(game)) is your own game, shared by you: there is nothing to leave. Nothing was changed."
    case .badLink(let link):
      "\(quote(link)) is not a share link that leads anywhere: it is malformed, unknown, or the "
        + "share was stopped. Nothing was changed."
    case .ownShare(let link):
      "\(quote(link)) shares one of your own games; there is nothing to join. Nothing was changed."
    case .notAGame(let link):
      "\(quote(link)) shares something that is not a game. Nothing was changed."
    case .noCloudForLink(let cloud):
      "There is no cloud at \(quote(cloud)) (none was created): a share link leads into the cloud it "
        + "was made in; name that one with --cloud (or SCOREKEEPER_CLOUD). Nothing was changed."
    }
  }
}
