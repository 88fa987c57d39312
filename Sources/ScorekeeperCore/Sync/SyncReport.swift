/// What one sync did, for the one-line summary and `--json`.
public struct SyncReport: Hashable, Sendable {
  /// Records saved or deleted on the server.
  public var sent = 0
  /// Server changes (saves and deletions) applied to this database.
  public var received = 0
  /// Conflicting copies merged field by field.
  public var merged = 0
  /// Local changes dropped because their row was deleted on another
  /// device first (deletion wins; see `SyncEngine`).
  public var discarded = 0
  /// Local changes the server refused for lack of permission, replaced
  /// by the server's copy.
  public var refused = 0
  /// Calls repeated after a transient error.
  public var retries = 0
  /// Games this sync removed from the database because of what happened
  /// elsewhere, so that none goes without a word.
  public var removedGames: [RemovedGame] = []
  /// Server copies kept out of this database, so that none goes without a
  /// word either.
  public var keptOut: [KeptOutRecord] = []
  /// The cloud's history went back (`CloudError.historyWentBack`): this
  /// sync sent again what this device holds and fetched everything.
  public var historyWentBack = false
  /// Why the sync stopped before everything was sent and received, if it
  /// did; the changes stay pending for the next one.
  public var problem: String?

  public init() {}

  /// "3 sent, 5 received, 1 conflict merged".
  public var summary: String {
    var parts = ["\(sent) sent", "\(received) received"]
    if merged > 0 { parts.append("\(merged) \(merged == 1 ? "conflict" : "conflicts") merged") }
    if discarded > 0 {
      parts.append(
        "\(discarded) local \(discarded == 1 ? "change" : "changes") dropped (deleted elsewhere)")
    }
    if refused > 0 {
      parts.append("\(refused) refused (no permission)")
    }
    return parts.joined(separator: ", ")
  }
}

/// A game a sync removed from this device's games: deleted elsewhere (on
/// another device of the user's, or by its owner), no longer shared with
/// the user, or one of the user's own in a restored backup, deleted since
/// the backup was made. Deletion wins over any copy; in the last two
/// cases a read-only copy stays (`list --archived`).
public struct RemovedGame: Hashable, Sendable {
  public enum Reason: Hashable, Sendable {
    case deleted
    case noLongerShared
    case deletedSinceBackup
  }

  public var title: String
  /// The game's owner; empty for the user's own.
  public var owner: String
  public var reason: Reason

  public init(title: String, owner: String, reason: Reason) {
    self.title = title
    self.owner = owner
    self.reason = reason
  }
}

/// A server copy this device kept out of its database: it holds a value
/// the commands would refuse (a name with control characters, an id
/// nobody could type), made by an older or modified program on another
/// device or by another person. The row stays as it was here (or absent,
/// with what belongs under it waiting); a later good copy is taken.
public struct KeptOutRecord: Hashable, Sendable {
  /// The table its row belongs to ("players").
  public var table: String
  /// The owner of its game; empty for the user's own.
  public var owner: String
  /// What is wrong with it, in the words a command would use.
  public var problem: String

  public init(table: String, owner: String, problem: String) {
    self.table = table
    self.owner = owner
    self.problem = problem
  }
}

/// Why `SyncMetadata.write` wrote nothing of a server copy.
struct UnusableRecord: Error {
  let problem: String
}
