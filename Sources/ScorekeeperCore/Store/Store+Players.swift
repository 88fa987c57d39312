/// A player together with the game it belongs to.
public struct PlayerInGame: Hashable, Sendable {
  /// The game after the change, with its new player count.
  public var game: GameSummary
  public var player: Player
}

/// What a player rename changed.
public struct PlayerRename: Hashable, Sendable {
  public var game: GameSummary
  public var previous: Player
  public var player: Player
}

extension Store {
  /// Adds a player, with a starting score, to the game a reference names.
  public func addPlayer(to gameReference: String, name: String, score: Int64 = 0) throws
    -> PlayerInGame
  {
    let name = try TextField.playerName.validate(name)
    return try write {
      let game = try findGame(gameReference)
      try requireWritable(game)
      var player = try database.fetchOne(
        "INSERT INTO players (gameID, name) VALUES (?1, ?2) RETURNING id, gameID, name, score",
        [.text(game.id), .text(name)], Player.init(row:))!
      // A starting score is a score change like any other, so it syncs as one.
      if score != 0 {
        try recordScoreEvent(for: player.id, delta: score)
        player.score = score
      }
      // Listed after its starting score: undo names the addition rather
      // than reverting the score it came with.
      try recordLocalChange(
        "added \(quote(name)) to \(quote(game.title))" + (score == 0 ? "" : " with \(points(score))"),
        game: game.id, player: player.id)
      return PlayerInGame(game: try summary(of: game), player: player)
    }
  }

  public func renamePlayer(in gameReference: String, _ playerReference: String, to name: String)
    throws -> PlayerRename
  {
    let name = try TextField.playerName.validate(name)
    return try write {
      let game = try findGame(gameReference)
      try requireWritable(game)
      let previous = try findPlayer(playerReference, in: game)
      // The same name again changes nothing, so nothing is written (or synced).
      if name != previous.name {
        try database.execute(
          "UPDATE players SET name = ?1 WHERE id = ?2", [.text(name), .text(previous.id)])
        try recordLocalChange(
          "renamed \(quote(previous.name)) to \(quote(name)) in \(quote(game.title))", game: game.id,
          player: previous.id)
      }
      var player = previous
      player.name = name
      return PlayerRename(game: try summary(of: game), previous: previous, player: player)
    }
  }

  /// The player a reference names, with its game: for a removal confirmed
  /// against the player the person saw.
  public func player(in gameReference: String, _ playerReference: String) throws -> PlayerInGame {
    try read {
      let game = try findGame(gameReference)
      return PlayerInGame(game: try summary(of: game), player: try findPlayer(playerReference, in: game))
    }
  }

  public func removePlayer(from gameReference: String, _ playerReference: String) throws
    -> PlayerInGame
  {
    try write {
      let game = try findGame(gameReference)
      try requireWritable(game)
      let player = try findPlayer(playerReference, in: game)
      try database.execute("DELETE FROM players WHERE id = ?1", [.text(player.id)])
      // Not named: nothing here keeps a removed player's name.
      try recordLocalChange("removed a player from \(quote(game.title))", game: game.id)
      return PlayerInGame(game: try summary(of: game), player: player)
    }
  }
}
