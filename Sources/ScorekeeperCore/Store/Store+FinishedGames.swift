extension Store {
  /// Every finished game, in the order ratings fold them (the time of the
  /// change that ended each, then its id), each member named as a person
  /// (`PeopleDirectory`). (`list` shows each one's winners from these too.)
  ///
  /// A finished game's places are read from its replayed log once, then
  /// from `finishedResults` (schema v15) until a trigger drops them
  /// because something they rest on changed. Only games with rules or a
  /// finish in their log can be finished, so only theirs are replayed.
  ///
  /// - Parameter naming: apply the person links and the names shown for
  ///   people; without it (`list`'s winners) each member's person is a
  ///   placeholder, and the links are not read.
  public func finishedResults(naming: Bool = true) throws -> [FinishedGame] {
    try readFinishedGames(naming: naming) { games in games }
  }

  /// `body` given every finished game (`finishedResults`), in the read
  /// that found them; those replayed are remembered after it.
  /// `among`, read first in the same transaction, keeps the games of
  /// those ids alone (nil: all): `list`'s filters, so that a list of a
  /// few games of many reads the results of those few.
  func readFinishedGames<T>(
    naming: Bool, among: () throws -> Set<String>? = { nil }, _ body: ([FinishedGame]) throws -> T
  ) throws -> T {
    let (result, fresh, version) = try read {
      let (games, fresh) = try finishedGamesInOrder(naming: naming, among: try among())
      return (try body(games), fresh, try dataVersion())
    }
    if !fresh.isEmpty { try remember(fresh, readAt: version) }
    return result
  }

  /// `finishedResults`, inside a transaction already open; and those
  /// read from a replay, not the cache.
  func finishedGamesInOrder(naming: Bool = true, among: Set<String>? = nil) throws -> (
    games: [FinishedGame], fresh: [FinishedGame]
  ) {
    var games = try cachedResults(among: among)
    var fresh: [FinishedGame] = []
    for (game, kind) in try uncachedCandidates() where among?.contains(game.id) ?? true {
      let state = try state(of: game)
      guard let finish = state.outcome.finish else { continue }
      fresh.append(try finishedGame(game, kind: kind, state, finish))
    }
    if !fresh.isEmpty {
      games = (games + fresh).sorted { ($0.finishedAt, $0.game.id) < ($1.finishedAt, $1.game.id) }
    }
    return (naming ? try named(games) : games, fresh)
  }

  /// The games that may be finished and have no cached result.
  private func uncachedCandidates() throws -> [(Game, String?)] {
    try database.fetchAll(
      """
      SELECT g.id, g.title, g.kind FROM games AS g
      WHERE EXISTS (SELECT 1 FROM gameEvents AS e WHERE e.gameID = g.id)
        AND NOT EXISTS (SELECT 1 FROM finishedResults AS r WHERE r.gameID = g.id)
      """
    ) { (try Game(row: $0), try $0.optionalText(2)) }
  }

  /// Every cached result, in fold order.
  private func cachedResults(among: Set<String>?) throws -> [FinishedGame] {
    var games: [FinishedGame] = []
    try database.forEachRow(
      """
      SELECT r.gameID, g.title, g.kind, r.finishedAt, r.result FROM finishedResults AS r
      JOIN games AS g ON g.id = r.gameID ORDER BY r.finishedAt, r.gameID
      """
    ) { row in
      // (Parsing a result costs more than reading its row.)
      guard among?.contains(try row.text(0)) ?? true else { return }
      games.append(
        try FinishedGame(
          cached: try row.text(4), game: try Game(row: row), kind: try row.optionalText(2),
          finishedAt: try row.timestamp(3)))
    }
    return games
  }

  /// Stores results read from a replay. Skipped when the database changed
  /// since they were read (another process's commit): they may be stale,
  /// and the next reader replays those games again.
  private func remember(_ results: [FinishedGame], readAt version: Int64) throws {
    try database.write {
      guard try dataVersion() == version else { return }
      for result in results {
        try database.execute(
          """
          INSERT INTO finishedResults (gameID, finishedAt, result) VALUES (?1, ?2, ?3)
          ON CONFLICT (gameID) DO NOTHING
          """, [.text(result.game.id), .text(result.finishedAt.iso8601), .text(result.cached)])
      }
    }
  }

  /// SQLite's count of other connections' commits, as this connection saw
  /// them last (`PRAGMA data_version`).
  private func dataVersion() throws -> Int64 {
    try database.fetchOne("PRAGMA data_version") { try $0.int64(0) }!
  }

  /// Each member as the person the links make them, named as people are
  /// shown.
  private func named(_ games: [FinishedGame]) throws -> [FinishedGame] {
    let directory = try people.directory()
    var spellings = PeopleNames.Spellings()
    var people: Set<String> = []
    // Anonymous seats are no one: they leave the sides, whose places stay
    // (Ann 2nd of three is 2nd of three), and a side of them alone is
    // empty (ratings pass it over).
    var games = games
    for index in games.indices
    where games[index].places.contains(where: { $0.members.contains { Person.isNobody($0.name) } }) {
      for place in games[index].places.indices {
        games[index].places[place].members.removeAll { Person.isNobody($0.name) }
      }
    }
    // Without links, a person is a name: its key, worked out once a name.
    var keys: [String: String] = [:]
    for index in games.indices {
      for place in games[index].places.indices {
        for member in games[index].places[place].members.indices {
          let name = games[index].places[place].members[member].name
          let person =
            directory.isEmpty
            ? keys[name] ?? Person.key(of: name)
            : directory.person(ofPlayerNamed: name, inGame: games[index].game.id)
          if directory.isEmpty { keys[name] = person }
          games[index].places[place].members[member].person = person
          spellings.note(name, key: directory.isEmpty ? person : nil)
          people.insert(person)
        }
      }
    }
    let shown = PeopleNames.shown(for: people, spellings: spellings, directory: directory)
    for index in games.indices {
      for place in games[index].places.indices {
        for member in games[index].places[place].members.indices {
          games[index].places[place].members[member].personName =
            shown[games[index].places[place].members[member].person]!
        }
      }
    }
    return games
  }

  /// A finished game's places, as every view shows them
  /// (`GameOutcome.places`); a co-operative result
  /// (`GameOutcome.isCooperative`) is won together (every side first) or
  /// lost together (every side second).
  private func finishedGame(_ game: Game, kind: String?, _ state: GameState, _ finish: GameOutcome.Finish)
    throws -> FinishedGame
  {
    let names = try playerNames(in: game)
    var places = state.places
    // The table's result: every side first when it won, second when it lost.
    let isCooperative = state.outcome.isCooperative(players: state.players)
    if isCooperative && state.winners.isEmpty {
      for index in places.indices { places[index].rank = 2 }
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
      isCooperative: isCooperative, isCounted: state.rules.counted)
  }
}
