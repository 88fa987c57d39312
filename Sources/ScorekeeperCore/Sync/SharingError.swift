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
  /// The link leads to a share that does not admit this user (not
  /// invited to a private share, or removed), in the cloud's words.
  case linkRefused(String, why: String)
  case ownShare(String)
  case notAGame(String)
  /// `accept-share` naming a cloud that is not there: a link leads into
  /// the cloud it was made in, never a new one.
  case noCloudForLink(cloud: String)
  /// A role change or removal naming someone who never joined the game.
  case neverJoined(user: String, game: String, joined: [String])
  /// A role change or removal naming the owner.
  case ownerIsOwner(user: String, game: String)
  /// `--remove` of someone removed already.
  case alreadyRemoved(user: String, game: String)

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
    case .linkRefused(let link, let why):
      "\(quote(link)) does not admit you: \(why). Nothing was changed."
    case .ownShare(let link):
      "\(quote(link)) shares one of your own games; there is nothing to join. Nothing was changed."
    case .notAGame(let link):
      "\(quote(link)) shares something that is not a game. Nothing was changed."
    case .neverJoined(let user, let game, let joined):
      "\(quote(user)) never joined \(quote(game))"
        + (joined.isEmpty
          ? ": nobody is in it now." : "; those in it: \(joined.map(quote).joined(separator: ", ")).")
        + " Nothing was changed."
    case .ownerIsOwner(let user, let game):
      "\(quote(user)) owns \(quote(game)): the owner may do everything, and cannot be given a role or "
        + "removed. Nothing was changed."
    case .alreadyRemoved(let user, let game):
      "\(quote(user)) was removed from \(quote(game)) already. Nothing was changed."
    case .noCloudForLink(let cloud):
      "There is no cloud at \(quote(cloud)) (none was created): a share link leads into the cloud it "
        + "was made in; name that one with --cloud (or SCOREKEEPER_CLOUD). Nothing was changed."
    }
  }
}
