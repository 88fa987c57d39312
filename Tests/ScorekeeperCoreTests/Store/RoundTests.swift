import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// Rounds, corrections and endings through the store: what the sheet and
/// the state say, and that a refused change writes nothing.
@Suite struct RoundTests {
  let test: TestStore
  var store: Store { test.store }

  init() throws {
    test = try TestStore()
    _ = try store.addGame(title: "Hearts", rules: GameRules(winner: .lowest, target: 100))
    for name in ["Ann", "Bob"] { _ = try store.addPlayer(to: "Hearts", name: name) }
  }

  /// Each round's points by player name, with its corrected mark.
  func rounds() throws -> [String] {
    let sheet = try store.sheet(of: "Hearts")
    let names = Dictionary(uniqueKeysWithValues: sheet.players.map { ($0.player.id, $0.player.name) })
    return sheet.rounds.map { round in
      "\(round.number)\(round.corrected ? "*" : ""): "
        + sheet.players.map { "\(names[$0.player.id]!)=\(round.points[$0.player.id] ?? 0)" }
        .joined(separator: " ")
    }
  }

  @Test("rounds number in order; a correction marks its round; undo takes back a whole round")
  func roundsFixesAndUndo() throws {
    _ = try store.addRound(in: "Hearts", [("Ann", 5), ("Bob", 13)])
    _ = try store.addRound(in: "Hearts", [("Bob", 26)])
    _ = try store.fixRound(in: "Hearts", number: 1, [("Bob", 12)])
    #expect(try rounds() == ["1*: Ann=5 Bob=12", "2: Ann=0 Bob=26"])
    guard case .round(let undone) = try store.history.undo() else {
      Issue.record("undo did not revert the correction")
      return
    }
    #expect(undone.number == 1 && undone.isCorrection)
    #expect(try rounds() == ["1: Ann=5 Bob=13", "2: Ann=0 Bob=26"])
    _ = try store.history.undo()  // round 1's correction is gone: round 2 goes
    #expect(try rounds() == ["1: Ann=5 Bob=13"])
    #expect(try store.players(of: "Hearts").map(\.score) == [13, 5])
  }

