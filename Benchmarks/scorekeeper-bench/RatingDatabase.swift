@_spi(Testing) import ScorekeeperCore

/// A database of `games` finished four-player games, as a long-running
/// league leaves it: 1,000 people, a game ending every minute, three
/// kinds, a tie now and then. Made with SQL in one transaction (the
/// triggers keep totals and sync tracking as the commands would).
enum RatingDatabase {
  static let games = 100_000
  static let people = 1_000
  static let kinds = ["Hearts", "Catan", "Skat"]

  static func create(at path: String, games: Int = games) throws {
    let store = try Store(path: path, dependencies: .live)
    defer { store.close() }
    try store.database.write {
      try store.database.execute(
        """
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
        INSERT INTO games (id, title, kind)
        SELECT printf('game-%06d', i), printf('League game %d', i),
               CASE i % 3 WHEN 0 THEN 'Hearts' WHEN 1 THEN 'Catan' ELSE 'Skat' END
        FROM n
        """, [.integer(Int64(games))])
      // Four distinct people a game (250 apart among 1,000).
      try store.database.execute(
        """
        WITH RECURSIVE k(j) AS (SELECT 0 UNION ALL SELECT j + 1 FROM k WHERE j < 3)
        INSERT INTO players (id, gameID, name)
        SELECT g.id || '-' || k.j, g.id, printf('Person %d', (g.rowid * 37 + k.j * 250) % ?1)
        FROM games AS g, k WHERE g.id LIKE 'game-%'
        """, [.integer(Int64(people))])
      // Each game's totals: a tie for first in one game of ten.
      try store.database.execute(
        """
        INSERT INTO scoreEvents (playerID, delta, time, device)
        SELECT p.id,
               CASE WHEN g.rowid % 10 = 0 AND substr(p.id, -1) IN ('0', '1') THEN 50
                    ELSE (g.rowid * 13 + CAST(substr(p.id, -1) AS INTEGER) * 7) % 47 END,
               strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || g.rowid || ' minutes'),
               (SELECT id FROM localDevice)
        FROM games AS g JOIN players AS p ON p.gameID = g.id WHERE g.id LIKE 'game-%'
        """)
      try store.database.execute(
        """
        INSERT INTO gameEvents (gameID, time, device, kind)
        SELECT id, strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || rowid || ' minutes', '+30 seconds'),
               (SELECT id FROM localDevice), 'finish'
        FROM games WHERE id LIKE 'game-%'
        """)
    }
  }
}
