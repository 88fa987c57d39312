@_spi(Testing) import ScorekeeperCore

/// Puts known rows into a database with SQL of its own, bypassing `uuid()`:
/// seeding never advances the id generator, so the ids a test's own
/// actions create stay 00000000-…-0001, …0002, whatever was seeded first.
/// Seeded ids count down from ffffffff-ffff-ffff-ffff-ffffffffffff.
///
/// For example:
///
///     var seed = try Seed(database)
///     let poker = try seed.game("Poker night", players: [("Alice", 12), ("Bob", 7)])
public struct Seed {
  private let database: Database
  private var nextOffset: UInt64

  /// Continues below the ids already seeded, so several seeds (or a seed
  /// after a fixture) never collide.
  public init(_ database: Database) throws {
    self.database = database
    let seeded = try database.fetchOne(
      """
      SELECT count(*) FROM (
        SELECT id FROM games UNION ALL SELECT id FROM players UNION ALL SELECT id FROM scoreEvents)
      WHERE id LIKE 'ffffffff-ffff-ffff-ffff-%'
      """
    ) { try $0.int64(0) }
    nextOffset = UInt64(seeded ?? 0)
  }

  /// A seeded game and its players, in the order given.
  public struct SeededGame {
    public let game: Game
    public let players: [Player]
  }

  @discardableResult
  public mutating func game(_ title: String, players: [(name: String, score: Points)] = [])
    throws -> SeededGame
  {
    let game = Game(id: takeID(), title: title)
    let seeded = players.map { Player(id: takeID(), gameID: game.id, name: $0.name, score: $0.score) }
    try database.write {
      try database.execute(
        "INSERT INTO games (id, title) VALUES (?1, ?2)", [.text(game.id), .text(game.title)])
      for player in seeded {
        try database.execute(
          "INSERT INTO players (id, gameID, name) VALUES (?1, ?2, ?3)",
          [.text(player.id), .text(player.gameID), .text(player.name)])
        // A score is the sum of its events: one event carries the seeded score.
        if player.score != 0 {
          try database.execute(
            """
            INSERT INTO scoreEvents (id, playerID, delta, thousandths, time, device)
            VALUES (?1, ?2, ?3, ?4, '2026-01-01T00:00:00.000Z', (SELECT id FROM localDevice))
            """, [.text(takeID()), .text(player.id), .whole(player.score), .thousandths(player.score)])
        }
      }
    }
    return SeededGame(game: game, players: seeded)
  }

  private mutating func takeID() -> String {
    defer { nextOffset += 1 }
    return negativeID(nextOffset)
  }
}