  @Test(
    "a round reaching the target ends the game; the lowest wins; then every change is refused, nothing written"
  )
  func targetEndsTheGame() throws {
    let update = try store.addRound(in: "Hearts", [("Ann", 40), ("Bob", 100)])
    #expect(update.ended && update.state.isFinished)
    #expect(
      update.standings.map { "\($0.rank) \($0.player.name) \($0.isWinner)" } == ["1 Ann true", "2 Bob false"])
    func data() throws -> [[[SQLValue]]] {
      try ["scoreEvents", "rounds", "players", "gameEvents", "localChanges"].map {
        try test.database.rows(of: $0, columns: try test.database.columnNames(of: $0))
      }
    }
    let before = try data()
    #expect(throws: StoreError.self) { try store.addRound(in: "Hearts", [("Ann", 1)]) }
    #expect(throws: StoreError.self) { try store.score(in: "Hearts", "Ann", .add(1)) }
    #expect(throws: StoreError.self) { try store.addPlayer(to: "Hearts", name: "Cy") }
    #expect(throws: StoreError.self) { try store.history.undo() }
    #expect(try data() == before)
    _ = try store.reopen("Hearts")
    // Judged afresh at the next change: Bob is still past 100.
    #expect(try store.addRound(in: "Hearts", [("Ann", 1)]).ended)
  }

  @Test("a score change in a game of teams gives the teams' new totals, without rules that end it")
  func teamTotalsAfterAScore() throws {
    _ = try store.addGame(title: "Quiz")
    _ = try store.addPlayer(to: "Quiz", name: "Ann", team: "Owls")
    _ = try store.addPlayer(to: "Quiz", name: "Cy", team: "Owls")
    _ = try store.addPlayer(to: "Quiz", name: "Bob", team: "Larks")
    _ = try store.score(in: "Quiz", "Bob", .add(4))
    let update = try store.score(in: "Quiz", "Ann", .add(3))
    #expect(
      update.state.places.map { "\($0.rank) \($0.team ?? "-") \($0.total)" } == ["1 Larks 4", "2 Owls 3"])
    let next = try store.score(in: "Quiz", "Cy", .add(2))
    #expect(
      next.state.places.map { "\($0.rank) \($0.team ?? "-") \($0.total)" } == ["1 Owls 5", "2 Larks 4"])
  }

  @Test("history names each change's round and marks corrections; the game's own changes come with it")
  func historyOfRounds() throws {
    _ = try store.addRound(in: "Hearts", [("Ann", 5), ("Bob", 13)])
    _ = try store.fixRound(in: "Hearts", number: 1, [("Ann", 4)])
    _ = try store.setRules(in: "Hearts", winner: nil, target: .set(10), rounds: nil)
    var log: [GameLogEntry] = []
    var rows: [String] = []
    try store.history.log(
      of: "Hearts", header: { _, _, _, entries in log = entries },
      row: {
        rows.append("\($0.playerName) \($0.event.delta) \($0.round ?? 0) \($0.isCorrection) \($0.counts)")
      })
    #expect(rows == ["Ann -1 1 true true", "Bob 13 1 false true", "Ann 5 1 false true"])
    let lowest = try GameRules(winner: .lowest, target: 100)
    let ten = try GameRules(winner: .lowest, target: 10)
    // Newest first; reaching the new target ended the game at the rule
    // change, after it: an entry of its own, with who won then.
    #expect(log.map(\.kind) == [.finish(winners: nil), .rules(ten), .rules(lowest)])
    #expect(log.map(\.ending) == [.target, nil, nil])
    #expect(log.map(\.winnerNames) == [["Ann"], [], []])
  }

  @Test(
    "history, the same everywhere: an undone round keeps its number, an undo names what it undid, ids order a moment"
  )
  func historyOfUndoneRounds() throws {
    // Ids counting down: the order rows were written (rowid) is not the
    // order of their ids, as on a device that synced them.
    let test = try TestStore(uuid: .negative())
    let store = test.store
    _ = try store.addGame(title: "Quiz", rules: GameRules(rounds: 2))
    for name in ["Ann", "Bob", "Cy"] { _ = try store.addPlayer(to: "Quiz", name: name) }
    _ = try store.addRound(in: "Quiz", [("Ann", 3), ("Bob", 1), ("Cy", 2)])
    _ = try store.history.undo()
    _ = try store.addRound(in: "Quiz", [("Ann", 2), ("Bob", 5), ("Cy", 1)])
    _ = try store.addRound(in: "Quiz", [("Ann", 1), ("Bob", 1), ("Cy", 1)])
    var log: [String] = []
    var rows: [String] = []
    try store.history.log(
      of: "Quiz",
      header: { _, _, _, entries in
        log = entries.map { "\($0.ending.map { "\($0)" } ?? "-") \($0.winnerNames)" }
      },
      row: { entry in
        rows.append(
          "\(entry.event.id.suffix(2)) \(entry.playerName) \(entry.event.delta) round \(entry.round ?? 0)"
            + (entry.roundUndone ? " undone" : "")
            + (entry.undid.map { " undid \($0.id.suffix(2)) \($0.delta)" } ?? ""))
      })
    #expect(log == ["rounds [\"Bob\"]", "- []"])
    // Newest first, each moment's changes (a round's) by id, newest first:
    // the ids count down, so Ann's comes first though Cy's was written last.
    #expect(
      rows == [
        "ed Ann 1 round 2", "ec Bob 1 round 2", "eb Cy 1 round 2",
        "f1 Ann 2 round 1", "f0 Bob 5 round 1", "ef Cy 1 round 1",
        "f5 Ann -3 round 1 undone undid f9 3", "f4 Bob -1 round 1 undone undid f8 1",
        "f3 Cy -2 round 1 undone undid f7 2",
        "f9 Ann 3 round 1 undone", "f8 Bob 1 round 1 undone", "f7 Cy 2 round 1 undone",
      ])
  }

  @Test("--fix of a round the game does not have says which rounds it has")
  func noSuchRound() throws {
    let hearts = try store.game("Hearts").game
    #expect(
      "\(StoreError.noSuchRound(number: 1, game: hearts, roundsPlayed: 0))"
        == "\"Hearts\" has no round 1: no round was played yet. Nothing was changed.")
    _ = try store.addRound(in: "Hearts", [("Ann", 5)])
    #expect(throws: StoreError.noSuchRound(number: 2, game: hearts, roundsPlayed: 1)) {
      try store.fixRound(in: "Hearts", number: 2, [("Ann", 1)])
    }
    #expect(
      "\(StoreError.noSuchRound(number: 2, game: hearts, roundsPlayed: 1))"
        == "\"Hearts\" has no round 2: it has played round 1 only. Nothing was changed.")
  }
}

