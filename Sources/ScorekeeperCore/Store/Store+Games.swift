/// What a rename changed.
public struct GameRename: Hashable, Sendable {
  public var previous: Game
  public var game: GameSummary
}

extension Store {
  /// Adds a game with the validated title and its rules (classic rules
  /// write nothing but the game).
  public func addGame(title: String, rules: GameRules = .classic, kind: String? = nil) throws -> Game {
    let title = try TextField.gameTitle.validate(title)
    let kind = try kind.map { try TextField.gameKind.validate($0) }
    return try write {
      let game = try insertGame(title: title, kind: kind, rules: rules)
      try recordLocalChange("added the game \(quote(title))", game: game.id)
      return game
    }
  }

  /// A new game row with its rules, as one rule change (classic rules
  /// write nothing but the game), inside the caller's transaction.
  func insertGame(title: String, kind: String?, rules: GameRules) throws -> Game {
    let game = try database.fetchOne(
      "INSERT INTO games (title, kind) VALUES (?1, ?2) RETURNING id, title", [.text(title), SQLValue(kind)],
      Game.init(row:))!
    if rules != .classic {
      try recordGameEvent(
        "rules", in: game, winner: rules.winner, target: rules.target.map { .set($0) },
        winBy: rules.winBy.map(RuleChange.set), rounds: rules.rounds.map(RuleChange.set),
        counted: rules.counted ? nil : false, cooperative: rules.cooperative ? true : nil, start: rules.start,
        bust: rules.bust ? true : nil)
    }
    return game
  }

  /// Every game with its player count: most players first, then by title.
  public func games() throws -> [GameSummary] {
    try read {
      try database.fetchAll(
        """
        SELECT id, title, \(Self.playerCount(ofGame: "games.id"))
        FROM games WHERE id NOT IN (SELECT gameID FROM archivedGames)
        ORDER BY 3 DESC, title COLLATE NOCASE, title, id
        """
      ) { row in GameSummary(game: try Game(row: row), playerCount: try row.int(2)) }
    }
  }

  /// The game a reference names, with its player count.
  public func game(_ reference: String, archived: Bool = false) throws -> GameSummary {
    try read { try summary(of: try findGame(reference, archived: archived)) }
  }

  public func renameGame(_ reference: String, to title: String) throws -> GameRename {
    let title = try TextField.gameTitle.validate(title)
    return try write {
      let previous = try findGame(reference)
      try requireWritable(previous)
      // The same title again changes nothing, so nothing is written (or synced).
      if title != previous.title {
        try database.execute(
          "UPDATE games SET title = ?1 WHERE id = ?2", [.text(title), .text(previous.id)])
        try recordLocalChange(
          "renamed the game \(quote(previous.title)) to \(quote(title))", game: previous.id)
      }
      return GameRename(
        previous: previous, game: try summary(of: Game(id: previous.id, title: title)))
    }
  }

  /// Deletes the game a reference names, and its players with it.
  public func deleteGame(_ reference: String) throws -> GameSummary {
    try write { try delete(try findGame(reference)) }
  }

  /// Deletes the game with exactly this id: for a deletion confirmed
  /// against a game the person already saw.
  public func deleteGame(id: String) throws -> GameSummary {
    try write {
      guard
        let game = try database.fetchOne(
          "SELECT id, title FROM games WHERE id = ?1", [.text(id)], Game.init(row:))
      else { throw StoreError.gameNotFound(reference: id, suggestions: []) }
      return try delete(game)
    }
  }

  /// Deletes `game`, listing the change for `undo` (unnamed: nothing here
  /// keeps a deleted game's names) unless `listed` is false (an undo's).
  func delete(_ game: Game, listed: Bool = true) throws -> GameSummary {
    try requireWritable(game)
    let summary = try summary(of: game)
    // Players go by ON DELETE CASCADE.
    try database.execute("DELETE FROM games WHERE id = ?1", [.text(game.id)])
    if listed { try recordLocalChange("deleted a game") }
    return summary
  }
}

extension Store {
  /// A read-only copy of a game no longer shared with this user: whose it
  /// was, and when its sharing ended here.
  public struct ArchivedGame: Hashable, Sendable {
    public var summary: GameSummary
    public var owner: String
    public var archivedAt: Timestamp
  }

  /// The read-only copies of games no longer shared, newest first.
  public func archivedGames() throws -> [ArchivedGame] {
    try read {
      try database.fetchAll(
        """
        SELECT g.id, g.title, \(Self.playerCount(ofGame: "g.id")), a.owner, a.archivedAt
        FROM archivedGames AS a JOIN games AS g ON g.id = a.gameID
        ORDER BY a.archivedAt DESC, g.title COLLATE NOCASE, g.id
        """
      ) { row in
        ArchivedGame(
          summary: GameSummary(game: try Game(row: row), playerCount: try row.int(2)), owner: try row.text(3),
          archivedAt: try row.timestamp(4))
      }
    }
  }
}
