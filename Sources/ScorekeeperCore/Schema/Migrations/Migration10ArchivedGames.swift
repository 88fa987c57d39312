extension Migration {
  /// Schema v10: games kept as read-only copies after their sharing ended.
  ///
  /// When the owner stops sharing a game (or deletes it), a participant's
  /// devices lose access to it. Its rows stay here, no longer synced, as
  /// that game's final state, listed with `list --archived` until the
  /// participant deletes the copy: `archivedGames` names those games, with
  /// their owner and when the copy was made. Lookups and changes pass them
  /// by; deleting the game deletes its entry.
  static let archivedGames = Migration(
    version: 10,
    identifier: "archivedGames",
    sql: """
      CREATE TABLE archivedGames (
        gameID TEXT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE ON UPDATE CASCADE,
        owner TEXT NOT NULL,
        archivedAt TEXT NOT NULL
      ) STRICT;
      """
  )
}
