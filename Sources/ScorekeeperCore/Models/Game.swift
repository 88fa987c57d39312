/// A game: a titled scoreboard whose players keep scores.
public struct Game: Hashable, Sendable {
  public var id: String
  public var title: String

  public init(id: String, title: String) {
    self.id = id
    self.title = title
  }
}

/// A game with the number of players it has, as `list` shows it.
public struct GameSummary: Hashable, Sendable {
  public var game: Game
  public var playerCount: Int

  public init(game: Game, playerCount: Int) {
    self.game = game
    self.playerCount = playerCount
  }
}
