@_spi(Testing) @testable import ScorekeeperCore

extension Store {
  /// A game of 10 players with 100 score events each, made in two
  /// statements, all pending: 1 + 10 + 1,000 records, so a bulk sync of
  /// three batches (400, 400, 211) and three pages alike.
  func fillMarathon() throws {
    _ = try addGame(title: "Marathon")
    try database.write {
      try database.execute(
        """
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10)
        INSERT INTO players (id, gameID, name) SELECT uuid(), (SELECT id FROM games), 'Player ' || i FROM n
        """)
      try database.execute(
        """
        WITH RECURSIVE m(j) AS (SELECT 1 UNION ALL SELECT j + 1 FROM m WHERE j < 100)
        INSERT INTO scoreEvents (playerID, delta, device) SELECT p.id, 1, (SELECT id FROM localDevice)
        FROM m, players AS p
        """)
    }
  }
}
