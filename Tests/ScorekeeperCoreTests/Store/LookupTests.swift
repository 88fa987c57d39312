import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// How a reference someone typed finds a game or a player.
@Suite struct LookupTests {
  let test: TestStore
  var store: Store { test.store }

  init() throws {
    test = try TestStore()
  }

  @Test(
    "a title matches ignoring case (beyond ASCII) and surrounding spaces",
    arguments: ["École du jeu", "école du jeu", "ÉCOLE DU JEU", "  École du jeu\t"])
  func titleIgnoringCase(reference: String) throws {
    var seed = try Seed(test.database)
    let game = try seed.game("École du jeu").game
    #expect(try store.game(reference) == GameSummary(game: game, playerCount: 0))
  }

  @Test(
    "an id matches by 4+ hex digits from the start, or as printed",
    arguments: [
      "ffff…fffe", "ffff...fffe", "FFFF…FFFE", "fffffffffffffffffffffffffffffffe",
      "ffffffff-ffff-ffff-ffff-fffffffffffe",
    ])
  func byID(reference: String) throws {
    var seed = try Seed(test.database)
    _ = try seed.game("Poker")  // …ffff
    let chess = try seed.game("Chess").game  // …fffe
    #expect(try store.game(reference) == GameSummary(game: chess, playerCount: 0))
  }

  @Test("a prefix several ids share is ambiguous")
  func ambiguousPrefix() throws {
    var seed = try Seed(test.database)
    let poker = try seed.game("Poker").game
    let chess = try seed.game("Chess").game
    #expect(
      throws: StoreError.ambiguousGame(
        reference: "FFFF-ffff",
        candidates: [GameSummary(game: chess, playerCount: 0), GameSummary(game: poker, playerCount: 0)])
    ) { try store.game("FFFF-ffff") }
  }

  @Test("an exact match, case included, wins over other case variants")
  func exactCaseWins() throws {
    var seed = try Seed(test.database)
    _ = try seed.game("Poker")
    let lower = try seed.game("poker").game
    #expect(try store.game("poker").game == lower)
  }

  @Test("several matches and no exact one: ambiguous, listing every candidate")
  func ambiguousGame() throws {
    var seed = try Seed(test.database)
    let upper = try seed.game("POKER", players: [("Ann", 1)]).game
    let title = try seed.game("Poker").game
    #expect(
      throws: StoreError.ambiguousGame(
        reference: "poker",
        candidates: [
          GameSummary(game: upper, playerCount: 1), GameSummary(game: title, playerCount: 0),
        ])
    ) { try store.game("poker") }
  }

  @Test("an ambiguous reference lists candidates with ids that can be typed back")
  func ambiguousMessage() {
    let error = StoreError.ambiguousPlayer(
      reference: "sam", game: Game(id: negativeID(0), title: "Poker"),
      candidates: [
        Player(id: negativeID(1), gameID: negativeID(0), name: "Sam", score: 1),
        Player(id: negativeID(2), gameID: negativeID(0), name: "SAM", score: -1),
      ])
    #expect(
      error.description == """
        "sam" matches 2 players in "Poker":
          ffff…fffe  Sam (1 point)
          ffff…fffd  SAM (-1 points)
        Name one by its id, for example "ffff…fffe".
        """)
  }

  @Test("players are found by name within their game only")
  func playerInGame() throws {
    var seed = try Seed(test.database)
    _ = try seed.game("Chess", players: [("Ann", 1)])
    let poker = try seed.game("Poker", players: [("Bob", 2)])
    #expect(
      throws: StoreError.playerNotFound(reference: "Ann", game: poker.game, suggestions: [])
    ) { try store.score(in: "Poker", "Ann", .add(1)) }
    #expect(try store.score(in: "Poker", "BOB", .add(1)).player.score == 3)
  }

  @Test("not found suggests close titles and names")
  func suggestions() throws {
    var seed = try Seed(test.database)
    let poker = try seed.game("Poker", players: [("Kim", 0), ("Kai", 0)])
    _ = try seed.game("Chess")
    #expect(throws: StoreError.gameNotFound(reference: "Pokr", suggestions: [poker.game])) {
      try store.game("Pokr")
    }
    #expect(
      throws: StoreError.playerNotFound(
        reference: "Kin", game: poker.game, suggestions: [poker.players[0]])
    ) { try store.score(in: "Poker", "Kin", .add(1)) }
    #expect(
      StoreError.gameNotFound(reference: "beef", suggestions: []).description
        == "No game named or with the id \"beef\".")
  }
}

@Suite struct IDFragmentTests {
  @Test(
    "what counts as an id fragment",
    arguments: [
      ("abcd", IDFragment.Parts(head: "abcd", tail: "")),
      ("ABCD-12", .init(head: "abcd12", tail: "")),
      ("0000…0001", .init(head: "0000", tail: "0001")),
      ("0000...0001", .init(head: "0000", tail: "0001")),
      ("abc", nil), ("abcg", nil), ("…0001", nil), ("0001…", nil), ("Poker", nil), ("", nil),
    ])
  func parsing(text: String, expected: IDFragment.Parts?) {
    #expect(IDFragment(text).map { IDFragment.Parts(head: $0.head, tail: $0.tail) } == expected)
  }

  @Test("the short form is the first and last four hex digits, and matches its id")
  func shortForm() throws {
    let id = "3f2a9c10-1234-4abc-8def-0123456791bc"
    #expect(IDFragment.short(id) == "3f2a…91bc")
    #expect(try #require(IDFragment(IDFragment.short(id))).matches(id))
    #expect(try #require(IDFragment("3f2a9c10-12")).matches(id))
    #expect(try #require(IDFragment("3f2b")).matches(id) == false)
  }
}

extension IDFragment {
  struct Parts: Equatable, Sendable {
    var head: String
    var tail: String
  }
}
