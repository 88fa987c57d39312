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
  /// Adds a player, with a starting score and a team, to the game a
  /// reference names; a finished game's roster does not change.
  public func addPlayer(to gameReference: String, name: String, score: Points = 0, team: String? = nil)
    throws -> PlayerInGame
  {
    let name = try TextField.playerName.validate(name)
    let team = try team.map { try TextField.teamName.validate($0) }
    return try write {
      let (game, _) = try gameInProgress(gameReference)
      var player = try database.fetchOne(
        "INSERT INTO players (gameID, name, team) VALUES (?1, ?2, ?3) RETURNING id, gameID, name, score, scoreThousandths",
        [.text(game.id), .text(name), SQLValue(team)], Player.init(row:))!
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
      let (game, _) = try gameInProgress(gameReference)
      let player = try findPlayer(playerReference, in: game)
      try database.execute("DELETE FROM players WHERE id = ?1", [.text(player.id)])
      // Not named: nothing here keeps a removed player's name.
      try recordLocalChange("removed a player from \(quote(game.title))", game: game.id)
      return PlayerInGame(game: try summary(of: game), player: player)
    }
  }

  /// Puts a player in a team (nil: in none). The same team again changes
  /// nothing; a finished game's teams do not change.
  public func setTeam(in gameReference: String, _ playerReference: String, to team: String?) throws
    -> TeamChange
  {
    let team = try team.map { try TextField.teamName.validate($0) }
    return try write {
      let (game, _) = try gameInProgress(gameReference)
      let player = try findPlayer(playerReference, in: game)
      let previous = try database.fetchOne(
        "SELECT team FROM players WHERE id = ?1", [.text(player.id)]
      ) { try $0.optionalText(0) }!
      if team != previous {
        try database.execute(
          "UPDATE players SET team = ?1 WHERE id = ?2", [SQLValue(team), .text(player.id)])
        try recordLocalChange(
          (team.map { "put \(quote(player.name)) in team \(quote($0))" }
            ?? "took \(quote(player.name)) out of its team") + " in \(quote(game.title))",
          game: game.id, player: player.id)
      }
      return TeamChange(game: try summary(of: game), player: player, previous: previous, team: team)
    }
  }
}

/// What `set-team` changed.
public struct TeamChange: Hashable, Sendable {
  public var game: GameSummary
  public var player: Player
  public var previous: String?
  public var team: String?
}
