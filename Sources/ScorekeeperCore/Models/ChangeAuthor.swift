/// Who made a change, as `history` tells it (issue 49): this device, or
/// another of this user's devices, or another user, from the creator the
/// server names on the change's record (`CloudRecord.creatorUserName`).
public enum ChangeAuthor: Hashable, Sendable {
  case thisDevice
  /// Another device of this database's user (its id).
  case ownDevice(String)
  /// Another user, by their user name.
  case user(String)
  /// A change from another device whose record names no creator: made
  /// before the servers kept them.
  case unknown(device: String)

  /// From a change's row: whether this device made it, its device, its
  /// `author` column (schema v28: NULL for a change made or imported in
  /// this database, "" for one that arrived without a creator), and
  /// whether that is this database's user (`syncState.userName`).
  public init(isThisDevice: Bool, device: String, author: String?, authorIsThisUser: Bool) {
    switch author {
    case _ where isThisDevice: self = .thisDevice
    case nil: self = .ownDevice(device)
    case ""?: self = .unknown(device: device)
    case let author?: self = authorIsThisUser ? .ownDevice(device) : .user(author)
    }
  }

  /// From a row's columns at `index`: the device, whether it is this one,
  /// then `columns(of:)`'s two.
  init(_ row: Row, from index: Int) throws {
    self.init(
      isThisDevice: try row.int(index + 1) == 1, device: try row.text(index),
      author: try row.optionalText(index + 2), authorIsThisUser: try row.int(index + 3) == 1)
  }

  /// The other user's name; nil for this user's own changes and unknown ones.
  public var userName: String? {
    if case .user(let name) = self { name } else { nil }
  }

  /// SQL for a change row `alias`'s author columns, as `init` takes them
  /// after its device: `author`, and `authorIsThisUser` (0 or 1).
  static func columns(of alias: String) -> String {
    "\(alias).author AS author, coalesce(\(alias).author = (SELECT userName FROM syncState), 0) AS authorIsThisUser"
  }
}
