/// A game entered from its result (`add-game --result`): a finished game
/// from a paper sheet, or a game played without keeping score, in one line.
public struct QuickResult: Hashable, Sendable {
  public var game: GameSummary
  public var state: GameState
  /// The players by id, with their names: for saying who won.
  public var names: [String: String]
}

extension Store {
  /// Adds a game with its rules and kind, its players with their final
  /// points (one round), and finishes it, as one change (one `undo`
  /// removes it whole). `winner`, a player's name, says who won when the
  /// points do not (`finish --winner`); without it the rules rank the
  /// points. Backdated with `recording(at:)`, every entry is stamped then.
  ///
  /// Refused whole, nothing written: no players, a name twice (in any
  /// case), a winner not among them, or a winner named for a game its
  /// rules ended by themselves (a target reached: the rules say who won).
  public func addResult(
    title: String, rules: GameRules = .classic, kind: String? = nil, points: [(name: String, points: Points)],
    winner: String? = nil
  ) throws -> QuickResult {
    let title = try TextField.gameTitle.validate(title)
    let kind = try kind.map { try TextField.gameKind.validate($0) }
    let names = try points.map { try TextField.playerName.validate($0.name) }
    guard !names.isEmpty else { throw StoreError.resultWithoutPlayers(title: title) }
    var seen: Set<String> = []
    for name in names where !seen.insert(name.lowercased()).inserted {
      throw StoreError.resultNamesTwice(name: name, title: title)
    }
    if let winner, !seen.contains(winner.trimmingWhitespace().lowercased()) {
      throw StoreError.resultWinnerNotPlaying(winner: winner, title: title, names: names)
    }
    return try write {
      let game = try insertGame(title: title, kind: kind, rules: rules)
      // The table's result is said by finish, not by points.
      if rules.cooperative { throw StoreError.tableResultNeeded(game: game) }
      var ids: [String: String] = [:]
      var players: [(id: String, name: String)] = []
      for name in names {
        let id = try database.fetchOne(
          "INSERT INTO players (gameID, name) VALUES (?1, ?2) RETURNING id", [.text(game.id), .text(name)]
        ) { try $0.text(0) }!
        ids[name.lowercased()] = id
        players.append((id, name))
      }
      let round = try insertRound(in: game, fixes: nil, undoes: nil)
      for (player, entry) in zip(players, points) where entry.points != 0 {
        try recordScoreEvent(for: player.id, delta: entry.points, round: round)
      }
      // Ended by its rules (a target reached), the game says who won;
      // otherwise the finish does.
      var result = try state(of: game)
      if result.isFinished {
        if winner != nil { throw StoreError.resultEndedByRules(title: title) }
      } else {
        try recordGameEvent(
          "finish", in: game, winners: winner.map { [ids[$0.trimmingWhitespace().lowercased()]!] })
        result = try state(of: game)
      }
      // Listed by the game's id: `undo` deletes the game.
      try listLocalChange(game.id)
      return QuickResult(
        game: try summary(of: game), state: result,
        names: Dictionary(players.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first }))
    }
  }
}
