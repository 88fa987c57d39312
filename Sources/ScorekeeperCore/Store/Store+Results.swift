/// A change to how a game is won or ended, or to whether it is over.
public struct GameStateChange: Hashable, Sendable {
  public var game: GameSummary
  public var previous: GameState
  public var state: GameState
  /// Names by id of the game's players, for saying who won.
  public var names: [String: String]
  /// The kind set with the rules, if one was named.
  public var kind: KindChange? = nil
}

/// A rule to change, keep or remove (`set-rules --target N | --no-target`).
public enum RuleChange<Value: Hashable & Sendable>: Hashable, Sendable {
  case set(Value)
  case remove
}

extension Store {
  /// Changes a game's rules: nil keeps a rule. The new rules judge the
  /// game from now on: it may end at once (a target already reached). A
  /// round limit below the rounds played is refused, as is any change to
  /// a finished game, unless only whether it counts changes (`counted`:
  /// a game is kept out of statistics and ratings, or counts again,
  /// finished or not). `kind` sets or removes the game's kind in the same
  /// transaction.
  public func setRules(
    in gameReference: String, winner: GameRules.Winner?, target: RuleChange<Points>?,
    winBy: RuleChange<Int>? = nil, rounds: RuleChange<Int>?, counted: Bool? = nil, cooperative: Bool? = nil,
    bust: Bool? = nil, kind: RuleChange<String>? = nil
  ) throws -> GameStateChange {
    if case .set(let value) = target, value < 0 { throw GameRulesError.targetNotPositive(value) }
    if case .set(let value) = winBy, value <= 0 { throw GameRulesError.winByNotPositive(value) }
    if case .set(let value) = rounds, value <= 0 { throw GameRulesError.roundsNotPositive(value) }
    let newKind: String?? = try kind.map { change in
      if case .set(let name) = change { try TextField.gameKind.validate(name) } else { nil }
    }
    return try write {
      let onlyCounting =
        winner == nil && target == nil && winBy == nil && rounds == nil && cooperative == nil && bust == nil
      let (game, previous) = try writableGame(gameReference)
      if !onlyCounting, previous.isFinished { throw StoreError.rulesOfFinishedGame(game: game) }
      if case .set(let limit) = rounds, limit < previous.outcome.roundsPlayed {
        throw StoreError.roundLimitBelowPlayed(
          limit: limit, game: game, roundsPlayed: previous.outcome.roundsPlayed)
      }
      let rules = previous.rules.changed(
        winner: winner, target: target.map(\.logged), targetZero: target == .set(0),
        winBy: winBy.map { Int64($0.logged) }, rounds: rounds.map { Int64($0.logged) }, counted: counted,
        cooperative: cooperative, bust: bust)
      if let problem = rules.problem { throw problem }
      if rules != previous.rules {
        try recordGameEvent(
          "rules", in: game, winner: winner, target: target, winBy: winBy, rounds: rounds,
          counted: counted == previous.rules.counted ? nil : counted,
          cooperative: cooperative == previous.rules.cooperative ? nil : cooperative,
          bust: bust == previous.rules.bust ? nil : bust)
        try recordLocalChange("changed the rules of \(quote(game.title))", game: game.id)
      }
      var change = try stateChange(of: game, from: previous)
      if let newKind { change.kind = try setKind(of: game, to: newKind) }
      return change
    }
  }

