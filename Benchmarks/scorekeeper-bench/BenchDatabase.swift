@_spi(Testing) import ScorekeeperCore

/// The database both tools work on: small games of 20 players for the
/// per-command costs, and one game of 100,000 players for the big list.
enum BenchDatabase {
  static let smallGame = "Poker night"
  static let addGame = "Open table"
  static let bigGame = "Marathon"
  static let bigGameSize = 100_000

  static func create(at path: String) throws {
    let store = try Store(path: path, dependencies: .live)
    defer { store.close() }
    for title in [smallGame, addGame] {
      _ = try store.addGame(title: title)
      for index in 1...20 {
        _ = try store.addPlayer(to: title, name: "Player \(index)", score: Int64(index * 37 % 50))
      }
    }
    let big = try store.addGame(title: bigGame)
    try store.database.write {
      try store.database.execute(
        """
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
        INSERT INTO players (id, gameID, name)
        SELECT uuid(), ?1, printf('Player %06d', i) FROM n
        """, [.text(big.id), .integer(Int64(bigGameSize))])
      // Scores are sums of events: one each, which the insert trigger adds up.
      try store.database.execute(
        """
        INSERT INTO scoreEvents (playerID, delta, device)
        SELECT id, (CAST(substr(name, 8) AS INTEGER) * 7919) % 100003 - 50000,
               (SELECT id FROM localDevice)
        FROM players WHERE gameID = ?1
        """, [.text(big.id)])
    }
  }

  /// A copy of the database at `path` for the sqlite3 tool: the same data,
  /// without the sync triggers, which call functions only scorekeeper
  /// defines. (What they cost is measured on its own.)
  static func copyForSQLite3(_ path: String, to copy: String) throws {
    let store = try Store(path: path, dependencies: .live)
    defer { store.close() }
    try store.database.execute("VACUUM INTO ?1", [.text(copy)])
    let baseline = try Database(path: copy, create: false)
    defer { baseline.close() }
    let triggers = try baseline.fetchAll(
      "SELECT name FROM sqlite_schema WHERE type = 'trigger' AND name LIKE 'sync\\_%' ESCAPE '\\'"
    ) { try $0.text(0) }
    for trigger in triggers { try baseline.execute("DROP TRIGGER \(trigger)") }
    try baseline.execute("PRAGMA journal_mode = WAL")
  }

  /// The SQL a sqlite3 user would write for a game's standings: the
  /// players, best first, ties by name. (scorekeeper also sizes its
  /// columns and computes ranks; the baseline does not.)
  static func standingsSQL(_ title: String) -> String {
    """
    SELECT score, name FROM players
    WHERE gameID = (SELECT id FROM games WHERE title = '\(title)' COLLATE NOCASE)
    ORDER BY score DESC, name COLLATE NOCASE, name, id;
    """
  }

  /// `score GAME PLAYER +1` as SQL: one score event (the schema's trigger
  /// adds it to the total) and its entry in the device's log of changes
  /// (which `undo` walks), then the new standings, in one write
  /// transaction, with the same connection settings.
  static func scoreSQL(_ title: String, _ player: String) -> String {
    """
    PRAGMA foreign_keys = ON;
    BEGIN IMMEDIATE;
    INSERT INTO scoreEvents (id, playerID, delta, time, device)
    SELECT lower(hex(randomblob(16))), id, 1, strftime('%Y-%m-%dT%H:%M:%fZ'), (SELECT id FROM localDevice)
    FROM players
    WHERE gameID = (SELECT id FROM games WHERE title = '\(title)' COLLATE NOCASE)
      AND name = '\(player)' COLLATE NOCASE;
    INSERT INTO localChanges (event) SELECT id FROM scoreEvents WHERE rowid = last_insert_rowid();
    \(standingsSQL(title))
    COMMIT;
    """
  }

  /// `add-player GAME NAME` as SQL: a new row with a random id, and its
  /// entry in the log of changes.
  static func addPlayerSQL(_ title: String, _ name: String) -> String {
    """
    PRAGMA foreign_keys = ON;
    BEGIN IMMEDIATE;
    INSERT INTO players (id, gameID, name, score)
    SELECT lower(hex(randomblob(16))), id, '\(name)', 0 FROM games WHERE title = '\(title)' COLLATE NOCASE;
    INSERT INTO localChanges (description) VALUES ('added "\(name)" to "\(title)"');
    COMMIT;
    """
  }
}
