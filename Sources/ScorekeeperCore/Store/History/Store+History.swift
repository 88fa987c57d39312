/// What `undo` did: reverted a score change, or a round (or a correction
/// of one) as a whole.
public enum Undo: Hashable, Sendable {
  case score(UndoResult)
  case round(RoundUndo)
  /// A merge or split of people, reverted: what it had done.
  case people(PeopleChange)
  /// A game entered from its result (`add-game --result`), deleted again.
  case result(GameSummary)
  /// A kind's rules set or forgotten (`kinds`), reverted.
  case kindRules(KindRulesChange)

  /// The score change reverted; nil for a round.
  public var score: UndoResult? {
    if case .score(let result) = self { result } else { nil }
  }
}

/// A round or correction reverted.
public struct RoundUndo: Hashable, Sendable {
  public var game: GameSummary
  /// The round's number before the undo (a correction's: the round it corrected).
  public var number: Int
  public var isCorrection: Bool
  /// The points taken back, by player.
  public var points: [RoundPoints]
  public var madeAt: Timestamp
  public var state: GameState
}

/// What `undo` did to a score change.
public struct UndoResult: Hashable, Sendable {
  public var game: GameSummary
  /// The player before and after the undo. The difference is not always
  /// the reverted change: a total past 64 bits shows clamped.
  public var previous: Player
  public var player: Player
  /// The change reverted.
  public var reverted: ScoreEvent
  /// The opposite change recorded to revert it.
  public var event: ScoreEvent
}

/// The size of a history, known before its rows are streamed, so a
/// printer can align its columns without holding every row.
public struct HistoryShape: Hashable, Sendable {
  public var count: Int
  /// The widest player name, in terminal columns (`displayWidth`).
  public var nameWidth: Int
  /// The longest signed change ("+10", "-5"), in characters.
  public var changeWidth: Int

  public init(count: Int, nameWidth: Int, changeWidth: Int) {
    self.count = count
    self.nameWidth = nameWidth
    self.changeWidth = changeWidth
  }
}

extension Store {
  /// What happened here: each game's score changes and its own log
  /// (`history`), the newest change (`watch`'s header), and `undo`.
  public var history: History { History(store: self) }

  /// A room of the store: the use cases of what happened, on the store's
  /// connection and in its transactions.
  public struct History {
    let store: Store

