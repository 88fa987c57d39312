/// What `revive-game` made.
public struct RevivedGame: Hashable, Sendable {
  /// The new game, with its player count.
  public var game: GameSummary
  /// The read-only copy it was made from, which stays.
  public var copy: Game
  public var scoreChanges: Int
}

extension Store {
  /// Makes a read-only copy (`list --archived`: a game no longer shared
  /// with this user) a game of one's own again: a new game, of new ids,
  /// holding the copy's players, photos, rounds, rule changes, endings and
  /// score changes as they were made (times and devices kept, so its
  /// history and result are the copy's). It syncs as any new game; the
  /// copy stays until deleted.
  public func reviveArchivedGame(_ reference: String) throws -> RevivedGame {
    try write {
      let copy = try findGame(reference, archived: true)
      // Every id the copy's rows hold, mapped to a new one first (in one
      // read): rows refer to others (a correction to its round, an undo
      // to its change).
      let players = try database.fetchAll("SELECT id FROM players WHERE gameID = ?1", [.text(copy.id)]) {
        try $0.text(0)
      }
      var ids: [String: String] = [:]
      try database.forEachRow(
        """
        SELECT id, uuid() FROM (
          SELECT id FROM players WHERE gameID = ?1 UNION ALL SELECT id FROM rounds WHERE gameID = ?1
          UNION ALL SELECT id FROM gameEvents WHERE gameID = ?1
          UNION ALL SELECT e.id FROM scoreEvents AS e JOIN players AS p ON p.id = e.playerID WHERE p.gameID = ?1)
        """, [.text(copy.id)]
      ) { ids[try $0.text(0)] = try $0.text(1) }
      func mapped(_ value: SQLValue) -> SQLValue {
        guard case .text(let id) = value else { return value }
        return .text(ids[id] ?? id)
      }
      let kind =
        try database.fetchOne("SELECT kind FROM games WHERE id = ?1", [.text(copy.id)]) {
          try $0.optionalText(0)
        } ?? nil
      let game = try database.fetchOne(
        "INSERT INTO games (title, kind) VALUES (?1, ?2) RETURNING id, title",
        [.text(copy.title), SQLValue(kind)],
        Game.init(row:))!
      try copyRows(
        "SELECT id, name, team, isTeam FROM players WHERE gameID = ?1 ORDER BY rowid", of: copy,
        into: "INSERT INTO players (id, gameID, name, team, isTeam) VALUES (?1, ?5, ?2, ?3, ?4)", game: game
      ) { [mapped($0[0]), $0[1], $0[2], $0[3]] }
      try copyRows(
        """
        SELECT f.id, f.type, f.width, f.height, f.byteCount, f.sha256, f.bytes
        FROM playerPhotos AS f JOIN players AS p ON p.id = f.id WHERE p.gameID = ?1 ORDER BY p.rowid
        """, of: copy,
        into: """
          INSERT INTO playerPhotos (id, type, width, height, byteCount, sha256, bytes)
          VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
          """, game: nil
      ) { [mapped($0[0])] + $0.dropFirst() }
      // The log's rows whole, every column (a rule's start and bust, a
      // round's name, when a backdated change was entered, who made it),
      // their ids and the ids they name mapped; a finish's winners and
      // places name players by id, inside their text.
      func renamed(_ value: SQLValue) -> SQLValue {
        guard case .text(var text) = value else { return value }
        for player in players where text.contains(player) {
          text = text.replacing(player, with: ids[player]!)
        }
        return .text(text)
      }
      let references: Set<String> = ["id", "playerID", "roundID", "fixes", "undoes"]
      for (table, order) in [("rounds", "madeAt, id"), ("gameEvents", "time, id")] {
        try copyLog(table, of: copy, where: "gameID = ?1", order: order, into: game) { column, value in
          references.contains(column)
            ? mapped(value) : ["winners", "places"].contains(column) ? renamed(value) : value
        }
      }
      let changes = try copyLog(
        "scoreEvents", of: copy, where: "playerID IN (SELECT id FROM players WHERE gameID = ?1)",
        order: "rowid",
        into: nil
      ) { column, value in references.contains(column) ? mapped(value) : value }
      try recordLocalChange("made a game of the read-only copy of \(quote(copy.title))", game: game.id)
      return RevivedGame(game: try summary(of: game), copy: copy, scoreChanges: changes)
    }
  }

  /// Copies every row of the log table `table` of `copy` (`condition`
  /// over ?1, the copy's id; in `order`), every column as `transform`
  /// makes it, `gameID` the new game's when `game` is given; returns how
  /// many.
  @discardableResult
  private func copyLog(
    _ table: String, of copy: Game, where condition: String, order: String, into game: Game?,
    _ transform: (String, SQLValue) -> SQLValue
  ) throws -> Int {
    let columns = try database.columnNames(of: table).filter { $0 != "gameID" }
    let placeholders = (1...columns.count + (game == nil ? 0 : 1)).map { "?\($0)" }.joined(separator: ", ")
    let listed = (columns + (game == nil ? [] : ["gameID"])).joined(separator: ", ")
    return try copyRows(
      "SELECT \(columns.joined(separator: ", ")) FROM \(table) WHERE \(condition) ORDER BY \(order)",
      of: copy,
      into: "INSERT INTO \(table) (\(listed)) VALUES (\(placeholders))", game: game
    ) { row in zip(columns, row).map(transform) }
  }

  /// Inserts each row `select` reads of `copy` as `transform` makes it,
  /// with the new game's id as the last argument when there is one;
  /// returns how many.
  @discardableResult
  private func copyRows(
    _ select: String, of copy: Game, into insert: String, game: Game?, _ transform: ([SQLValue]) -> [SQLValue]
  ) throws -> Int {
    let rows = try database.fetchAll(select, [.text(copy.id)]) { row in
      (0..<row.count).map { row.value($0) }
    }
    for row in rows {
      try database.execute(insert, transform(row) + (game.map { [.text($0.id)] } ?? []))
    }
    return rows.count
  }
}