extension RoundTests {
  @Test("a lead to win by: a game without a target refuses it, and a finished game too; nothing is written")
  func winByRefused() throws {
    _ = try store.addGame(title: "Squash")
    _ = try store.addGame(title: "Pong", rules: GameRules(target: 11))
    _ = try store.finish("Hearts")
    let before = try store.database.rows(of: "gameEvents", columns: ["id", "kind", "target", "winBy"])
    #expect(throws: GameRulesError.winByWithoutTarget(2)) {
      _ = try store.setRules(in: "Squash", winner: nil, target: nil, winBy: .set(2), rounds: nil)
    }
    #expect(throws: GameRulesError.winByWithoutTarget(2)) {
      _ = try store.setRules(in: "Pong", winner: nil, target: .remove, winBy: .set(2), rounds: nil)
    }
    #expect(throws: GameRulesError.winByNotPositive(0)) {
      _ = try store.setRules(in: "Squash", winner: nil, target: .set(11), winBy: .set(0), rounds: nil)
    }
    let hearts = try store.game("Hearts").game
    #expect(throws: StoreError.rulesOfFinishedGame(game: hearts)) {
      _ = try store.setRules(in: "Hearts", winner: nil, target: nil, winBy: .set(2), rounds: nil)
    }
    #expect(try store.database.rows(of: "gameEvents", columns: ["id", "kind", "target", "winBy"]) == before)
    #expect(try store.state(of: "Squash").1.rules == .classic)
    #expect(try store.state(of: "Pong").1.rules == GameRules(target: 11))
  }
}

extension RoundTests {
  @Test(
    "a countdown: players start at --start (unless given a score), a rematch too; a bust is kept, shown and counted 0"
  )
  func countdownInTheStore() throws {
    let darts = try GameRules(winner: .lowest, target: 0, start: 501, bust: true)
    _ = try store.addGame(title: "Darts", rules: darts)
    #expect(try store.addPlayer(to: "Darts", name: "Ann").player.score == 501)
    #expect(try store.addPlayer(to: "Darts", name: "Bob").player.score == 501)
    #expect(try store.addPlayer(to: "Darts", name: "Cy", score: 301).player.score == 301)
    _ = try store.addRound(in: "Darts", [("Ann", -180), ("Bob", -180), ("Cy", -300)])
    // Cy at 1 cannot finish on 1 less than 0: a bust, kept and counted 0.
    let round = try store.addRound(in: "Darts", [("Cy", -2), ("Ann", -100)])
    #expect(round.busts == [try store.player(in: "Darts", "Cy").player.id])
    #expect(
      round.standings.map { "\($0.rank) \($0.player.name) \($0.player.score)" } == [
        "1 Cy 1", "2 Ann 221", "3 Bob 321",
      ])
    let busted = try store.score(in: "Darts", "Bob", .add(-400))
    #expect(busted.busted && busted.previous.score == 321 && busted.player.score == 321)
    // "=N" sets the total that counts, not the sum of every throw.
    let set = try store.score(in: "Darts", "Ann", .set(21))
    #expect(!set.busted && set.previous.score == 221 && set.player.score == 21)
    let sheet = try store.sheet(of: "Darts")
    let names = Dictionary(uniqueKeysWithValues: sheet.players.map { ($0.player.id, $0.player.name) })
    #expect(
      sheet.changes.map { "\($0.afterRound) \(names[$0.playerID]!) \($0.points)\($0.bust ? "!" : "")" } == [
        "0 Ann 501", "0 Bob 501", "0 Cy 301", "2 Bob -400!", "2 Ann -200",
      ])
    #expect(sheet.rounds.map { $0.busts.map { names[$0]! } } == [[], ["Cy"]])
    #expect(sheet.totals.values.sorted() == [1, 21, 321])
    var history: [String] = []
    try store.history.log(of: "Darts", header: { _, _, _, _ in }) {
      history.append("\($0.playerName) \($0.event.delta)\($0.busted ? " bust" : "")")
    }
    #expect(
      history == [
        "Ann -200", "Bob -400 bust", "Ann -100", "Cy -2 bust", "Cy -300", "Bob -180", "Ann -180", "Cy 301",
        "Bob 501", "Ann 501",
      ])
    // Cy finishes exactly; a rematch starts everyone at 501 again.
    #expect(try store.addRound(in: "Darts", [("Cy", -1)]).ended)
    _ = try store.rematch("Darts")
    let again = try store.sheet(of: "Darts (2)")
    #expect(again.state.rules == darts)
    #expect(again.totals.values.sorted() == [501, 501, 501])
  }

  @Test("a bust or a target of 0 that does not fit the rules is refused, nothing written; no target, no bust")
  func countdownRefused() throws {
    _ = try store.addGame(title: "Squash")
    let before = try store.database.rows(
      of: "gameEvents", columns: ["id", "kind", "target", "bust", "targetZero"])
    #expect(throws: GameRulesError.bustWithoutTarget) {
      _ = try store.setRules(in: "Squash", winner: nil, target: nil, rounds: nil, bust: true)
    }
    #expect(throws: GameRulesError.targetNotPositive(0)) {
      _ = try store.setRules(in: "Hearts", winner: nil, target: .set(0), rounds: nil)
    }
    #expect(throws: GameRulesError.targetNotPositive(-1)) {
      _ = try store.setRules(in: "Hearts", winner: nil, target: .set(-1), rounds: nil)
    }
    #expect(
      try store.database.rows(of: "gameEvents", columns: ["id", "kind", "target", "bust", "targetZero"])
        == before)
    _ = try store.setRules(in: "Hearts", winner: nil, target: nil, rounds: nil, bust: true)
    #expect(try store.state(of: "Hearts").1.rules == GameRules(winner: .lowest, target: 100, bust: true))
    _ = try store.setRules(in: "Hearts", winner: nil, target: .remove, rounds: nil)
    #expect(try store.state(of: "Hearts").1.rules == GameRules(winner: .lowest))
    // A countdown's target of 0 survives being read back from the log.
    _ = try store.addGame(title: "Darts", rules: GameRules(winner: .lowest, target: 10, start: 501))
    _ = try store.setRules(in: "Darts", winner: nil, target: .set(0), rounds: nil)
    #expect(try store.state(of: "Darts").1.rules == GameRules(winner: .lowest, target: 0, start: 501))
  }
}

