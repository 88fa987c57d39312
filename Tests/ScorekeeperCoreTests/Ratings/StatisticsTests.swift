import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// What finished games say of each person, over games made through the
/// store: whole lines, whole head-to-head records.
@Suite struct StatisticsTests {
  @Test(
    "wins (first shared with some), draws (first shared by all), losses, places, best scores, streaks; co-op apart"
  )
  func lines() throws {
    let test = try TestStore()
    let store = test.store
    func game(_ title: String, rules: GameRules = .classic, _ names: [String]) throws {
      _ = try store.addGame(title: title, rules: rules)
      for name in names { _ = try store.addPlayer(to: title, name: name) }
    }
    // 1: Ann wins. 2 (lowest wins): Ann and Bob tie for first, a win for
    // both. 3: Bob wins. 4: won together. 5 (teams): Ann and Cy beat Bob.
    // 6: Ann and Bob both named: a draw, no win. 7: lost together. Bob's
    // best total is his 2 in Three: where the lowest wins, his 3 counts as -3.
    try game("One", ["Ann", "Bob"])
    _ = try store.score(in: "One", "Ann", .add(7))
    _ = try store.finish("One")
    try game("Two", rules: GameRules(winner: .lowest, target: 20), ["ann", "Bob", "Cy"])
    _ = try store.addRound(in: "Two", [("ann", 3), ("Bob", 3), ("Cy", 20)])
    try game("Three", ["Ann", "Bob"])
    _ = try store.score(in: "Three", "Bob", .add(2))
    _ = try store.finish("Three")
    try game("Four", ["Ann", "Cy"])
    _ = try store.finish("Four", table: .won)
    _ = try store.addGame(title: "Five")
    _ = try store.addPlayer(to: "Five", name: "Ann", team: "T")
    _ = try store.addPlayer(to: "Five", name: "Cy", team: "T")
    _ = try store.addPlayer(to: "Five", name: "Bob")
    _ = try store.score(in: "Five", "Cy", .add(1))
    _ = try store.finish("Five")
    try game("Six", ["Ann", "Bob"])
    _ = try store.finish("Six", winners: ["Ann", "Bob"])
    try game("Seven", rules: GameRules(cooperative: true), ["Ann", "Bob"])
    _ = try store.finish("Seven", table: .lost)
    let statistics = Statistics(of: try store.finishedResults())
    func line(_ name: String) -> String {
      guard let line = statistics.line(of: Person.key(of: name)) else { return "none" }
      return
        "\(line.name): \(line.games) games, \(line.wins) wins, \(line.draws) draws, \(line.losses) losses, "
        + "place \(line.averagePosition ?? 0), "
        + "score \(line.averageScore ?? 0), best \(line.bestScore.map(String.init) ?? "-"), "
        + "streak \(line.currentStreak)/\(line.longestStreak), co-op \(line.cooperativeWins)/\(line.cooperativeGames)"
    }
    #expect(
      statistics.lines.map { line($0.name) } == [
        "Ann: 5 games, 3 wins, 1 draws, 1 losses, place 1.2, score 2.0, best 7, streak 0/2, co-op 1/2",
        "Bob: 5 games, 2 wins, 1 draws, 2 losses, place 1.4, score 1.0, best 2, streak 0/2, co-op 0/1",
        "Cy: 2 games, 1 wins, 0 draws, 1 losses, place 2.0, score 10.5, best 1, streak 1/1, co-op 1/1",
      ])
    #expect(
      statistics.headToHead(of: "ann").map { "\($0.name) \($0.games): \($0.above)/\($0.below)/\($0.tied)" }
        == [
          "Bob 5: 2/1/2", "Cy 1: 1/0/0",
        ])
    // Teammates are not opponents: Ann and Cy met once, in Two.
    #expect(
      statistics.headToHead(of: "cy").map { "\($0.name) \($0.games): \($0.above)/\($0.below)/\($0.tied)" }
        == [
          "Ann 1: 0/1/0", "Bob 2: 1/1/0",
        ])
    #expect(statistics.nemesis(of: "ann")?.name == "Bob")
    #expect(statistics.nemesis(of: "cy")?.name == "Ann")
    #expect(Statistics(of: []).lines == [])
    // Someone who only played together has no place and no average score.
    try game("Eight", rules: GameRules(cooperative: true), ["Dee"])
    _ = try store.finish("Eight", table: .won)
    let dee = try #require(Statistics(of: try store.finishedResults()).line(of: "dee"))
    #expect(
      [dee.games, dee.cooperativeGames, dee.cooperativeWins] == [0, 1, 1] && dee.averagePosition == nil
        && dee.averageScore == nil)
  }
}
