/// A rematch made: the new game and the one it repeats.
public struct Rematch: Hashable, Sendable {
  public var game: Game
  public var of: Game
}

extension Store {
  /// "Again, same players": a new game with the players of the game a
  /// reference names (in play, finished or not), their teams and photos,
  /// each at the rules' start (`--start`, else 0), its rules as they are now and its kind, in one transaction and one
  /// change. Its title is `title` when given, else the game's with the
  /// next number (`rematchTitle`).
  public func rematch(_ gameReference: String, title: String? = nil) throws -> Rematch {
    let typed = try title.map { try TextField.gameTitle.validate($0) }
    return try write {
      let original = try findGame(gameReference)
      let rules = try state(of: original).rules
      let kind = try kind(of: original)
      let title = try typed ?? TextField.gameTitle.validate(try rematchTitle(of: original))
      let game = try insertGame(title: title, kind: kind, rules: rules)
      // The roster in the order people read it, each with its team and photo.
      let players = try database.fetchAll(
        """
        SELECT id, name, team FROM players WHERE gameID = ?1 AND \(Self.isPlayer())
        ORDER BY name COLLATE NOCASE, name, id
        """,
        [.text(original.id)]
      ) { (id: try $0.text("id"), name: try $0.text("name"), team: try $0.optionalText("team")) }
      for player in players {
        let id = try database.fetchOne(
          "INSERT INTO players (gameID, name, team) VALUES (?1, ?2, ?3) RETURNING id",
          [.text(game.id), .text(player.name), SQLValue(player.team)]
        ) { try $0.text(0) }!
        try database.execute(
          """
          INSERT INTO playerPhotos (id, type, width, height, byteCount, sha256, bytes)
          SELECT ?1, type, width, height, byteCount, sha256, bytes FROM playerPhotos
          WHERE id = ?2 AND sha256 IS NOT NULL
          """, [.text(id), .text(player.id)])
        if let start = rules.start { try recordScoreEvent(for: id, delta: start) }
      }
      try recordLocalChange(
        "added the game \(quote(title)), a rematch of \(quote(original.title))", game: game.id)
      return Rematch(game: game, of: original)
    }
  }

  /// The title a rematch of `game` takes: its title without a number it
  /// got as a rematch ("Catan (2)" is "Catan"), then the next number, one
  /// more than the highest any game in play of that title has: "Catan
  /// (2)", "Catan (3)", …
  func rematchTitle(of game: Game) throws -> String {
    let base = Self.rematchNumber(of: game.title)?.base ?? game.title
    var highest = 1
    try database.forEachRow(
      "SELECT title FROM games WHERE casefold(substr(title, 1, ?2)) = casefold(?1) AND \(Self.shownGames())",
      [.text(base), .integer(Int64(base.unicodeScalars.count))]
    ) { row in
      if let numbered = Self.rematchNumber(of: try row.text(0)),
        numbered.base.lowercased() == base.lowercased()
      {
        highest = max(highest, numbered.number)
      }
    }
    return "\(base) (\(highest + 1))"
  }

  /// "Catan (3)" is ("Catan", 3); a title without such a number is nil.
  static func rematchNumber(of title: String) -> (base: String, number: Int)? {
    guard title.hasSuffix(")"), let open = title.lastIndex(of: "("), open > title.startIndex,
      title[title.index(before: open)] == " ",
      let number = Int(title[title.index(after: open)..<title.index(before: title.endIndex)]), number >= 2,
      String(number) == title[title.index(after: open)..<title.index(before: title.endIndex)]
    else { return nil }
    return (String(title[..<title.index(before: open)]), number)
  }
}
