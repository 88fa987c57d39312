extension SyncEngine {
  /// A backup put back holds games deleted since it was made (on this
  /// device before the restore, or on another). The sync would delete
  /// them again, as any deletion from elsewhere, and the backup would be
  /// no way back from a mistaken deletion: instead, its first sync asks
  /// the cloud for each of the user's own games it holds, and keeps those
  /// the cloud no longer has as read-only copies (`revive-game` makes one
  /// a game again), before anything is sent or fetched. Games others
  /// share are kept so already when their sharing ended.
  ///
  /// It asks rather than waiting for the deletions in the fetch: a game's
  /// rows are deleted one record at a time, over several pages, its own
  /// record not necessarily first, and a removed player cannot be told
  /// from one of a deleted game until the game's record is seen. Once
  /// asked, the mark is cleared: a deletion after this is one made after
  /// the restore, and wins as any other.
  func keepGamesDeletedSinceBackup() throws {
    let games = try store.syncRead { try metadata.ownGamesOnServer(user: user) }
    let database = container.privateDatabase
    var gone: [String] = []
    var start = 0
    while start < games.count {
      let batch = Array(games[start..<min(start + type(of: database).itemLimit, games.count)])
      let found = try withRetry { try database.records(for: batch) }
      for id in batch {
        if case .failure(.unknownItem)? = found[id] { gone.append(id.name) }
      }
      start += batch.count
    }
    try applying {
      for name in gone { try archive(name, .deletedSinceBackup) }
      try metadata.clearRestoredMark()
    }
  }
}
