extension Store {
  /// Every finished game, in the order ratings fold them (the time of the
  /// change that ended each, then its id). Only games with rules or a
  /// finish in their log can be finished, so only theirs are replayed.
  /// (`list` shows each one's winners from these too.)
  public func finishedResults() throws -> [FinishedGame] {
    try read { try finishedGamesInOrder() }
  }

  /// `finishedResults`, inside a transaction already open.
  func finishedGamesInOrder() throws -> [FinishedGame] {
    let candidates = try database.fetchAll(
      "SELECT DISTINCT g.id, g.title, g.kind FROM games AS g JOIN gameEvents AS e ON e.gameID = g.id"
    ) { (game: try Game(row: $0), kind: try $0.optionalText(2)) }
    var results: [FinishedGame] = []
    for (game, kind) in candidates {
      let state = try state(of: game)
      guard let finish = state.outcome.finish else { continue }
      results.append(try finishedGame(game, kind: kind, state, finish))
    }
    return results.sorted { ($0.finishedAt, $0.game.id) < ($1.finishedAt, $1.game.id) }
  }

  /// A finished game's places. Winners named by `finish --winner` rank
  /// first, every other side second; naming everyone, or no one, is a
  /// co-operative result.
  private func finishedGame(_ game: Game, kind: String?, _ state: GameState, _ finish: GameOutcome.Finish)
    throws -> FinishedGame
  {
    let names = try playerNames(in: game)
    var places = state.places
    var isCooperative = false
    if case .byHand(let named?) = finish.how {
      let winners = Set(named)
      isCooperative = winners.isEmpty || state.players.allSatisfy { winners.contains($0.id) }
      for index in places.indices {
        places[index].rank = places[index].members.contains(where: winners.contains) ? 1 : 2
      }
      places = places.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }
        .map(\.element)
    }
    let finishedAt = try database.fetchOne(
      """
      SELECT madeAt FROM rounds WHERE id = ?1 UNION ALL SELECT time FROM gameEvents WHERE id = ?1
      UNION ALL SELECT time FROM scoreEvents WHERE id = ?1
      """, [.text(finish.change)]
    ) { try $0.timestamp(0) }!
    return FinishedGame(
      game: game, kind: kind, finishedAt: finishedAt,
      places: places.map { place in
        FinishedGame.Place(
          rank: place.rank, total: place.total,
          members: place.members.map { id in
            let name = names[id] ?? id
            return FinishedGame.Member(
              playerID: id, name: name, person: Person.key(of: name), total: state.outcome.totals[id] ?? 0)
          })
      }, lowestWins: state.rules.winner == .lowest,
      winnerNames: state.players.map(\.id).filter(state.winners.contains).compactMap { names[$0] },
      isCooperative: isCooperative)
  }
}
