/// Who made a change, as `history` tells it (issue 49): this device, or
/// another of this user's devices, or another user, from the creator the
/// server names on the change's record (`CloudRecord.creatorUserName`).
///
/// `user` on this user's own changes is this database's user, when it
/// knows it (`syncState.userName`: once it synced): so every device names
/// one change's maker alike (`madeBy`), whoever looks.
public enum ChangeAuthor: Hashable, Sendable {
  case thisDevice(user: String?)
  /// Another device of this database's user (its id).
  case ownDevice(String, user: String?)
  /// Another user, by their user name.
  case user(String)
  /// A change from another device whose record names no creator: made
  /// before the servers kept them.
  case unknown(device: String)

  /// From a change's row: whether this device made it, its device, its
  /// `author` column (schema v28: NULL for a change made or imported in
  /// this database, "" for one that arrived without a creator), and this
  /// database's user (`syncState.userName`), if known.
  public init(isThisDevice: Bool, device: String, author: String?, thisUser: String?) {
    switch author {
    case _ where isThisDevice: self = .thisDevice(user: thisUser)
    case nil: self = .ownDevice(device, user: thisUser)
    case ""?: self = .unknown(device: device)
    case let author?: self = author == thisUser ? .ownDevice(device, user: thisUser) : .user(author)
    }
  }

  /// Who made the change, alike on every device: another user's name,
  /// this user's (nil before this database first synced), nil when unknown.
  public var madeBy: String? {
    switch self {
    case .thisDevice(let user), .ownDevice(_, let user): user
    case .user(let name): name
    case .unknown: nil
    }
  }

  /// From a row's columns at `index`: the device, whether it is this one,
  /// then `columns(of:)`'s two.
  init(_ row: Row, from index: Int) throws {
    self.init(
      isThisDevice: try row.int(index + 1) == 1, device: try row.text(index),
      author: try row.optionalText(index + 2), thisUser: try row.optionalText(index + 3))
  }

  /// Whether this device made the change.
  public var isThisDevice: Bool {
    if case .thisDevice = self { true } else { false }
  }

  /// SQL for a change row `alias`'s author columns, as `init` takes them
  /// after its device: `author`, and `thisUser`.
  static func columns(of alias: String) -> String {
    "\(alias).author AS author, (SELECT userName FROM syncState) AS thisUser"
  }
}
