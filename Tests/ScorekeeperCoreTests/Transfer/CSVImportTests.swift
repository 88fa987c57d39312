import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// A CSV made by hand: every row's mistake is found in one import.
@Suite struct CSVImportTests {
  let test: TestStore

  init() throws {
    test = try TestStore()
  }

  func importing(_ text: String) throws -> ImportSummary {
    try test.store.transfer.importCSV(from: ImportSource(bytes: Array(text.utf8)), dryRun: false)
  }

  @Test("more than 50 rows wrong: the first 50, how many more, and nothing imported")
  func manyProblems() throws {
    _ = try test.store.addGame(title: "Darts")
    let before = try test.database.rows(of: "players", columns: ["id", "name", "score"])
    let rows = (1...60).map { "Darts,P\($0),x\($0)" }
    do {
      _ = try importing((["game,player,points", "Darts,Ann,5"] + rows).joined(separator: "\n"))
      Issue.record("imported")
    } catch let problems as ImportProblems {
      #expect(problems.total == 60)
      #expect(
        problems.problems.map(\.location) == (3...52).map { "line \($0), column 3" })
      #expect(
        problems.problems.first?.problem
          == #"points must be a number such as 13 or 13.5 (a decimal point, not a comma), not "x1""#)
      #expect(problems.description.hasSuffix("\n  … and 10 more."))
    }
    #expect(try test.database.rows(of: "players", columns: ["id", "name", "score"]) == before)
    #expect(try test.store.game("Darts").game.title == "Darts")
  }

  @Test("one row wrong is the one problem, as before")
  func oneProblem() throws {
    #expect(
      throws: ImportError(location: "line 2", problem: "1 fields; the header has 3")
    ) { try importing("game,player,points\nDarts\nDarts,Ann,5\n") }
    #expect(try test.database.rows(of: "games", columns: ["id"]) == [])
  }
}
