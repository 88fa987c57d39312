extension Migration {
  /// Schema v14: `resultChanges`, what this device saw a sync do to a
  /// finished game's result. A game's result is replayed from its log
  /// (`GameOutcome`), so changes arriving from another device (a round
  /// made offline before the game ended, a player removed) may give it
  /// other winners, or reopen it, with no change of this device's in its
  /// history to say why. The sync notes it here, and `history` shows it.
  ///
  /// Local to this device, like `localChanges`: each device saw its own
  /// result change, when it synced. Winners are player ids, space-separated
  /// (`winners` NULL: the game is in progress again), so a player's name
  /// removed is not left behind; gone with its game.
  ///
  /// Also drops v13's sync triggers on updating a round's or game event's
  /// id or game: their rows are append-only, and the `beforeUpdate`
  /// trigger of each aborts any such update, so they could never run.
  /// Every command parses the whole schema on opening, theirs included.
  static let resultChanges = Migration(
    version: 14,
    identifier: "resultChanges",
    sql: """
      CREATE TABLE resultChanges (
        seq INTEGER PRIMARY KEY,
        gameID TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE ON UPDATE CASCADE,
        time TEXT NOT NULL,
        winners TEXT,
        previousWinners TEXT NOT NULL
      ) STRICT;
      CREATE INDEX resultChanges_gameID ON resultChanges (gameID, seq);

      DROP TRIGGER sync_rounds_update;
      DROP TRIGGER sync_gameEvents_update;
      """
  )
}