  /// Ends a game by hand. `winners` (player references) names who won a
  /// game without points (naming everyone is a draw); without them the
  /// standings say who won. `table` is a co-operative result: everyone
  /// won, or everyone lost; a co-operative game needs one.
  public func finish(_ gameReference: String, winners: [String]? = nil, table: TableResult? = nil) throws
    -> GameStateChange
  {
    try write {
      let (game, previous) = try writableGame(gameReference)
      if previous.isFinished { throw StoreError.alreadyFinished(game: game) }
      if table != nil && winners != nil { throw StoreError.winnersOfTableResult(game: game) }
      if previous.rules.cooperative && table == nil { throw StoreError.tableResultNeeded(game: game) }
      var ids = try winners.map { references in
        var ids: [String] = []
        for reference in references {
          let id = try findPlayer(reference, in: game).id
          if !ids.contains(id) { ids.append(id) }
        }
        return ids
      }
      if let table {
        ids =
          table == .won
          ? try database.fetchAll(
            """
            SELECT id FROM players WHERE gameID = ?1 AND \(Self.isPlayer())
            ORDER BY name COLLATE NOCASE, name, id
            """,
            [.text(game.id)]
          ) { try $0.text(0) } : []
      }
      try recordGameEvent("finish", in: game, winners: ids, cooperative: table != nil)
      try recordLocalChange("finished \(quote(game.title))", game: game.id)
      return try stateChange(of: game, from: previous)
    }
  }

  /// Reopens a finished game: the next change is judged afresh.
  public func reopen(_ gameReference: String) throws -> GameStateChange {
    try write {
      let (game, previous) = try writableGame(gameReference)
      guard previous.isFinished else { throw StoreError.gameNotFinished(game: game) }
      try recordGameEvent("reopen", in: game)
      try recordLocalChange("reopened \(quote(game.title))", game: game.id)
      return try stateChange(of: game, from: previous)
    }
  }

  /// The state of the game a reference names; `replayingAlways` replays
  /// its log even when it cannot have ended (for tests).
  public func state(of gameReference: String, replayingAlways: Bool = false) throws -> (
    GameSummary, GameState
  ) {
    try read {
      let game = try findGame(gameReference)
      return (try summary(of: game), try state(of: game, replayingAlways: replayingAlways))
    }
  }

  func recordGameEvent(
    _ kind: String, in game: Game, winner: GameRules.Winner? = nil, target: RuleChange<Points>? = nil,
    winBy: RuleChange<Int>? = nil, rounds: RuleChange<Int>? = nil, counted: Bool? = nil,
    winners: [String]? = nil, cooperative: Bool? = nil, start: Points? = nil, bust: Bool? = nil
  ) throws {
    func flag(_ value: Bool?) -> SQLValue { SQLValue(value.map { $0 ? Int64(1) : 0 }) }
    let (backdated, enteredAt) = try entryTimes(inGame: game.id)
    let time = try database.fetchOne(
      """
      INSERT INTO gameEvents
        (gameID, device, kind, winner, target, targetThousandths, roundLimit, winners, counted, cooperative, winBy,
         start, startThousandths, bust, targetZero, enteredAt, time)
      VALUES (?1, (SELECT id FROM localDevice), ?2, ?3, ?4, ?7, ?5, ?6, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?16,
        coalesce(?15, \(Self.logTime("?1"))))
      RETURNING time
      """,
      [
        .text(game.id), .text(kind), SQLValue(winner?.rawValue), target.map { .whole($0.logged) } ?? .null,
        SQLValue(rounds.map { Int64($0.logged) }), SQLValue(winners?.joined(separator: " ")),
        target.map { .thousandths($0.logged) } ?? .null, flag(counted), flag(cooperative),
        SQLValue(winBy.map { Int64($0.logged) }), start.map { .whole($0) } ?? .null,
        start.map { .thousandths($0) } ?? .null, flag(bust), target == .set(0) ? .integer(1) : .null,
        backdated, enteredAt,
      ]
    ) { try $0.timestamp(0) }!
    try noteLogTime(time)
  }

  private func stateChange(of game: Game, from previous: GameState) throws -> GameStateChange {
    GameStateChange(
      game: try summary(of: game), previous: previous, state: try state(of: game),
      names: try playerNames(in: game))
  }
}

extension RuleChange where Value: ExpressibleByIntegerLiteral {
  /// As `gameEvents` holds it: the value, or 0 for removed.
  var logged: Value {
    switch self {
    case .set(let value): value
    case .remove: 0
    }
  }
}
