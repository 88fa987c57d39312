/// The names a shell completes (`scorekeeper __complete`), read from the
/// database at `path` without creating, migrating or syncing anything: a
/// missing file, another program's database or a locked one gives no
/// names, never an error at a prompt.
public struct CompletionNames: Sendable {
  public let path: String

  public init(path: String) {
    self.path = path
  }

  /// The titles that start with `prefix` (ASCII letters in any case).
  public func games(startingWith prefix: String) -> [String] {
    reading {
      Self.firstColumn(
        of: """
          SELECT DISTINCT title FROM games WHERE title LIKE ?1 ESCAPE '\\' ORDER BY title COLLATE NOCASE, title
          """, [.text(Self.likePrefix(prefix))], in: $0)
    } ?? []
  }

  /// The names starting with `prefix` of the players of `game`, as the
  /// parser finds a game: its title in any case, or its id's first digits.
  public func players(of game: String, startingWith prefix: String) -> [String] {
    // (CROSS JOIN: the games first, then their players by index; the
    // other way scans every player, 24 ms for 50,000.) Teams' seats are
    // no players; a database older than schema 27 has none.
    let sql = { (players: String) in
      """
      SELECT DISTINCT p.name FROM games AS g CROSS JOIN players AS p ON p.gameID = g.id
      WHERE (g.title = ?1 COLLATE NOCASE OR (length(?1) >= 4 AND g.id LIKE ?2 ESCAPE '\\'))
        AND p.name LIKE ?3 ESCAPE '\\' AND \(players)
      ORDER BY p.name COLLATE NOCASE, p.name
      """
    }
    let arguments: [SQLValue] = [.text(game), .text(Self.likePrefix(game)), .text(Self.likePrefix(prefix))]
    return reading {
      Self.firstColumn(of: sql(Store.isPlayer("p")), arguments, in: $0)
        ?? Self.firstColumn(of: sql("1"), arguments, in: $0)
    } ?? []
  }

  /// The kinds starting with `prefix`, in any case: those games have, the
  /// user's own (`kinds --set`) and the built-in ones, each once (as the
  /// user's rules spell it, else as games do), by name.
  public func kinds(startingWith prefix: String) -> [String] {
    var byKey: [String: String] = [:]
    let fromDatabase = reading {
      (Self.firstColumn(of: "SELECT DISTINCT kind FROM games WHERE kind IS NOT NULL", [], in: $0) ?? [])
        + Self.ownKinds(in: $0)
    }
    for name in BuiltInKinds.all.map(\.name) + (fromDatabase ?? []) {
      byKey[GameKind.key(of: name)] = name
    }
    let typed = prefix.lowercased()
    return byKey.values.filter { $0.lowercased().hasPrefix(typed) }.sorted {
      ($0.lowercased(), $0) < ($1.lowercased(), $1)
    }
  }

  /// The user's kinds with rules, replayed (none in a database older than
  /// schema 26, which has no such table).
  private static func ownKinds(in database: Database) -> [String] {
    let entries = try? database.fetchAll(
      "SELECT \(KindRulesEntry.columns) FROM kindRules ORDER BY time, id", [], KindRulesEntry.init(row:))
    return KindBook(entries: (entries ?? []).compactMap { $0 }).kinds.values.map(\.name)
  }

  /// `body` on one connection to the database; nil when it cannot be
  /// opened. (One per completion: each open reads the schema and looks
  /// at the log's mark.)
  private func reading<T>(_ body: (Database) -> T?) -> T? {
    guard
      let database = try? Database(path: path, create: false, busyTimeoutMilliseconds: 100, keepingLog: true)
    else {
      return nil
    }
    defer { database.close() }
    return body(database)
  }

  /// The first column of each row; nil when the query fails.
  private static func firstColumn(of sql: String, _ arguments: [SQLValue], in database: Database) -> [String]?
  {
    try? database.fetchAll(sql, arguments) { try $0.text(0) }
  }

  /// A LIKE pattern for "starts with `prefix`".
  static func likePrefix(_ prefix: String) -> String {
    var pattern = ""
    for character in prefix {
      if character == "%" || character == "_" || character == "\\" { pattern.append("\\") }
      pattern.append(character)
    }
    return pattern + "%"
  }
}
