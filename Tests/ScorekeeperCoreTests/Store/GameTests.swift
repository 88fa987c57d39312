import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

@Suite struct GameTests {
  let test: TestStore
  var store: Store { test.store }

  init() throws {
    test = try TestStore()
  }

  func id(_ n: UInt64) -> String { UUIDGenerator.format(n) }

  @Test("add-game stores the trimmed title and returns the row")
  func addGame() throws {
    #expect(try store.addGame(title: "  Poker night \n") == Game(id: id(1), title: "Poker night"))
    #expect(try store.games() == [GameSummary(game: Game(id: id(1), title: "Poker night"), playerCount: 0)])
  }

  @Test(
    "titles with quotes, SQL, percent signs, emoji and other scripts are kept exactly",
    arguments: [
      "Bob's \"friendly\" game; DROP TABLE games; --", "100% _fun_ \\o/", "麻雀 🀄️", "شطرنج",
      "👨‍👩‍👧‍👦 family", "x",
    ])
  func exactText(title: String) throws {
    let game = try store.addGame(title: title)
    #expect(game.title == title)
    #expect(try store.games().map(\.game) == [game])
  }

  @Test("an invalid title is refused and nothing is written")
  func invalidTitle() throws {
    let error = try #require(throws: InvalidTextError.self) { try store.addGame(title: " \t ") }
    #expect(error == InvalidTextError(field: .gameTitle, input: " \t ", problem: .empty))
    #expect(try store.games() == [])
  }

  @Test("games list most players first, then by title ignoring case, then by id")
  func ordering() throws {
    var seed = try Seed(test.database)
    try seed.game("bridge", players: [("N", 0), ("S", 0)])
    try seed.game("Apples", players: [])
    try seed.game("chess", players: [("W", 0)])
    try seed.game("Bridge", players: [("E", 0), ("W", 0)])
    try seed.game("apples", players: [])
    #expect(
      try store.games() == [
        GameSummary(game: Game(id: negativeID(6), title: "Bridge"), playerCount: 2),
        GameSummary(game: Game(id: negativeID(0), title: "bridge"), playerCount: 2),
        GameSummary(game: Game(id: negativeID(4), title: "chess"), playerCount: 1),
        GameSummary(game: Game(id: negativeID(3), title: "Apples"), playerCount: 0),
        GameSummary(game: Game(id: negativeID(9), title: "apples"), playerCount: 0),
      ])
  }

  @Test("rename-game returns the title before and the game after")
  func rename() throws {
    var seed = try Seed(test.database)
    let poker = try seed.game("Poker", players: [("Ann", 1)])
    #expect(
      try store.renameGame("poker", to: " Poker night ")
        == GameRename(
          previous: poker.game,
          game: GameSummary(game: Game(id: poker.game.id, title: "Poker night"), playerCount: 1)))
    #expect(try store.games().map(\.game.title) == ["Poker night"])
  }

  @Test("a rename to an invalid title, or of a missing game, changes nothing")
  func renameRefused() throws {
    var seed = try Seed(test.database)
    try seed.game("Poker")
    let before = try store.games()
    #expect(throws: InvalidTextError.self) { try store.renameGame("Poker", to: "") }
    #expect(throws: StoreError.gameNotFound(reference: "Chess", suggestions: [])) {
      try store.renameGame("Chess", to: "Go")
    }
    #expect(try store.games() == before)
  }

  @Test("delete-game removes the game and its players, and reports them")
  func delete() throws {
    var seed = try Seed(test.database)
    let poker = try seed.game("Poker", players: [("Ann", 1), ("Bob", 2)])
    let chess = try seed.game("Chess", players: [("W", 0)])
    #expect(try store.deleteGame("Poker") == GameSummary(game: poker.game, playerCount: 2))
    #expect(try store.games() == [GameSummary(game: chess.game, playerCount: 1)])
    #expect(try test.database.fetchOne("SELECT count(*) FROM players") { try $0.int(0) } == 1)
  }

  @Test("delete-game by id deletes exactly that game, and a missing id is not found")
  func deleteByID() throws {
    var seed = try Seed(test.database)
    let first = try seed.game("Poker")
    let second = try seed.game("Poker")
    #expect(try store.deleteGame(id: second.game.id) == GameSummary(game: second.game, playerCount: 0))
    #expect(try store.games().map(\.game) == [first.game])
    #expect(throws: StoreError.gameNotFound(reference: second.game.id, suggestions: [])) {
      try store.deleteGame(id: second.game.id)
    }
  }
}
