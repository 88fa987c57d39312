extension Migration {
  /// Schema v20 (issue 46): a backup put back is a way back from a
  /// mistaken deletion.
  ///
  /// `syncState.restoredAt`: when a backup was put in the database's place
  /// (`restore`, or `cp` over it, told by the device mark), until its
  /// first sync has asked the cloud which of its own games were deleted
  /// since. Those stay as read-only copies (`archivedGames`, owner ''),
  /// which `revive-game` makes games again, rather than being deleted by
  /// the sync as any deletion from elsewhere is.
  static let restoredBackups = Migration(
    version: 20,
    identifier: "restoredBackups",
    sql: """
      ALTER TABLE syncState ADD COLUMN restoredAt TEXT;
      """
  )
}
