import ScorekeeperTestSupport
import Testing

@testable import ScorekeeperCore

/// The indexes a game's standings are read through (schema v30). The
/// header counts the players and takes their highest and lowest totals
/// from `players_standings` alone; the rows go through `players_gameID`,
/// in the table's order, and are sorted. Read the other way, the rows of a
/// big game take a random page each (1.7–2.2× as long for 100,000
/// players), so a planner that moved either query would show only in the
/// bench: these plans are SQLite's own, for the statements the store ran.
@Suite struct StandingsQueryPlanTests {
  @Test("the header reads players_standings alone; the rows go through players_gameID and are sorted")
  func plans() throws {
    let test = try TestStore()
    _ = try test.store.addGame(title: "Poker")
    for (name, score) in [("Ann", 5), ("Bob", -3), ("Cy", 12)] as [(String, Int64)] {
      _ = try test.store.addPlayer(to: "Poker", name: name, score: Points(score))
    }
    var statements: [String] = []
    test.database.trace { statements.append($0) }
    var rows: [String] = []
    try test.store.standings(of: "Poker", order: nil, header: { _ in }, row: { rows.append($0.player.name) })
    test.database.trace(nil)
    #expect(rows == ["Cy", "Ann", "Bob"])

    let header = try #require(statements.first { $0.contains("count(*), (SELECT max(score)") })
    let standingRows = try #require(statements.first { $0.hasPrefix("SELECT p.id, p.name, p.score") })
    #expect(
      try plan(of: header, in: test)
        == [
          "SEARCH players USING INDEX players_standings (gameID=?)",
          "SCALAR SUBQUERY 1", "SEARCH players USING INDEX players_standings (gameID=?)",
          "SCALAR SUBQUERY 2", "SEARCH players USING INDEX players_standings (gameID=?)",
          // (The photos: a summary each, a scan of the few there are.)
          "SCALAR SUBQUERY 3", "SCAN f USING COVERING INDEX playerPhotos_summary",
          "SEARCH fp USING INDEX sqlite_autoindex_players_1 (id=?)",
          "SCALAR SUBQUERY 4", "SEARCH players USING INDEX players_decimals (gameID=?)",
        ])
    #expect(
      try plan(of: standingRows, in: test)
        == ["SEARCH p USING INDEX players_gameID (gameID=?)", "USE TEMP B-TREE FOR ORDER BY"])
  }

  /// The details of SQLite's plan for `sql`, in its order.
  private func plan(of sql: String, in test: TestStore) throws -> [String] {
    try test.database.fetchAll("EXPLAIN QUERY PLAN " + sql) { try $0.text(3) }
  }
}
