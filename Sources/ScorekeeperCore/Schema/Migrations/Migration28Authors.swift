extension Migration {
  /// Schema v28 (issue 49): who made each change, as the cloud says.
  ///
  /// - `scoreEvents.author`, `rounds.author`, `gameEvents.author`: the
  ///   user who created the change's record, from the server's word
  ///   (`CloudRecord.creatorUserName`), written when the change arrives by
  ///   sync; "" for one whose record names no creator (made before the
  ///   servers kept them: "unknown"). NULL for a change made or imported
  ///   in this database, by its user, and for every change that was here
  ///   before v28 (as `history` showed them). Not a synced field: a client
  ///   never sends it, so none can name another user.
  static let authors = Migration(
    version: 28,
    identifier: "authors",
    sql: """
      ALTER TABLE scoreEvents ADD COLUMN author TEXT;
      ALTER TABLE rounds ADD COLUMN author TEXT;
      ALTER TABLE gameEvents ADD COLUMN author TEXT;
      """
  )
}
