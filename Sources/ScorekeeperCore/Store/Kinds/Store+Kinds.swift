/// A kind of game ("Hearts"), as `kinds` lists it.
public struct KindSummary: Hashable, Sendable {
  /// As most games of the kind spell it (the first by name among equals).
  public var name: String
  public var games: Int
  public var finished: Int
}

/// A game's kind set or removed.
public struct KindChange: Hashable, Sendable {
  public var game: Game
  public var previous: String?
  public var kind: String?
}

/// Which game a game is, across games: kinds match in any case, spaces
/// around them ignored ("hearts" is "Hearts").
public enum GameKind {
  public static func key(of kind: String) -> String { Person.key(of: kind) }
}

extension Store {
  /// Sets a game's kind (nil removes it). Finished games take it too: a
  /// kind labels a game, and decides no result.
  public func setKind(in gameReference: String, to kind: String?) throws -> KindChange {
    let kind = try kind.map { try TextField.gameKind.validate($0) }
    return try write {
      let game = try findGame(gameReference)
      try requireWritable(game)
      return try setKind(of: game, to: kind)
    }
  }

  /// `setKind` inside a write, on a game found writable; `kind` validated.
  func setKind(of game: Game, to kind: String?) throws -> KindChange {
    let previous = try self.kind(of: game)
    if previous != kind {
      try database.execute("UPDATE games SET kind = ?2 WHERE id = ?1", [.text(game.id), SQLValue(kind)])
      try recordLocalChange("changed the kind of \(quote(game.title))", game: game.id)
    }
    return KindChange(game: game, previous: previous, kind: kind)
  }

  func kind(of game: Game) throws -> String? {
    try database.fetchOne("SELECT kind FROM games WHERE id = ?1", [.text(game.id)]) { try $0.optionalText(0) }
      ?? nil
  }

  /// Every game's kind, by game id (games without one are left out),
  /// inside a read.
  /// `spelled` keeps those of these spellings alone.
  func gameKinds(spelled spellings: [String]? = nil) throws -> [String: String] {
    Dictionary(
      uniqueKeysWithValues: try database.fetchAll(
        "SELECT id, kind FROM games AS g WHERE kind IS NOT NULL \(Self.kindCondition(spellings, games: "g"))",
        (spellings ?? []).map(SQLValue.text)
      ) { (try $0.text(0), try $0.text(1)) })
  }

  /// A game's kind, by reference.
  public func kind(of gameReference: String) throws -> String? {
    try read { try kind(of: findGame(gameReference)) }
  }

  /// Every kind of game, with how many games and finished games it has,
  /// most games first, then by name. Without `countingFinished` no game
  /// is replayed, and `finished` is 0.
  public func kinds(countingFinished: Bool = true) throws -> [KindSummary] {
    try read {
      try kinds(
        finished: countingFinished ? Set(try finishedGamesInOrder(naming: false).games.map(\.game.id)) : [])
    }
  }

  /// The same inside a read, `finished` naming the finished games.
  func kinds(finished: Set<String>) throws -> [KindSummary] {
    var kinds: [String: (spellings: [String: Int], games: Int, finished: Int)] = [:]
    try database.forEachRow(
      "SELECT id, kind FROM games WHERE kind IS NOT NULL AND id NOT IN (SELECT gameID FROM archivedGames)"
    ) { row in
      let kind = try row.text(1)
      var entry = kinds[GameKind.key(of: kind)] ?? ([:], 0, 0)
      entry.spellings[kind, default: 0] += 1
      entry.games += 1
      if finished.contains(try row.text(0)) { entry.finished += 1 }
      kinds[GameKind.key(of: kind)] = entry
    }
    return kinds.values.map { entry in
      let name = entry.spellings.max { ($0.value, $1.key) < ($1.value, $0.key) }!.key
      return KindSummary(name: name, games: entry.games, finished: entry.finished)
    }.sorted { ($1.games, $0.name.lowercased(), $0.name) < ($0.games, $1.name.lowercased(), $1.name) }
  }
}
