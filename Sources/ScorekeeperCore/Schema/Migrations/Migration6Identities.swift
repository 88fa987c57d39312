extension Migration {
  /// Schema v6: what a database is bound to, by identity rather than by
  /// name.
  ///
  /// - `syncState.cloudIdentity`: the identity the cloud keeps inside
  ///   itself (`CloudContainer.serverIdentity`); `cloud` is now only how
  ///   to show it (the resolved path). A v5 binding has none: it is
  ///   completed on the first sync that reaches the same file.
  /// - `localDevice.file`: the file (device and inode numbers) this device
  ///   id was made in. A copy of the file, or a backup restored over it,
  ///   is another file: it becomes a device of its own on first open, so
  ///   two files never make changes under one device id.
  /// - `scoreEvents_device` orders a device's events by the order they were
  ///   made (rowid, which grows with each insert), not by their time: undo
  ///   reverts the last change made, even one made with the clock set back.
  static let identities = Migration(
    version: 6,
    identifier: "identities",
    sql: """
      ALTER TABLE syncState ADD COLUMN cloudIdentity TEXT;
      ALTER TABLE localDevice ADD COLUMN file TEXT;
      DROP INDEX scoreEvents_device;
      CREATE INDEX scoreEvents_device ON scoreEvents (device);
      """
  )
}
