/// How commands find the game or player a person named.
///
/// A reference is tried as a title or name first (trimmed, ignoring case),
/// then as an id fragment (see `IDFragment`). When several rows match, the
/// one whose text matches exactly, case included, wins; otherwise the
/// reference is ambiguous and the error lists the candidates. Duplicate
/// titles and names are allowed, so ambiguity is a normal answer.
///
/// A lookup sees the games in play, or with `archived` only the read-only
/// copies of games no longer shared (`archivedGames`): what `list
/// --archived GAME`, `delete-game --archived` and `revive-game` name, the
/// only commands that find a copy by name.
extension Store {
  func findGame(_ reference: String, archived: Bool = false) throws -> Game {
    let text = reference.trimmingWhitespace()
    let shown = Self.shownGames(archived: archived)
    let byTitle = try database.fetchAll(
      "SELECT id, title FROM games WHERE casefold(title) = casefold(?1) AND \(shown) ORDER BY title, id",
      [.text(text)], Game.init(row:))
    // A season of one title ("Catan" each week): the title names the game
    // of it in progress, when one alone is.
    if let game = try pickOne(
      byTitle, exactly: { $0.title == text }, preferring: { try !self.state(of: $0).isFinished },
      ambiguous: ambiguousGame(text))
    {
      return game
    }
    if let fragment = IDFragment(text) {
      let byID = try database.fetchAll(
        "SELECT id, title FROM games WHERE \(fragment.condition) AND \(shown) ORDER BY id",
        fragment.arguments, Game.init(row:))
      if let game = try pickOne(byID, exactly: { _ in false }, ambiguous: ambiguousGame(text)) {
        return game
      }
    }
    if !archived,
      let copy = try database.fetchOne(
        """
        SELECT g.title, a.owner FROM games AS g JOIN archivedGames AS a ON a.gameID = g.id
        WHERE casefold(g.title) = casefold(?1) ORDER BY g.title, g.id LIMIT 1
        """, [.text(text)], { (try $0.text(0), try $0.text(1)) })
    {
      throw StoreError.archivedGame(title: copy.0, owner: copy.1)
    }
    let titles = try database.fetchAll("SELECT id, title FROM games WHERE \(shown)", [], Game.init(row:))
    let close = Set(Suggestion.closest(to: text, among: titles.map(\.title)))
    throw StoreError.gameNotFound(
      reference: text, suggestions: titles.filter { close.contains($0.title) })
  }

  func findPlayer(_ reference: String, in game: Game) throws -> Player {
    let text = reference.trimmingWhitespace()
    let byName = try database.fetchAll(
      """
      SELECT id, gameID, name, score, scoreThousandths FROM players
      WHERE gameID = ?1 AND casefold(name) = casefold(?2) AND \(Self.isPlayer()) ORDER BY name, id
      """,
      [.text(game.id), .text(text)], Player.init(row:))
    let ambiguous = { (candidates: [Player]) in
      StoreError.ambiguousPlayer(reference: text, game: game, candidates: candidates)
    }
    if let player = try pickOne(byName, exactly: { $0.name == text }, ambiguous: ambiguous) {
      return player
    }
    if let fragment = IDFragment(text) {
      let byID = try database.fetchAll(
        """
        SELECT id, gameID, name, score, scoreThousandths FROM players
        WHERE gameID = ?3 AND \(fragment.condition) AND \(Self.isPlayer()) ORDER BY id
        """,
        fragment.arguments + [.text(game.id)], Player.init(row:))
      if let player = try pickOne(byID, exactly: { _ in false }, ambiguous: ambiguous) {
        return player
      }
    }
    let everyone = try database.fetchAll(
      "SELECT id, gameID, name, score, scoreThousandths FROM players WHERE gameID = ?1 AND \(Self.isPlayer())",
      [.text(game.id)],
      Player.init(row:))
    if let team = try database.fetchOne(
      "SELECT team FROM players WHERE gameID = ?1 AND casefold(team) = casefold(?2) LIMIT 1",
      [.text(game.id), .text(text)], { try $0.text(0) })
    {
      throw StoreError.teamIsNoPlayer(team: team, game: game)
    }
    let close = Set(Suggestion.closest(to: text, among: everyone.map(\.name)))
    throw StoreError.playerNotFound(
      reference: text, game: game, suggestions: everyone.filter { close.contains($0.name) })
  }

