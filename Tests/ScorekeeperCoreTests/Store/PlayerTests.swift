import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

@Suite struct PlayerTests {
  let test: TestStore
  var store: Store { test.store }
  let poker: Seed.SeededGame

  init() throws {
    test = try TestStore()
    var seed = try Seed(test.database)
    poker = try seed.game("Poker", players: [("Ann", 5)])
  }

  func players() throws -> [Player] {
    try test.database.fetchAll("SELECT id, gameID, name, score FROM players ORDER BY id") { row in
      Player(
        id: try row.text(0), gameID: try row.text(1), name: try row.text(2), score: Points(try row.int64(3)))
    }
  }

  @Test("add-player stores the player with its starting score and returns the game after")
  func add() throws {
    let added = try store.addPlayer(to: "poker", name: " Bob ", score: -3)
    let bob = Player(id: UUIDGenerator.format(1), gameID: poker.game.id, name: "Bob", score: -3)
    #expect(added == PlayerInGame(game: GameSummary(game: poker.game, playerCount: 2), player: bob))
    #expect(try players() == [bob] + poker.players)
  }

  @Test("a second player of one name, in any case, is refused, added or renamed; nothing changes")
  func duplicates() throws {
    let ann = poker.players[0]
    #expect(throws: StoreError.playerExists(ann, game: poker.game)) {
      try store.addPlayer(to: "Poker", name: " ANN ")
    }
    _ = try store.addPlayer(to: "Poker", name: "Bob")
    let before = try players()
    #expect(throws: StoreError.playerExists(ann, game: poker.game)) {
      try store.renamePlayer(in: "Poker", "Bob", to: "ann")
    }
    #expect(try players() == before)
  }

  @Test("an invalid name or an unknown game adds nothing")
  func refused() throws {
    #expect(throws: InvalidTextError(field: .playerName, input: "", problem: .empty)) {
      try store.addPlayer(to: "Poker", name: "")
    }
    #expect(throws: StoreError.gameNotFound(reference: "Pokr", suggestions: [poker.game])) {
      try store.addPlayer(to: "Pokr", name: "Bob")
    }
    #expect(try players() == poker.players)
  }

  @Test("rename-player returns the player before and after")
  func rename() throws {
    let ann = poker.players[0]
    var renamed = ann
    renamed.name = "Annie"
    #expect(
      try store.renamePlayer(in: "Poker", "ann", to: "Annie")
        == PlayerRename(game: GameSummary(game: poker.game, playerCount: 1), previous: ann, player: renamed))
    #expect(try players() == [renamed])
  }

  @Test("remove-player deletes the player and returns it with the game after")
  func remove() throws {
    #expect(
      try store.removePlayer(from: "Poker", "Ann")
        == PlayerInGame(game: GameSummary(game: poker.game, playerCount: 0), player: poker.players[0]))
    #expect(try players() == [])
    #expect(
      throws: StoreError.playerNotFound(reference: "Ann", game: poker.game, suggestions: [])
    ) { try store.removePlayer(from: "Poker", "Ann") }
  }
}
