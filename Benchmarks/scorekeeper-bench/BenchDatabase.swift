@_spi(Testing) import ScorekeeperCore

/// The database both tools work on: small games of 20 players for the
/// per-command costs, and one game of 100,000 players for the big list.
enum BenchDatabase {
  static let smallGame = "Poker night"
  static let addGame = "Open table"
  /// The player the add-player row adds, there from the start so that
  /// each run can remove it first (a game refuses a second of one name).
  static let newcomer = "Newcomer"
  static let bigGame = "Marathon"
  static let bigGameSize = 100_000
  /// Hearts-like games (lowest wins, a target no total reaches): one for
  /// `round` to add to, one of `longGameRounds` rounds already played.
  static let roundGame = "Hearts"
  static let longGame = "Hearts league"
  static let longGameRounds = 1000
  static let roundPlayers = (1...8).map { "P\($0)" }
  static let longGameTarget: Int64 = 1_000_000_000

  static func create(at path: String) throws {
    let store = try Store(path: path, dependencies: .live)
    defer { store.close() }
    for title in [smallGame, addGame] {
      _ = try store.addGame(title: title)
      for index in 1...20 {
        _ = try store.addPlayer(to: title, name: "Player \(index)", score: Points(Int64(index * 37 % 50)))
      }
    }
    _ = try store.addPlayer(to: addGame, name: newcomer)
    let rules = try GameRules(winner: .lowest, target: Points(longGameTarget))
    for title in [roundGame, longGame] {
      _ = try store.addGame(title: title, rules: rules)
      for name in roundPlayers { _ = try store.addPlayer(to: title, name: name) }
    }
    let long = try store.game(longGame).game
    try store.database.write {
      // Each round a millisecond after the last, its 8 events with it.
      try store.database.execute(
        """
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
        INSERT INTO rounds (id, gameID, madeAt, device)
        SELECT printf('round-%06d', i), ?1,
               strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || (i / 1000.0) || ' seconds'),
               (SELECT id FROM localDevice)
        FROM n
        """, [.text(long.id), .integer(Int64(longGameRounds))])
      try store.database.execute(
        """
        INSERT INTO scoreEvents (playerID, delta, time, device, roundID)
        SELECT p.id, (r.rowid * 7 + p.rowid * 13) % 27, r.madeAt, r.device, r.id
        FROM rounds AS r JOIN players AS p ON p.gameID = r.gameID WHERE r.gameID = ?1
        """, [.text(long.id)])
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
  /// defines. (What they cost is measured on its own.) With
  /// `keepingSyncTracking`, the triggers are the SQL ones of schema v30,
  /// which wrote in SQL what v31's functions write, each without the
  /// condition that calls such a function: sqlite3 then makes the same
  /// rows scorekeeper makes, the entries that tell sync what to send
  /// included.
  static func copyForSQLite3(_ path: String, to copy: String, keepingSyncTracking: Bool = false) throws {
    let store = try Store(path: path, dependencies: .live)
    defer { store.close() }
    try store.database.execute("VACUUM INTO ?1", [.text(copy)])
    let baseline = try Database(path: copy, create: false)
    defer { baseline.close() }
    let triggers = try baseline.fetchAll(
      "SELECT name FROM sqlite_schema WHERE type = 'trigger' AND name LIKE 'sync\\_%' ESCAPE '\\'"
    ) { try $0.text(0) }
    for trigger in triggers {
      try baseline.execute("DROP TRIGGER \(trigger)")
    }
    for trigger in keepingSyncTracking ? try Schema.syncTriggersInSQL() : [] {
      // (now() is scorekeeper's clock: SQLite's own gives the same text.)
      try baseline.execute(
        trigger.sql.replacing("WHEN NOT syncIsApplying()", with: "").replacing(
          "now()", with: "strftime('%Y-%m-%dT%H:%M:%fZ')"))
    }
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

  /// `round GAME P1=1 … P8=8` as SQL: the round's row, its 8 events with
  /// its id and time, its entry in the log of changes, then the
  /// standings, in one write transaction.
  static func roundSQL(_ title: String) -> String {
    """
    PRAGMA foreign_keys = ON;
    BEGIN IMMEDIATE;
    INSERT INTO rounds (id, gameID, madeAt, device)
    SELECT lower(hex(randomblob(16))), id, strftime('%Y-%m-%dT%H:%M:%fZ'), (SELECT id FROM localDevice)
    FROM games WHERE title = '\(title)' COLLATE NOCASE;
    INSERT INTO scoreEvents (id, playerID, delta, time, device, roundID)
    SELECT lower(hex(randomblob(16))), p.id, CAST(substr(p.name, 2) AS INTEGER), r.madeAt, r.device, r.id
    FROM rounds AS r JOIN players AS p ON p.gameID = r.gameID WHERE r.rowid = last_insert_rowid();
    INSERT INTO localChanges (event) SELECT id FROM rounds WHERE rowid = (SELECT max(rowid) FROM rounds);
    \(standingsSQL(title))
    COMMIT;
    """
  }

  /// A score sheet as SQL: each round's points by player, in order.
  static func sheetSQL(_ title: String) -> String {
    """
    SELECT r.madeAt, p.name, sum(e.delta) FROM rounds AS r
    JOIN scoreEvents AS e ON e.roundID = r.id JOIN players AS p ON p.id = e.playerID
    WHERE r.gameID = (SELECT id FROM games WHERE title = '\(title)' COLLATE NOCASE)
    GROUP BY r.id, p.id ORDER BY r.madeAt, r.id, p.rowid;
    """
  }

  /// Whether and when a game of a target ended, as SQL: the first time a
  /// player's running total, in the order the points were made, reached
  /// the target. `list GAME` must know it (the game's log decides), so a
  /// sqlite3 user's standings of such a game come with this query.
  static func endSQL(_ title: String, target: Int64) -> String {
    """
    SELECT min(time) FROM (
      SELECT e.time, sum(e.delta) OVER (PARTITION BY e.playerID ORDER BY e.time, e.id) AS running
      FROM players AS p JOIN scoreEvents AS e ON e.playerID = p.id
      WHERE p.gameID = (SELECT id FROM games WHERE title = '\(title)' COLLATE NOCASE))
    WHERE running >= \(target);
    """
  }
}
