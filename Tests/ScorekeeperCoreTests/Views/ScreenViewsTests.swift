import ScorekeeperTestSupport
import Testing

@testable import ScorekeeperCore

/// The screens `list`, `watch` and `serve` show are built in core, each in
/// one read transaction (one snapshot, however many games), and each
/// document has one encoder: these pin the documents whole.
@Suite struct ScreenViewsTests {
  let test: TestStore
  var store: Store { test.store }

  /// Spades (kind "Spades", two teams; Ann +2), Hearts (lowest wins,
  /// finished), Empty (no players).
  init() throws {
    test = try TestStore()
    _ = try store.addGame(title: "Spades", kind: "Spades")
    for (name, score, team) in [("Ann", 5, "Kids"), ("Bob", 3, "Kids"), ("Cy", 7, "Adults")] {
      _ = try store.addPlayer(to: "Spades", name: name, score: Points(Int64(score)), team: team)
    }
    _ = try store.addGame(title: "Hearts", rules: try GameRules(winner: .lowest))
    for (name, score) in [("Dee", 40), ("Eve", 12)] {
      _ = try store.addPlayer(to: "Hearts", name: name, score: Points(Int64(score)))
    }
    _ = try store.finish("Hearts")
    _ = try store.addGame(title: "Empty")
    _ = try store.score(in: "Spades", "Ann", .add(2))
  }

  /// The id the store's incrementing generator gave `number`th.
  func id(_ number: UInt64) -> String {
    UUIDGenerator.format(number)
  }

  /// The transactions `body` opens, by their first statement.
  func transactions(_ body: () throws -> Void) rethrows -> [String] {
    var begun: [String] = []
    test.database.trace { if $0.hasPrefix("BEGIN") { begun.append($0) } }
    defer { test.database.trace(nil) }
    try body()
    return begun
  }

  @Test(
    "a game's standings whole: the rows list streams, under the game, its state, teams and kind, in one read")
  func gameStandings() throws {
    var standings: GameStandings?
    #expect(try transactions { standings = try store.gameStandings(of: "spades") } == ["BEGIN DEFERRED"])
    var streamed: [Standing] = []
    try store.standings(of: "Spades", order: nil, header: { _ in }, row: { streamed.append($0) })
    #expect(standings?.rows == streamed)
    #expect(
      standings?.json.compactText
        == #"{"game":{"id":"\#(id(1))","title":"Spades","playerCount":3},"standings":["#
        + #"{"rank":1,"id":"\#(id(2))","name":"Ann","score":7,"photo":null,"team":"Kids","winner":false},"#
        + #"{"rank":1,"id":"\#(id(6))","name":"Cy","score":7,"photo":null,"team":"Adults","winner":false},"#
        + #"{"rank":3,"id":"\#(id(4))","name":"Bob","score":3,"photo":null,"team":"Kids","winner":false}],"#
        + #""rules":{"winner":"highest","target":null,"winBy":null,"start":null,"bust":false,"rounds":null,"counted":true,"cooperative":false},"#
        + #""state":"in progress","round":0,"teams":["#
        + #"{"rank":1,"name":"Kids","score":10,"members":["\#(id(2))","\#(id(4))"],"teamPoints":0,"winner":false},"#
        + #"{"rank":2,"name":"Adults","score":7,"members":["\#(id(6))"],"teamPoints":0,"winner":false}],"#
        + #""result":null,"kind":"Spades"}"#)
  }

  @Test("the games board: every game's leaders or winners and last change, the latest first, in one read")
  func gamesBoard() throws {
    var board: GamesBoard?
    #expect(try transactions { board = try store.gamesBoard() } == ["BEGIN DEFERRED"])
    // (Hearts' players' points were logged after Ann's +2: a game's log
    // time moves on by a millisecond a change under the fixed clock.)
    #expect(
      board?.json.compactText
        == #"{"games":[{"id":"\#(id(8))","title":"Hearts","state":"finished","#
        + #""leaders":[{"id":"\#(id(12))","name":"Eve","score":12}],"#
        + #""lastChange":{"player":"Eve","points":12,"time":"2026-01-02T03:04:05.680Z","author":null,"#
        + #""authorKnown":true}},"#
        + #"{"id":"\#(id(1))","title":"Spades","state":"in progress","#
        + #""leaders":[{"id":"\#(id(2))","name":"Ann","score":7},{"id":"\#(id(6))","name":"Cy","score":7}],"#
        + #""lastChange":{"player":"Ann","points":2,"time":"2026-01-02T03:04:05.678Z","author":null,"#
        + #""authorKnown":true}},"#
        + #"{"id":"\#(id(15))","title":"Empty","state":"in progress","leaders":[],"lastChange":null}]}"#)
    #expect(board?.rows.map(\.winners) == [["Eve"], [], []])
  }

  @Test(
    "watch's screen: the view and the change its header names in one read; each view the one its command reads"
  )
  func watchScreen() throws {
    var screens: [WatchScreen] = []
    #expect(
      try transactions {
        screens.append(try store.watchScreen(of: "spades", sheet: false, headed: true))
        screens.append(try store.watchScreen(of: "Hearts", sheet: true, headed: true))
        screens.append(try store.watchScreen(of: nil, sheet: false, headed: true))
      } == ["BEGIN DEFERRED", "BEGIN DEFERRED", "BEGIN DEFERRED"])
    #expect(screens[0].json == (try store.gameStandings(of: "Spades").json))
    #expect(screens[1].json == (try store.sheet(of: "Hearts").json))
    #expect(screens[2].json == (try store.gamesBoard().json))
    let changes = screens.map { screen in
      screen.lastChange.map { "\($0.playerName) \($0.event.delta) \($0.event.time.iso8601)" }
    }
    #expect(
      changes == [
        "Ann 2 2026-01-02T03:04:05.678Z", "Eve 12 2026-01-02T03:04:05.680Z",
        "Eve 12 2026-01-02T03:04:05.680Z",
      ])
    #expect(try store.watchScreen(of: "Empty", sheet: false, headed: true).lastChange == nil)
    // Unheaded (a watch in a pipe): the same view, and no change read.
    let unheaded = try store.watchScreen(of: "spades", sheet: false, headed: false)
    #expect(unheaded.json == screens[0].json)
    #expect(unheaded.lastChange == nil)
  }

  @Test("the games list: each game's access, result, kind and last activity, the latest first, in one read")
  func gamesOverview() throws {
    _ = try store.gamesOverview()  // (the first remembers Hearts' result, in a write of its own)
    var overview: GamesOverview?
    #expect(try transactions { overview = try store.gamesOverview() } == ["BEGIN DEFERRED"])
    let owner = #""isShared":false,"owner":null,"permission":"owner""#
    #expect(
      overview?.json.compactText
        == #"{"games":[{"id":"\#(id(8))","title":"Hearts","playerCount":2,\#(owner),"state":"finished","#
        + #""kind":null,"lastActivity":"2026-01-02T03:04:05.681Z"},"#
        + #"{"id":"\#(id(1))","title":"Spades","playerCount":3,\#(owner),"#
        + #""state":"in progress","kind":"Spades","lastActivity":"2026-01-02T03:04:05.678Z"},"#
        + #"{"id":"\#(id(15))","title":"Empty","playerCount":0,\#(owner),"state":"in progress","kind":null,"#
        + #""lastActivity":null}]}"#
    )
    #expect(overview?.games.map(\.finished?.winnerNames) == [["Eve"], nil, nil])
  }
}