    /// A game's score changes, newest first, optionally one player's, all
    /// from one snapshot: `header` gets the game, the player (when one was
    /// named), the history's shape and the game's own changes (rules,
    /// finishes, reopenings, newest first); then `row` gets each entry,
    /// with its round and whether it counts. `resultChanges` gets, before
    /// the rows, the changes syncs made to the game's result here, newest
    /// first.
    public func log(
      of gameReference: String, player playerReference: String? = nil,
      header: (GameSummary, Player?, HistoryShape, [GameLogEntry]) throws -> Void,
      resultChanges: ([ResultChange]) throws -> Void = { _ in },
      row: (HistoryEntry) throws -> Void
    ) throws {
      try store.read {
        let game = try store.findGame(gameReference)
        let player = try playerReference.map { try store.findPlayer($0, in: game) }
        let filter = "p.gameID = ?1 AND (?2 IS NULL OR e.playerID = ?2)"
        let arguments: [SQLValue] = [.text(game.id), player.map { .text($0.id) } ?? .null]
        let shape = try store.database.fetchOne(
          """
          SELECT count(*), coalesce(max(displayWidth(\(Store.shownName("p")))), 0),
                 coalesce(max(length(CAST(e.delta AS TEXT)) + (e.delta >= 0) + CASE
                   WHEN e.thousandths IS NULL THEN 0 WHEN e.thousandths % 100 = 0 THEN 2
                   WHEN e.thousandths % 10 = 0 THEN 3 ELSE 4 END), 0)
          FROM scoreEvents AS e JOIN players AS p ON p.id = e.playerID WHERE \(filter)
          """, arguments
        ) { HistoryShape(count: try $0.int(0), nameWidth: try $0.int(1), changeWidth: try $0.int(2)) }!
        let state = try store.state(of: game)
        try header(try store.summary(of: game), player, shape, try ownLog(of: game, state).reversed())
        try resultChanges(try store.resultChanges(of: game))
        let notCounted = Set(state.outcome.notCounted)
        let labels = try roundLabels(of: game)
        // Newest first, and among changes of one moment (a round's) by id:
        // the same order on every device, whatever order they arrived in.
        try store.database.forEachRow(
          """
          SELECT \(ScoreEvent.columns), \(Store.shownName("p")), e.device = (SELECT id FROM localDevice),
            e.roundID, r.fixes,
            e.enteredAt, \(ChangeAuthor.columns(of: "e"))
          FROM scoreEvents AS e JOIN players AS p ON p.id = e.playerID
          LEFT JOIN rounds AS r ON r.id = e.roundID
          WHERE \(filter) ORDER BY e.time DESC, e.id DESC
          """, arguments
        ) { entry in
          let event = try ScoreEvent(row: entry)
          let round = try entry.optionalText(9)
          let label = round.flatMap { labels[$0] }
          var history = HistoryEntry(
            event: event, playerName: try entry.text(7), isThisDevice: try entry.int(8) == 1,
            round: label?.number, isCorrection: try entry.optionalText(10) != nil,
            counts: !notCounted.contains(round ?? event.id))
          history.roundUndone = label?.undone ?? false
          history.roundName = label?.name
          history.enteredAt = try entry.optionalText(11).flatMap(Timestamp.init(iso8601:))
          history.author = ChangeAuthor(
            isThisDevice: history.isThisDevice, device: event.device, author: try entry.optionalText(12),
            thisUser: try entry.optionalText(13))
          history.busted = state.outcome.busts[round ?? event.id]?.contains(event.playerID) == true
          history.undid = try event.undoes.flatMap { id in
            try store.database.fetchOne(
              "SELECT \(ScoreEvent.columns) FROM scoreEvents AS e WHERE e.id = ?1", [.text(id)],
              ScoreEvent.init(row:))
          }
          try row(history)
        }
      }
    }

    /// The game's own changes (`gameLog`), with each time it ended by itself
    /// (a target reached, the rounds played) at the change that ended it,
    /// in the order they happened.
    private func ownLog(of game: Game, _ state: GameState) throws -> [GameLogEntry] {
      let log = try store.gameLog(of: game)
      let endings = state.outcome.endings.filter {
        if case .byHand = $0.finish.how { false } else { true }
      }
      guard !endings.isEmpty else { return log }
      let names = try store.playerNames(in: game)
      let ended = try endings.map { ending in
        let (time, device, author) = try store.database.fetchOne(
          """
          SELECT c.time, c.device, c.device = (SELECT id FROM localDevice), \(ChangeAuthor.columns(of: "c")) FROM (
            SELECT madeAt AS time, device, author FROM rounds WHERE id = ?1 UNION ALL
            SELECT time, device, author FROM gameEvents WHERE id = ?1 UNION ALL
            SELECT time, device, author FROM scoreEvents WHERE id = ?1) AS c LIMIT 1
          """, [.text(ending.finish.change)]
        ) { row in
          let device = try row.text(1)
          return (
            try row.timestamp(0), device,
            ChangeAuthor(
              isThisDevice: try row.int(2) == 1, device: device, author: try row.optionalText(3),
              thisUser: try row.optionalText(4))
          )
        }!
        return GameLogEntry(
          id: ending.finish.change, kind: .finish(winners: nil), time: time, device: device,
          isThisDevice: author.isThisDevice, author: author,
          winnerNames: ending.winners.compactMap { names[$0] },
          ending: ending.finish.how)
      }
      // A rule change that ended the game comes before the ending it made.
      return (log + ended).enumerated().sorted {
        ($0.element.time, $0.element.id, $0.offset) < ($1.element.time, $1.element.id, $1.offset)
      }.map(\.element)
    }

