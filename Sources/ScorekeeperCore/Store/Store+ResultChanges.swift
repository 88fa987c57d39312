/// What a sync did to a finished game's result, as this device saw it
/// (schema v14's `resultChanges`): other winners, or the game in progress
/// again, because of changes made elsewhere.
public struct ResultChange: Hashable, Sendable {
  public var time: Timestamp
  /// The winners' ids now; nil when the game is in progress again.
  public var winners: [String]?
  public var previousWinners: [String]
  /// Their names, in the same order (players since removed are left out).
  public var winnerNames: [String]?
  public var previousWinnerNames: [String]
}

/// A game's result as a sync compares it: its winners' ids, sorted, once
/// it is finished; nil while it is in progress.
struct GameResult: Hashable {
  var winners: [String]?
}

extension Store {
  /// The result of the game with this id, or nil when there is no such
  /// game here.
  func result(ofGameWithID id: String) throws -> GameResult? {
    guard
      let title = try database.fetchOne(
        "SELECT title FROM games WHERE id = ?1", [.text(id)], { try $0.text(0) })
    else { return nil }
    let state = try state(of: Game(id: id, title: title))
    return GameResult(winners: state.isFinished ? state.winners.sorted() : nil)
  }

  /// Notes that a sync changed a finished game's result.
  func noteResultChange(gameID: String, from previous: [String], to now: GameResult) throws {
    try database.execute(
      "INSERT INTO resultChanges (gameID, time, winners, previousWinners) VALUES (?1, now(), ?2, ?3)",
      [
        .text(gameID), SQLValue(now.winners?.joined(separator: " ")),
        .text(previous.joined(separator: " ")),
      ])
  }

  /// The result changes a sync made to a game, newest first.
  func resultChanges(of game: Game) throws -> [ResultChange] {
    var changes = try database.fetchAll(
      "SELECT time, winners, previousWinners FROM resultChanges WHERE gameID = ?1 ORDER BY seq DESC",
      [.text(game.id)]
    ) {
      ResultChange(
        time: try $0.timestamp(0), winners: try $0.optionalText(1).map(Self.ids),
        previousWinners: Self.ids(try $0.text(2)), winnerNames: nil, previousWinnerNames: [])
    }
    guard !changes.isEmpty else { return [] }
    let names = try playerNames(in: game)
    for index in changes.indices {
      changes[index].winnerNames = changes[index].winners.map { $0.compactMap { names[$0] } }
      changes[index].previousWinnerNames = changes[index].previousWinners.compactMap { names[$0] }
    }
    return changes
  }

  private static func ids(_ text: String) -> [String] {
    text.split(separator: " ").map(String.init)
  }
}