extension RoundTests {
  @Test(
    "named rounds: the sheet and history carry the names, --fix takes one in any case, a name is a game's once"
  )
  func namedRounds() throws {
    _ = try store.addGame(title: "7 Wonders")
    for name in ["Ann", "Bob"] { _ = try store.addPlayer(to: "7 Wonders", name: name) }
    let military = try store.addRound(in: "7 Wonders", [("Ann", 6), ("Bob", -2)], name: "  Military ")
    #expect(military.number == 1 && military.name == "Military")
    _ = try store.addRound(in: "7 Wonders", [("Ann", 3)])
    _ = try store.addRound(in: "7 Wonders", [("Bob", 25)], name: "Science")
    let fixed = try store.fixRound(in: "7 Wonders", .name("MILITARY"), [("Bob", -1)])
    #expect(fixed.number == 1 && fixed.name == "Military" && fixed.isCorrection)
    let sheet = try store.sheet(of: "7 Wonders")
    let names = Dictionary(uniqueKeysWithValues: sheet.players.map { ($0.player.id, $0.player.name) })
    #expect(
      sheet.rounds.map { round in
        "\(round.number) \(round.name ?? "-")\(round.corrected ? "*" : ""): "
          + sheet.players.map { "\(names[$0.player.id]!)=\(round.points[$0.player.id] ?? 0)" }.joined(
            separator: " ")
      } == ["1 Military*: Ann=6 Bob=-1", "2 -: Ann=3 Bob=0", "3 Science: Ann=0 Bob=25"])
    var history: [String] = []
    try store.history.log(of: "7 Wonders", player: "Bob", header: { _, _, _, _ in }) {
      history.append(
        "\($0.event.delta) round \($0.round ?? 0) \($0.roundName ?? "-")\($0.isCorrection ? "*" : "")")
    }
    #expect(history == ["1 round 1 Military*", "25 round 3 Science", "-2 round 1 Military"])
    // Undoing the round takes its name with it: the name is free again.
    _ = try store.history.undo()
    _ = try store.history.undo()
    #expect(try store.addRound(in: "7 Wonders", [("Bob", 9)], name: "science").name == "science")
  }

  @Test("a round name taken, unknown to --fix, or not a name is refused with the reason, nothing written")
  func namedRoundsRefused() throws {
    _ = try store.addRound(in: "Hearts", [("Ann", 5)], name: "Opening")
    let hearts = try store.game("Hearts").game
    let before = try store.database.rows(of: "rounds", columns: ["id", "name"])
    #expect(throws: StoreError.roundNameTaken(name: "Opening", number: 1, game: hearts)) {
      _ = try store.addRound(in: "Hearts", [("Bob", 1)], name: "opening")
    }
    #expect(throws: StoreError.noRoundNamed(name: "Closing", game: hearts, names: ["Opening"])) {
      _ = try store.fixRound(in: "Hearts", .name("Closing"), [("Bob", 1)])
    }
    #expect(throws: InvalidTextError.self) { _ = try store.addRound(in: "Hearts", [("Bob", 1)], name: "  ") }
    #expect(throws: InvalidTextError.self) {
      _ = try store.addRound(in: "Hearts", [("Bob", 1)], name: "Evil\u{1B}[2J")
    }
    #expect(try store.database.rows(of: "rounds", columns: ["id", "name"]) == before)
    #expect(
      "\(StoreError.roundNameTaken(name: "Opening", number: 1, game: hearts))"
        == "\"Hearts\" has a round \"Opening\" already (round 1): correct it with --fix \"Opening\", or give this "
        + "round another name. Nothing was changed.")
    #expect(
      "\(StoreError.noRoundNamed(name: "Closing", game: hearts, names: ["Opening"]))"
        == "\"Hearts\" has no round named \"Closing\": its named rounds are \"Opening\". Nothing was changed."
    )
  }
}
