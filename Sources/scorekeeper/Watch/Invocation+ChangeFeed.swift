import ScorekeeperCore

extension Invocation {
  /// What `watch` and `serve` follow: this database and, unless offline,
  /// the cloud, whose loss and return `command` says on stderr (until a
  /// full-screen view clears `cloud.report` to say it in its header).
  func changeFeed(command: String) throws -> ChangeFeed {
    var cloud: CloudFeed?
    if try !settings.offline.get() {
      try followThroughListenSetting()
      let feed = CloudFeed(
        engine: { try self.syncEngine(automatic: false) }, errorWords: ErrorWords.of,
        share: { Double.random(in: 0..<1) })
      let errors = self.errors
      feed.report = { event in
        switch event {
        case .lost(let words):
          errors.warning(
            "\(command): not following the cloud: \(words) Trying again, "
              + "every \(Int(CloudFeed.longestRetry)) s at most; changes on this database still show.")
        case .regained:
          errors.line("\(command): following the cloud again.")
        case .polling(let seconds):
          errors.line(
            "\(command): the cloud is reached through a pooler, which does not pass its notifications on: "
              + "changes from other devices show within \(Int(seconds)) s. To see them at once, set "
              + "SCOREKEEPER_LISTEN_CLOUD to a connection string that reaches the server directly.")
        }
        errors.flush()
      }
      cloud = feed
    }
    // The one place the shared store is closed under the others: they
    // read through the feed's `store`, which is the new one from then on.
    return try ChangeFeed(
      store: try store(),
      reopen: {
        self.close()
        return try self.store()
      }, cloud: cloud)
  }
}
