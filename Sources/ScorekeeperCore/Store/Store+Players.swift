/// A player together with the game it belongs to.
public struct PlayerInGame: Hashable, Sendable {
  /// The game after the change, with its new player count.
  public var game: GameSummary
  public var player: Player
  /// Its team, as the game spells it (`add-player --team`).
  public var team: String? = nil
}

/// What a player rename changed.
public struct PlayerRename: Hashable, Sendable {
  public var game: GameSummary
  public var previous: Player
  public var player: Player
}

extension Store {
  /// Adds a player, with a starting score (by default the game's
  /// `--start`, else 0) and a team, to the game a reference names; a
  /// finished game's roster does not change.
  ///
  /// A second player of the same name (in any case) is refused: every
  /// command names players by name. (Two devices adding one offline can
  /// still meet in a sync; then the exact spelling, or the id, tells
  /// them apart.) A team is spelled as the game spells it already.
  public func addPlayer(to gameReference: String, name: String, score: Points? = nil, team: String? = nil)
    throws -> PlayerInGame
  {
    try addPlayer(to: gameReference, name: name, score: score, team: team, allowingSameName: false)
  }

  /// `addPlayer`, and for the fixtures of versions that allowed it, a
  /// second player of one name.
  @_spi(Testing) public func addPlayer(
    to gameReference: String, name: String, score: Points? = nil, team: String? = nil, allowingSameName: Bool
  ) throws -> PlayerInGame {
    let name = try TextField.playerName.validate(name)
    let typedTeam = try team.map { try TextField.teamName.validate($0) }
    return try write {
      let (game, state) = try gameInProgress(gameReference)
      let score = score ?? state.rules.start ?? 0
      if !allowingSameName, let existing = try player(named: name, in: game) {
        throw StoreError.playerExists(existing, game: game)
      }
      let team = try typedTeam.map { try spelling(ofTeam: $0, in: game) }
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
      return PlayerInGame(game: try summary(of: game), player: player, team: team)
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
      if let existing = try player(named: name, in: game), existing.id != previous.id {
        throw StoreError.playerExists(existing, game: game)
      }
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
    let typedTeam = try team.map { try TextField.teamName.validate($0) }
    return try write {
      let (game, _) = try gameInProgress(gameReference)
      let player = try findPlayer(playerReference, in: game)
      let team = try typedTeam.map { try spelling(ofTeam: $0, in: game) }
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

  /// The player of `game` called `name` in any case, if there is one.
  private func player(named name: String, in game: Game) throws -> Player? {
    try database.fetchOne(
      """
      SELECT id, gameID, name, score, scoreThousandths FROM players
      WHERE gameID = ?1 AND casefold(name) = casefold(?2) AND \(Self.isPlayer()) ORDER BY rowid LIMIT 1
      """, [.text(game.id), .text(name)], Player.init(row:))
  }

  /// A team as `game` spells it already ("Kids" for "kids"), or as typed
  /// when it is new: teams are one in any case, as every name is.
  private func spelling(ofTeam team: String, in game: Game) throws -> String {
    try database.fetchOne(
      """
      SELECT team FROM players WHERE gameID = ?1 AND casefold(team) = casefold(?2)
      ORDER BY team = ?2 DESC, rowid LIMIT 1
      """, [.text(game.id), .text(team)]
    ) { try $0.text(0) } ?? team
  }
}

/// What `set-team` changed.
public struct TeamChange: Hashable, Sendable {
  public var game: GameSummary
  public var player: Player
  public var previous: String?
  public var team: String?
}
