/// The changes this device made, in order (schema v7's `localChanges`),
/// and the exact totals the score checks work from.
///
/// The log holds only what `undo` can reach: the last change that was not
/// a score change (undo never reaches past it, so older entries go when
/// it is made), and the score changes made since, at most
/// `localChangeLimit` of them (the oldest go first).
extension Store {
  /// How many changes back `undo` can reach.
  public static let localChangeLimit = 1000

  /// Lists a change that is not a score change, by what it did ("renamed
  /// "Zed" to "Zeb" in "Poker""), so `undo` can say it instead of reaching
  /// past it; and drops every older entry, which undo can no longer reach.
  /// The game and player it names are kept beside it: when either is
  /// deleted (here or by a sync), schema v12's triggers replace the words
  /// with ones that name nothing.
  func recordLocalChange(_ description: String, game: String? = nil, player: String? = nil) throws {
    try database.execute(
      "INSERT INTO localChanges (description, gameID, playerID) VALUES (?1, ?2, ?3)",
      [.text(description), SQLValue(game), SQLValue(player)])
    try database.execute("DELETE FROM localChanges WHERE seq < (SELECT max(seq) FROM localChanges)")
    madeLocalChange = true
  }

  /// The last change made here that is not reverted: a score change's
  /// event, a round's row, a person link or a game entered from its
  /// result, a kind's rules (nil when another change came last), or what that other
  /// change did. Nil when there is none. Events since removed (with their
  /// player, here or on another device), and results since deleted, are
  /// passed over.
  func lastLocalChange() throws -> (event: String?, description: String?)? {
    try database.fetchOne(
      """
      SELECT c.event, c.description FROM localChanges AS c
      WHERE c.description IS NOT NULL
         OR (EXISTS (
               SELECT 1 FROM scoreEvents AS e JOIN players AS p ON p.id = e.playerID
               WHERE e.id = c.event AND p.gameID NOT IN (SELECT gameID FROM archivedGames))
             AND NOT EXISTS (SELECT 1 FROM scoreEvents AS u WHERE u.undoes = c.event))
         OR (EXISTS (
               SELECT 1 FROM rounds AS r
               WHERE r.id = c.event AND r.gameID NOT IN (SELECT gameID FROM archivedGames))
             AND NOT EXISTS (SELECT 1 FROM rounds AS u WHERE u.undoes = c.event))
         OR (EXISTS (SELECT 1 FROM personLinks AS l WHERE l.id = c.event)
             AND NOT EXISTS (SELECT 1 FROM personLinks AS u WHERE u.undoes = c.event))
         OR (EXISTS (SELECT 1 FROM kindRules AS k WHERE k.id = c.event)
             AND NOT EXISTS (SELECT 1 FROM kindRules AS u WHERE u.undoes = c.event))
         OR EXISTS (
               SELECT 1 FROM games AS g
               WHERE g.id = c.event AND g.id NOT IN (SELECT gameID FROM archivedGames))
      ORDER BY c.seq DESC LIMIT 1
      """
    ) { (try $0.optionalText(0), try $0.optionalText(1)) }
  }

  /// A player's exact total, which lies past 64 bits when changes made on
  /// several devices met (see `Migration.exactTotals`); `score` is it
  /// clamped.
  func exactScore(of playerID: String) throws -> Points {
    try database.fetchOne(
      "SELECT scoreHigh, scoreLow, scoreThousandths FROM players WHERE id = ?1", [.text(playerID)]
    ) { row in
      let whole = Int128(try row.int64(0)) << 32 + Int128(try row.int64(1))
      return Points(thousandths: whole * 1000 + Int128(try row.int64(2)))
    }!
  }

  /// Whether a change may be recorded on a total: it must end within 64
  /// bits, or, from a total already past them, nearer to them than now.
  static func accepts(_ delta: Points, on total: Points) -> Bool {
    func distance(_ value: Points) -> Points {
      value > .max ? value - .max : value < .min ? .min - value : 0
    }
    let result = total + delta
    return delta.fitsStorage && (distance(result) == 0 || distance(result) < distance(total))
  }
}
