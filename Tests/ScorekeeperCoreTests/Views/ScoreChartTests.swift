import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// `chart`'s series: each player's total after each step of the sheet, so
/// the chart and the sheet agree (starts, busts, named rounds, changes
/// outside the rounds).
@Suite struct ScoreChartTests {
  @Test("steps follow the sheet's rows: the start, named rounds, a change outside them; a bust adds nothing")
  func steps() throws {
    let test = try TestStore()
    let store = test.store
    _ = try store.addGame(
      title: "Darts", rules: GameRules(winner: .lowest, target: 0, start: 101, bust: true))
    for name in ["Ann", "Bob"] { _ = try store.addPlayer(to: "Darts", name: name) }
    _ = try store.addRound(in: "Darts", [("Ann", -60), ("Bob", -100)], name: "First")
    _ = try store.score(in: "Darts", "Ann", .add(-50))  // 41 - 50 busts
    _ = try store.addRound(in: "Darts", [("Ann", -41)])
    let chart = try store.chart(of: "Darts")
    #expect(chart.steps == ["start", "First", "score", "2"])
    #expect(chart.lines.map(\.name) == ["Ann", "Bob"])
    #expect(chart.lines.map(\.totals) == [[0, 101, 41, 41, 0], [0, 101, 1, 1, 1]])
    #expect(chart.range == -0...101)
    let sheet = try store.sheet(of: "Darts")
    #expect(chart.lines.map { $0.totals.last! } == sheet.players.map { sheet.totals[$0.player.id]! })
    #expect(
      chart.json.compactText
        == #"{"game":{"id":"\#(chart.game.game.id)","title":"Darts","playerCount":2},"#
        + #""steps":["start","First","score","2"],"lines":[{"id":"\#(chart.lines[0].playerID)","name":"Ann","#
        + #""totals":[0,101,41,41,0]},{"id":"\#(chart.lines[1].playerID)","name":"Bob","totals":[0,101,1,1,1]}]}"#
    )
  }

  @Test("a game without steps has one point a player, 0; without players, no line")
  func empty() throws {
    let test = try TestStore()
    _ = try test.store.addGame(title: "Quiz")
    #expect(try test.store.chart(of: "Quiz").lines.isEmpty)
    _ = try test.store.addPlayer(to: "Quiz", name: "Ann")
    let chart = try test.store.chart(of: "Quiz")
    #expect(chart.steps == [] && chart.lines.map(\.totals) == [[0]])
  }
}