    /// Each round row's number as history shows it, by id: a round's, its
    /// corrections' and its undo's the round's number (the live rounds'
    /// numbers as the sheet shows them; an undone round's, the one it had
    /// when it was undone), and whether the round was undone.
    private func roundLabels(of game: Game) throws -> [String: (number: Int, undone: Bool, name: String?)] {
      let rows = try store.database.fetchAll(
        "SELECT id, fixes, undoes, name FROM rounds WHERE gameID = ?1 ORDER BY madeAt, id", [.text(game.id)]
      ) {
        (
          id: try $0.text(0), fixes: try $0.optionalText(1), undoes: try $0.optionalText(2),
          name: try $0.optionalText(3)
        )
      }
      let names = Dictionary(rows.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
      var live: [String] = []
      var undone: [String: Int] = [:]
      var roundOf: [String: String] = [:]  // a correction's round
      for row in rows {
        if let fixes = row.fixes {
          roundOf[row.id] = fixes
        } else if let undoes = row.undoes {
          roundOf[row.id] = roundOf[undoes] ?? undoes
          // Undoing a correction leaves its round; undoing a round ends it.
          if roundOf[undoes] == nil, let index = live.firstIndex(of: undoes) {
            undone[undoes] = index + 1
            live.remove(at: index)
          }
        } else {
          live.append(row.id)
        }
      }
      var labels: [String: (number: Int, undone: Bool, name: String?)] = [:]
      for (index, id) in live.enumerated() { labels[id] = (index + 1, false, names[id] ?? nil) }
      for (id, number) in undone { labels[id] = (number, true, names[id] ?? nil) }
      for row in rows where labels[row.id] == nil {
        guard let round = roundOf[row.id], let label = labels[round] else { continue }
        labels[row.id] = label
      }
      return labels
    }

    /// Reverts the last change made on this device, by order of making,
    /// when it is a score change: records the opposite change, so the revert
    /// syncs like any other change and other devices' changes are untouched.
    /// Repeated undos walk back through this device's changes. When the last
    /// change not yet reverted was another kind (a player removed, say), it
    /// is named instead: undo never reaches past it to an older score.
    public func undo() throws -> Undo {
      try store.write {
        guard let last = try store.lastLocalChange() else { throw StoreError.nothingToUndo }
        guard let eventID = last.event else {
          throw StoreError.lastChangeNotAScore(description: last.description!)
        }
        // A result's change names its game (`addResult`).
        if let game = try store.database.fetchOne(
          "SELECT id, title FROM games WHERE id = ?1", [.text(eventID)], Game.init(row:))
        {
          // Not listed, as a round's undo is not: the next undo reaches further back.
          return .result(try store.delete(game, listed: false))
        }
        guard
          let reverted = try store.database.fetchOne(
            "SELECT \(ScoreEvent.columns) FROM scoreEvents AS e WHERE e.id = ?1", [.text(eventID)],
            ScoreEvent.init(row:))
        else {
          if try store.database.fetchOne(
            "SELECT 1 FROM personLinks WHERE id = ?1", [.text(eventID)], { _ in true })
            ?? false
          {
            return .people(try store.people.undoLink(eventID))
          }
          if try store.kindRules.has(eventID) { return .kindRules(try store.kindRules.undo(eventID)) }
          return .round(try undoRound(eventID))
        }
        let before = try store.database.fetchOne(
          "SELECT id, gameID, name, score, scoreThousandths FROM players WHERE id = ?1",
          [.text(reverted.playerID)],
          Player.init(row:))!
        let game = try store.database.fetchOne(
          "SELECT id, title FROM games WHERE id = ?1", [.text(before.gameID)], Game.init(row:))!
        try store.requireWritable(game, for: .points(players: [before.id]))
        try store.requireInProgress(game, try store.state(of: game))
        let opposite = -reverted.delta
        guard Store.accepts(opposite, on: try store.exactScore(of: before.id)) else {
          throw StoreError.undoOutOfRange(player: before, reverted: reverted, game: game)
        }
        let event = try store.recordScoreEvent(for: before.id, delta: opposite, undoes: reverted.id)
        let player = try store.database.fetchOne(
          "SELECT id, gameID, name, score, scoreThousandths FROM players WHERE id = ?1", [.text(before.id)],
          Player.init(row:))!
        return .score(
          UndoResult(
            game: try store.summary(of: game), previous: before, player: player, reverted: reverted,
            event: event))
      }
    }

    /// Reverts a round (or a correction) as one change: a round row that
    /// `undoes` it, and the opposite of each of its score events, carrying
    /// the new row's id and time.
    private func undoRound(_ id: String) throws -> RoundUndo {
      let (gameID, madeAt, fixes) = try store.database.fetchOne(
        "SELECT gameID, madeAt, fixes FROM rounds WHERE id = ?1", [.text(id)]
      ) { (try $0.text(0), try $0.timestamp(1), try $0.optionalText(2)) }!
      let game = try store.database.fetchOne(
        "SELECT id, title FROM games WHERE id = ?1", [.text(gameID)], Game.init(row:))!
      let access = try store.requireWritable(game, for: .round)
      try store.requireInProgress(game, try store.state(of: game))
      let rounds = try store.liveRounds(of: game)
      let number = (rounds.firstIndex { $0.id == (fixes ?? id) } ?? rounds.count) + 1
      try store.requireOwnRound(id, number: number, in: game, access: access)
      let events = try store.database.fetchAll(
        """
        SELECT \(ScoreEvent.columns), p.name, p.score, p.scoreThousandths, p.isTeam
        FROM scoreEvents AS e JOIN players AS p ON p.id = e.playerID
        WHERE e.roundID = ?1 ORDER BY p.name COLLATE NOCASE, p.name, p.id
        """, [.text(id)]
      ) { row in
        (
          event: try ScoreEvent(row: row),
          player: Player(
            id: try row.text(1), gameID: gameID, name: try row.text(7), score: try row.total(8)),
          isTeam: try row.optionalInt64(10) != nil
        )
      }
      for (event, player, _) in events {
        guard Store.accepts(-event.delta, on: try store.exactScore(of: player.id)) else {
          throw StoreError.undoOutOfRange(player: player, reverted: event, game: game)
        }
      }
      let row = try store.insertRound(in: game, fixes: nil, undoes: id)
      for (event, _, _) in events {
        try store.recordScoreEvent(for: event.playerID, delta: -event.delta, undoes: event.id, round: row)
      }
      return RoundUndo(
        game: try store.summary(of: game), number: number, isCorrection: fixes != nil,
        points: events.map { RoundPoints(player: $0.player, points: $0.event.delta, isTeam: $0.isTeam) },
        madeAt: madeAt,
        state: try store.state(of: game))
    }

    /// The game's newest score change (of every game's, when nil) and its
    /// player's name (of a round, the one entered last), or nil before the
    /// first, inside a read: what `watch` heads its screen with.
    func lastChange(ofGameID game: String?) throws -> LastChange? {
      try store.database.fetchOne(
        """
        SELECT \(ScoreEvent.columns), \(Store.shownName("p")),
          e.device, e.device = (SELECT id FROM localDevice), \(ChangeAuthor.columns(of: "e"))
        FROM scoreEvents AS e JOIN players AS p ON p.id = e.playerID
        WHERE ?1 IS NULL OR p.gameID = ?1 ORDER BY e.time DESC, e.rowid DESC LIMIT 1
        """, [game.map(SQLValue.text) ?? .null]
      ) {
        LastChange(
          playerName: try $0.text(7), event: try ScoreEvent(row: $0), author: try ChangeAuthor($0, from: 8))
      }
    }
  }
}

/// The latest score change (of a game, or of every game), as `watch` and
/// the scoreboard show it: whose points, how many, when, and who made it.
public struct LastChange: Hashable, Sendable {
  public var playerName: String
  public var event: ScoreEvent
  public var author: ChangeAuthor

  /// {"player", "points", "time", "author", "authorKnown"}
  public var json: JSON {
    .object(
      [
        ("player", .string(playerName)), ("points", event.delta.json), ("time", .string(event.time.iso8601)),
      ] + author.jsonFields)
  }
}

extension Store {
  /// The game's newest score change (id), with who made it: the
  /// scoreboard page heads its board with it, as `watch` does.
  public func lastChange(ofGameID game: String) throws -> LastChange? {
    try read { try history.lastChange(ofGameID: game) }
  }
}
