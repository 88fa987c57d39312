import ScorekeeperCore

extension Completer.Names {
  /// The names in the database at `path`, read without creating,
  /// migrating or syncing anything: a missing file, another program's
  /// database or a locked one gives no names, never an error at a prompt.
  static func inDatabase(at path: String) -> Self {
    @Sendable func query(_ sql: String, _ arguments: [SQLValue]) -> [String] {
      guard let database = try? Database(path: path, create: false, busyTimeoutMilliseconds: 100) else {
        return []
      }
      defer { database.close() }
      return (try? database.fetchAll(sql, arguments) { try $0.text(0) }) ?? []
    }
    return Self(
      games: { prefix in
        query(
          "SELECT DISTINCT title FROM games WHERE title LIKE ?1 ESCAPE '\\' ORDER BY title COLLATE NOCASE, title",
          [.text(likePrefix(prefix))])
      },
      players: { game, prefix in
        // The game as the parser finds it: its title in any case, or its
        // id's first digits. (CROSS JOIN: the games first, then their
        // players by index; the other way scans every player, 24 ms for
        // 50,000.)
        query(
          """
          SELECT DISTINCT p.name FROM games AS g CROSS JOIN players AS p ON p.gameID = g.id
          WHERE (g.title = ?1 COLLATE NOCASE OR (length(?1) >= 4 AND g.id LIKE ?2 ESCAPE '\\'))
            AND p.name LIKE ?3 ESCAPE '\\'
          ORDER BY p.name COLLATE NOCASE, p.name
          """, [.text(game), .text(likePrefix(game)), .text(likePrefix(prefix))])
      })
  }

  /// A LIKE pattern for "starts with `prefix`" (ASCII letters in any case).
  private static func likePrefix(_ prefix: String) -> String {
    var pattern = ""
    for character in prefix {
      if character == "%" || character == "_" || character == "\\" { pattern.append("\\") }
      pattern.append(character)
    }
    return pattern + "%"
  }
}
