import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// Finished games as ratings read them, and the leaderboard folded over
/// them: the same numbers as the rating models applied by hand, in the
/// order the games ended.
@Suite struct LeaderboardTests {
  let test: TestStore
  var store: Store { test.store }

  init() throws {
    test = try TestStore()
  }

  func game(_ title: String, rules: GameRules = .classic, _ players: [(String, String?)]) throws {
    _ = try store.addGame(title: title, rules: rules)
    for (name, team) in players { _ = try store.addPlayer(to: title, name: name, team: team) }
  }

  /// Each finished game as "title: rank names/… …", in fold order.
  func results() throws -> [String] {
    try store.finishedResults().map { game in
      "\(game.game.title)\(game.isCooperative ? " (co-op)" : ""): "
        + game.places.map { "\($0.rank) " + $0.members.map(\.name).joined(separator: "+") }.joined(
          separator: ", ")
    }
  }

  @Test(
    "finished games in the order they ended; places by the rules, ties shared, teams as sides; named winners first; in progress left out"
  )
  func finishedGames() throws {
    try game(
      "Golf", rules: GameRules(winner: .lowest, target: 30), [("Ann", nil), ("Bob", nil), ("Cy", nil)])
    try game("Quiz", [("Dee", "Owls"), ("Eve", "Owls"), ("Fay", "Larks")])
    try game("Chess", [("Ann", nil), ("Bob", nil)])
    try game("Co-op", [("Ann", nil), ("Bob", nil)])
    try game("Open", [("Ann", nil)])
    _ = try store.finish("Chess", winners: ["Bob"])
    _ = try store.addRound(in: "Quiz", [("Dee", 3), ("Eve", 2), ("Fay", 4)])
    _ = try store.finish("Quiz")
    _ = try store.addRound(in: "Golf", [("Ann", 12), ("Bob", 30), ("Cy", 12)])
    _ = try store.finish("Co-op", table: .won)
    _ = try store.score(in: "Open", "Ann", .add(5))
    #expect(
      try results() == [
        "Chess: 1 Bob, 2 Ann", "Quiz: 1 Dee+Eve, 2 Fay", "Golf: 1 Ann, 1 Cy, 3 Bob",
        "Co-op (co-op): 1 Ann, 1 Bob",
      ])
    // Reopened, a game is no longer finished, and leaves the fold.
    _ = try store.reopen("Chess")
    #expect(try results().map { $0.prefix(5) } == ["Quiz:", "Golf:", "Co-op"])
  }

  @Test("OpenSkill: the games folded in the order they ended, a person across games by name in any case")
  func openSkillFold() throws {
    try game("First", [("Ann", nil), ("Bob", nil)])
    try game("Second", [("bob", nil), ("Cy", nil), ("ANN", nil)])
    _ = try store.finish("First", winners: ["Ann"])
    _ = try store.score(in: "Second", "Cy", .add(3))
    _ = try store.score(in: "Second", "bob", .add(2))
    _ = try store.finish("Second")
    let board = Leaderboard(folding: try store.finishedResults(), system: .openskill)
    let model = PlackettLuce()
    let first = model.rate([[model.initial], [model.initial]], ranks: [1, 2])
    let second = model.rate([[model.initial], first[1], first[0]], ranks: [1, 2, 3])  // Cy, Bob, Ann
    let expected = [("Cy", second[0][0], 1), ("bob", second[1][0], 2), ("ANN", second[2][0], 2)]
      .sorted { $0.1.ordinal > $1.1.ordinal }
    #expect(
      board.entries.map { "\($0.rank) \($0.name) \($0.games)" }
        == expected.enumerated().map { "\($0 + 1) \($1.0) \($1.2)" })
    #expect(board.entries.map(\.skill) == expected.map(\.1))
    #expect(board.entries.allSatisfy { $0.isProvisional })
  }

  @Test("Elo: 1500 against 1500; a team plays as its mean and its members move together; co-op rates no one")
  func eloFold() throws {
    try game("Ladder", [("Ann", nil), ("Bob", nil)])
    try game("Pairs", [("Ann", "A"), ("Cy", "A"), ("Bob", "B"), ("Dee", "B")])
    try game("Together", [("Eve", nil), ("Fay", nil)])
    _ = try store.finish("Ladder", winners: ["Bob"])
    _ = try store.finish("Pairs", winners: ["Ann", "Cy"])
    _ = try store.finish("Together", table: .won)
    let board = Leaderboard(folding: try store.finishedResults(), system: .elo)
    // Ladder: Bob 1516, Ann 1484. Pairs: team A (1484 + 1500) / 2 = 1492
    // beats team B (1516 + 1500) / 2 = 1508, and Ann passes Bob again.
    let gain = 32 * (1 - Elo().expected(1492, against: 1508))
    #expect(
      board.entries.map { "\($0.rank) \($0.name) \($0.games)" } == [
        "1 Cy 1", "2 Ann 2", "3 Bob 2", "4 Dee 1",
      ])
    let ratings = board.entries.map { $0.elo! }
    let expected = [1500 + gain, 1484 + gain, 1516 - gain, 1500 - gain]
    #expect(zip(ratings, expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(ratings) \(expected)")
  }

  @Test("a fold's steps for one person chain game to game, and end at the board's rating")
  func foldSteps() throws {
    for (index, title) in ["A", "B", "C"].enumerated() {
      try game(title, [("Ann", nil), ("Bob", nil), ("Cy", nil)])
      _ = try store.score(in: title, ["Ann", "Bob", "Cy"][index], .add(1))
      _ = try store.finish(title)
    }
    try game("Together", [("Ann", nil), ("Bob", nil)])
    _ = try store.finish("Together", table: .won)
    for system in RatingSystem.allCases {
      var fold = RatingFold(system: system)
      var steps: [RatingFold.Step] = []
      for finished in try store.finishedResults() {
        if let step = fold.apply(finished)["ann"] { steps.append(step) }
      }
      #expect(
        steps.map(\.game.game.title) == ["A", "B", "C"], "\(system): the co-operative game rates no one")
      #expect(steps.map(\.rank) == [1, 2, 2], "\(system)")
      #expect(steps.first?.before == RatingFold(system: system).value(of: "ann"), "\(system)")
      #expect(zip(steps, steps.dropFirst()).allSatisfy { $0.after == $1.before }, "\(system)")
      let board = Leaderboard(folding: try store.finishedResults(), system: system)
      #expect(steps.last?.after.score == board.entries.first { $0.person == "ann" }?.score, "\(system)")
    }
  }
}