  /// The one match; of several, the one exact match (case included),
  /// else of those (or of all, when none is exact) the one `preferred`.
  private func pickOne<T>(
    _ matches: [T], exactly isExact: (T) -> Bool, preferring isPreferred: (T) throws -> Bool = { _ in false },
    ambiguous: ([T]) throws -> StoreError
  ) throws -> T? {
    if matches.count <= 1 { return matches.first }
    let exact = matches.filter(isExact)
    if exact.count == 1 { return exact[0] }
    let preferred = try (exact.isEmpty ? matches : exact).filter(isPreferred)
    if preferred.count == 1 { return preferred[0] }
    throw try ambiguous(matches)
  }

  /// The games a lookup sees (the games in play, or the read-only copies),
  /// as a condition on `games.id`.
  static func shownGames(archived: Bool = false) -> String {
    "id \(archived ? "" : "NOT ")IN (SELECT gameID FROM archivedGames)"
  }

  /// How many games (this one included) have `game`'s title, in any case.
  public func gamesTitled(like game: Game) throws -> Int {
    try read {
      try database.fetchOne(
        "SELECT count(*) FROM games WHERE casefold(title) = casefold(?1) AND \(Self.shownGames())",
        [.text(game.title)]
      ) { try $0.int(0) }!
    }
  }

  private func ambiguousGame(_ reference: String) -> ([Game]) throws -> StoreError {
    { games in
      StoreError.ambiguousGame(
        reference: reference, candidates: try games.map { try self.summary(of: $0) })
    }
  }

  func summary(of game: Game) throws -> GameSummary {
    let count = try database.fetchOne(
      "SELECT \(Self.playerCount(ofGame: "?1"))", [.text(game.id)]
    ) { try $0.int(0) }
    return GameSummary(game: game, playerCount: count ?? 0)
  }
}

extension IDFragment {
  fileprivate var arguments: [SQLValue] { [.text(head), .text(tail)] }

  /// `IDFragment.matches` in SQL over `id`: ?1 is the head, ?2 the tail
  /// ("" for none); hyphens ignored.
  fileprivate var condition: String {
    isBare
      ? """
      (substr(lower(replace(id, '-', '')), 1, length(?1)) = ?1
        OR substr(lower(replace(id, '-', '')), -length(?1)) = ?1) AND ?2 = ''
      """
      : """
      substr(lower(replace(id, '-', '')), 1, length(?1)) = ?1
      AND (?2 = '' OR substr(lower(replace(id, '-', '')), -length(?2)) = ?2)
      """
  }
}

extension Game {
  init(row: Row) throws {
    self.init(id: try row.text(0), title: try row.text(1))
  }
}

extension Player {
  init(row: Row) throws {
    self.init(
      id: try row.text(0), gameID: try row.text(1), name: try row.text(2), score: try row.total(3))
  }
}

extension ScoreEvent {
  /// The columns `init(row:)` reads, of `scoreEvents AS e`.
  static let columns = columns(of: "e")

  /// The same, of `alias` (nil: unqualified, for a `RETURNING`).
  static func columns(of alias: String?) -> String {
    columnList(["id", "playerID", "delta", "thousandths", "time", "device", "undoes"], of: alias)
  }

  /// A score event from `columns` (or a `RETURNING` of the same).
  init(row: Row) throws {
    self.init(
      id: try row.text(0), playerID: try row.text(1), delta: try row.points(2), time: try row.timestamp(4),
      device: try row.text(5), undoes: try row.optionalText(6))
  }
}
