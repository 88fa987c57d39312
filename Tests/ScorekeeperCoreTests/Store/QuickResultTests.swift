import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// `add-game --result` and `--at`: a game entered whole from its result,
/// and changes recorded after they happened.
@Suite struct QuickResultTests {
  let test: TestStore
  var store: Store { test.store }
  static let friday = Timestamp(iso8601: "2025-11-20T21:30:00.000Z")!

  init() throws {
    test = try TestStore()
  }

  /// What a sheet holds, as text: rules, each round, totals, the result.
  func sheet(_ game: String) throws -> [String] {
    let sheet = try store.sheet(of: game)
    let names = Dictionary(uniqueKeysWithValues: sheet.players.map { ($0.player.id, $0.player.name) })
    return sheet.rounds.map { round in
      "round \(round.number): "
        + sheet.players.map { "\($0.player.name)=\(round.points[$0.player.id] ?? 0)" }.joined(separator: " ")
    } + [
      sheet.state.isFinished
        ? "won by " + sheet.state.winners.compactMap { names[$0] }.sorted().joined(separator: " ")
        : "in progress"
    ]
  }

  @Test("a result is a whole game in one change: players, points as one round, the finish; undo deletes it")
  func wholeGame() throws {
    let result = try store.addResult(
      title: "Wingspan", kind: "Wingspan", points: [("Alice", 87), ("Bob", 79), ("Cy", 64)])
    #expect(result.game.playerCount == 3)
    #expect(result.state.isFinished)
    #expect(try sheet("Wingspan") == ["round 1: Alice=87 Bob=79 Cy=64", "won by Alice"])
    #expect(try store.kind(of: result.game.game) == "Wingspan")
    #expect(try store.database.rows(of: "gameEvents", columns: ["kind"]) == [[.text("finish")]])
    // Named: Bob won the tie-break though the points say otherwise.
    _ = try store.addResult(title: "Catan", points: [("Alice", 10), ("Bob", 10)], winner: " bob ")
    #expect(try sheet("Catan") == ["round 1: Alice=10 Bob=10", "won by Bob"])
    guard case .result(let deleted) = try store.history.undo() else {
      Issue.record("undo did not delete the result")
      return
    }
    #expect(deleted.game.title == "Catan")
    #expect(try store.games().map(\.game.title) == ["Wingspan"])
    guard case .result(let first) = try store.history.undo() else {
      Issue.record("undo did not reach the first result")
      return
    }
    #expect(first.game.title == "Wingspan")
    #expect(try store.games().isEmpty)
    #expect(throws: StoreError.nothingToUndo) { _ = try store.history.undo() }
  }

