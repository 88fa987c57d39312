/// A team's own points (schema v27): `round Spades North-South=120` gives
/// the team points that are no member's. They are the score events of the
/// team's seat, a `players` row flagged `isTeam`, named and teamed after
/// the team, made the first time the team is given points. Everything a
/// player's points go through (rounds, corrections, undo, busts, sync,
/// export, backups) takes them as they are; everything that shows or
/// counts people leaves the seat out (`Store.isPlayer`).
extension Store {
  /// A condition on the `players` row `alias` (nil: unqualified): a
  /// player, not a team's seat.
  static func isPlayer(_ alias: String? = nil) -> String {
    (alias.map { $0 + "." } ?? "") + "isTeam IS NULL"
  }

  /// The number of players (not seats) of the game whose id is the SQL
  /// `game`: two counts of index entries, rather than a read of each row.
  static func playerCount(ofGame game: String) -> String {
    """
    ((SELECT count(*) FROM players WHERE gameID = \(game))
      - (SELECT count(*) FROM players WHERE gameID = \(game) AND isTeam IS NOT NULL))
    """
  }

  /// The name the `players` row `alias` is shown by where changes are
  /// listed (`history`, `watch`): a player's, or "team N/S" for a seat.
  static func shownName(_ alias: String) -> String {
    "iif(\(alias).isTeam IS NULL, \(alias).name, 'team ' || \(alias).name)"
  }

  /// Who a name in a round gives points to: a team of the game (any
  /// member's, or a seat's, in any case), else a player (`findPlayer`).
  /// A name that is both a team and a player is refused: which was
  /// meant cannot be told.
  func scorer(_ reference: String, in game: Game) throws -> (player: Player, isTeam: Bool) {
    let text = reference.trimmingWhitespace()
    guard
      let team = try database.fetchOne(
        """
        SELECT team FROM players WHERE gameID = ?1 AND casefold(team) = casefold(?2)
        ORDER BY isTeam IS NOT NULL, team = ?2 DESC, rowid LIMIT 1
        """, [.text(game.id), .text(text)], { try $0.text(0) })
    else { return (try findPlayer(text, in: game), false) }
    let namesake = try database.fetchOne(
      """
      SELECT id, gameID, name, score, scoreThousandths FROM players
      WHERE gameID = ?1 AND casefold(name) = casefold(?2) AND \(Self.isPlayer()) ORDER BY rowid LIMIT 1
      """, [.text(game.id), .text(text)], Player.init(row:))
    if let namesake { throw StoreError.teamAndPlayerNamed(team: team, player: namesake, game: game) }
    return (try seat(of: team, in: game), true)
  }

  /// The seat holding `team`'s own points in `game`, made when it has
  /// none (the first made, when two devices each made one).
  private func seat(of team: String, in game: Game) throws -> Player {
    let existing = try database.fetchOne(
      """
      SELECT id, gameID, name, score, scoreThousandths FROM players
      WHERE gameID = ?1 AND isTeam = 1 AND casefold(team) = casefold(?2) ORDER BY rowid LIMIT 1
      """, [.text(game.id), .text(team)], Player.init(row:))
    if var existing {
      existing.name = team
      return existing
    }
    // A seat is a player record: more than a scorer may add.
    try requireWritable(game, for: .editing)
    return try database.fetchOne(
      """
      INSERT INTO players (gameID, name, team, isTeam) VALUES (?1, ?2, ?2, 1)
      RETURNING id, gameID, name, score, scoreThousandths
      """, [.text(game.id), .text(team)], Player.init(row:))!
  }
}
