/// A player of one game, with a score.
public struct Player: Hashable, Sendable {
  public var id: String
  public var gameID: String
  public var name: String
  public var score: Points

  public init(id: String, gameID: String, name: String, score: Points) {
    self.id = id
    self.gameID = gameID
    self.name = name
    self.score = score
  }
}

/// A player's place in a game's standings.
///
/// Ranks are "standard competition" ranks: players with equal scores share
/// a rank and the next rank is skipped (1, 2, 2, 4), as scoreboards do.
public struct Standing: Hashable, Sendable {
  public var rank: Int
  public var player: Player
  public var photo: Photo?
  /// The player's team, when it has one.
  public var team: String?
  /// Whether the player won: only once the game is finished.
  public var isWinner: Bool

  public init(rank: Int, player: Player, photo: Photo? = nil, team: String? = nil, isWinner: Bool = false) {
    self.rank = rank
    self.player = player
    self.photo = photo
    self.team = team
    self.isWinner = isWinner
  }
}

/// Which end of the standings comes first.
public enum StandingsOrder: Sendable {
  /// Highest score first: most games.
  case descending
  /// Lowest score first: golf, and games where points are bad.
  case ascending
}