  @Test(
    "a result naming no one, a player twice, a winner not in it, or a winner the rules overrule changes nothing"
  )
  func refused() throws {
    let tables = ["games", "players", "rounds", "gameEvents", "scoreEvents", "localChanges"]
    func everything() throws -> [[[SQLValue]]] {
      try tables.map { try store.database.rows(of: $0, columns: try store.database.columnNames(of: $0)) }
    }
    let before = try everything()
    #expect(throws: StoreError.resultWithoutPlayers(title: "Go")) {
      _ = try store.addResult(title: "Go", points: [])
    }
    #expect(throws: StoreError.resultNamesTwice(name: "ann", title: "Go")) {
      _ = try store.addResult(title: "Go", points: [("Ann", 1), ("ann", 2)])
    }
    #expect(throws: StoreError.resultWinnerNotPlaying(winner: "Cy", title: "Go", names: ["Ann", "Bob"])) {
      _ = try store.addResult(title: "Go", points: [("Ann", 1), ("Bob", 2)], winner: "Cy")
    }
    #expect(throws: StoreError.resultEndedByRules(title: "Hearts")) {
      _ = try store.addResult(
        title: "Hearts", rules: GameRules(winner: .lowest, target: 100), points: [("Ann", 104), ("Bob", 20)],
        winner: "Ann")
    }
    #expect(throws: StoreError.self) {
      _ = try store.addResult(title: "Pandemic", rules: GameRules(cooperative: true), points: [("Ann", 0)])
    }
    #expect(try everything() == before)
    #expect(
      "\(StoreError.resultWinnerNotPlaying(winner: "Cy", title: "Go", names: ["Ann", "Bob"]))"
        == "\"Cy\" is not in the result of \"Go\": the winner is one of \"Ann\", \"Bob\". Nothing was changed."
    )
    // The rules' own ending needs no winner: Hearts past 100 ended by itself.
    _ = try store.addResult(
      title: "Hearts", rules: GameRules(winner: .lowest, target: 100), points: [("Ann", 104), ("Bob", 20)])
    #expect(try sheet("Hearts") == ["round 1: Ann=104 Bob=20", "won by Bob"])
  }

  @Test("--at stamps every entry of the command then, a millisecond apart, and keeps when each was entered")
  func backdated() throws {
    let result = try store.recording(at: Self.friday) {
      try store.addResult(
        title: "Wingspan", rules: GameRules(target: 200), points: [("Alice", 87), ("Bob", 79)])
    }
    let entered = testNow.iso8601
    #expect(
      try store.database.rows(of: "gameEvents", columns: ["kind", "time", "enteredAt"]) == [
        [.text("finish"), .text("2025-11-20T21:30:00.002Z"), .text(entered)],
        [.text("rules"), .text("2025-11-20T21:30:00.000Z"), .text(entered)],
      ])
    #expect(
      try store.database.rows(of: "rounds", columns: ["madeAt", "enteredAt"]) == [
        [.text("2025-11-20T21:30:00.001Z"), .text(entered)]
      ])
    #expect(
      Set(try store.database.rows(of: "scoreEvents", columns: ["time", "enteredAt"])) == [
        [.text("2025-11-20T21:30:00.001Z"), .text(entered)]
      ])
    let finished = try store.finishedResults()
    #expect(finished.map(\.finishedAt) == [Timestamp(iso8601: "2025-11-20T21:30:00.002Z")!])
    var history: [String] = []
    try store.history.log(
      of: result.game.game.id,
      header: { _, _, _, own in
        history += own.map { "\($0.time.iso8601) entered \($0.enteredAt?.iso8601 ?? "-")" }
      }
    ) { history.append("\($0.playerName) \($0.event.time.iso8601) entered \($0.enteredAt?.iso8601 ?? "-")") }
    #expect(
      history == [
        "2025-11-20T21:30:00.002Z entered \(entered)", "2025-11-20T21:30:00.000Z entered \(entered)",
        "Bob 2025-11-20T21:30:00.001Z entered \(entered)",
        "Alice 2025-11-20T21:30:00.001Z entered \(entered)",
      ])
  }

  @Test("a round entered late takes its place among the game's rounds by when it was played")
  func lateRound() throws {
    // Its rules are its first change: a game without them begins with its first point.
    _ = try store.recording(at: Self.friday) {
      try store.addGame(title: "Quiz", rules: GameRules(rounds: 10))
    }
    for name in ["Ann", "Bob"] { _ = try store.addPlayer(to: "Quiz", name: name) }
    _ = try store.addRound(in: "Quiz", [("Ann", 5)])
    let late = try store.recording(at: Timestamp(iso8601: "2025-11-20T22:00:00.000Z")!) {
      try store.addRound(in: "Quiz", [("Bob", 3)])
    }
    #expect(late.number == 1)
    #expect(try sheet("Quiz") == ["round 1: Ann=0 Bob=3", "round 2: Ann=5 Bob=0", "in progress"])
  }

  @Test("a time to come, or before the game began, is refused with the reason, nothing written")
  func badTimes() throws {
    _ = try store.recording(at: Self.friday) { try store.addGame(title: "Quiz", rules: GameRules(rounds: 3)) }
    _ = try store.addPlayer(to: "Quiz", name: "Ann")
    let quiz = try store.game("Quiz").game
    let tables = ["games", "players", "rounds", "gameEvents", "scoreEvents"]
    func everything() throws -> [[[SQLValue]]] {
      try tables.map { try store.database.rows(of: $0, columns: try store.database.columnNames(of: $0)) }
    }
    let before = try everything()
    let later = Timestamp(millisecondsSince1970: testNow.millisecondsSince1970 + 1)
    #expect(throws: StoreError.timeInFuture(later, now: testNow)) {
      _ = try store.recording(at: later) { try store.addResult(title: "Go", points: [("Ann", 1)]) }
    }
    let thursday = Timestamp(iso8601: "2025-11-19T20:00:00.000Z")!
    #expect(throws: StoreError.timeBeforeGameBegan(thursday, began: Self.friday, game: quiz)) {
      _ = try store.recording(at: thursday) { try store.addRound(in: "Quiz", [("Ann", 1)]) }
    }
    #expect(throws: StoreError.timeBeforeGameBegan(thursday, began: Self.friday, game: quiz)) {
      _ = try store.recording(at: thursday) { try store.finish("Quiz") }
    }
    #expect(try everything() == before)
    #expect(
      "\(StoreError.timeBeforeGameBegan(thursday, began: Self.friday, game: quiz))"
        == "2025-11-19T20:00:00.000Z is before \"Quiz\" began (2025-11-20T21:30:00.000Z, its first change). "
        + "Nothing was changed.")
    // The backdating ends with the command: the next change is now.
    _ = try store.addRound(in: "Quiz", [("Ann", 1)])
    #expect(
      try store.database.rows(of: "rounds", columns: ["madeAt", "enteredAt"]) == [
        [.text(testNow.iso8601), .null]
      ])
  }
}
