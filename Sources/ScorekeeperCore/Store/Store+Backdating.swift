/// Changes recorded after they happened (`--at`): a result from a paper
/// sheet, a round entered the next morning.
///
/// The log is replayed by when things happened, so a backdated change is
/// stamped then: its rounds number among the game's by that time, ratings
/// and `--as-of` count it then. Each entry also keeps when it was entered
/// (`enteredAt`, schema v25), which history shows beside it.
extension Store {
  /// Runs `body`, one command's write, with every log entry it makes
  /// stamped `time` (and a millisecond more for each after the first, so
  /// they keep the order they were made in); nil runs it as it happens.
  /// A time in the future is refused, and one before the game an entry
  /// belongs to began (its first entry), when the entry is made; either
  /// way nothing is written.
  public func recording<T>(at time: Timestamp?, _ body: () throws -> T) throws -> T {
    guard let time else { return try body() }
    let now = try database.fetchOne("SELECT now()") { try $0.timestamp(0) }!
    if time > now { throw StoreError.timeInFuture(time, now: now) }
    backdating = (time, 0, now)
    defer { backdating = nil }
    return try body()
  }

  /// When the next entry of the game `gameID`'s log happened and was
  /// entered, while backdating: the time to stamp and now; `(.null,
  /// .null)` otherwise, for the entry's own `logTime`.
  func entryTimes(inGame gameID: String) throws -> (time: SQLValue, enteredAt: SQLValue) {
    guard let (time, entries, enteredAt) = backdating else { return (.null, .null) }
    // The command's first entry is judged; those after it follow it.
    if entries == 0,
      let began = try database.fetchOne(
        """
        SELECT min(t) FROM (
          SELECT min(madeAt) AS t FROM rounds WHERE gameID = ?1
          UNION ALL SELECT min(time) FROM gameEvents WHERE gameID = ?1
          UNION ALL SELECT min(e.time) FROM players AS p JOIN scoreEvents AS e ON e.playerID = p.id
            WHERE p.gameID = ?1)
        """, [.text(gameID)], { try $0.optionalText(0).flatMap(Timestamp.init(iso8601:)) })!,
      time < began
    {
      let game = try database.fetchOne(
        "SELECT id, title FROM games WHERE id = ?1", [.text(gameID)], Game.init(row:))!
      throw StoreError.timeBeforeGameBegan(time, began: began, game: game)
    }
    backdating = (time, entries + 1, enteredAt)
    let stamped = Timestamp(millisecondsSince1970: time.millisecondsSince1970 + entries)
    return (.text(stamped.iso8601), .text(enteredAt.iso8601))
  }
}
