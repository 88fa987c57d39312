import ScorekeeperTestSupport
import Testing

@testable import ScorekeeperCore

/// What leaderboard, rating and stats read, chosen in core: the finished
/// games that count, all or of one kind named in any case.
@Suite struct CountedFinishedGamesTests {
  let test: TestStore

  /// Hearts twice (one kept out of the counting), hearts in another
  /// spelling, Chess, an unfinished Hearts and a game of no kind.
  init() throws {
    test = try TestStore()
    for (title, kind, finished) in [
      ("Monday", "Hearts", true), ("Tuesday", "Hearts", true), ("Wednesday", "hearts", true),
      ("Blitz", "Chess", true), ("Friday", "Hearts", false), ("Quiz", nil, true),
    ] as [(String, String?, Bool)] {
      _ = try test.store.addGame(title: title, kind: kind)
      _ = try test.store.addPlayer(to: title, name: "Ann", score: 1)
      if finished { _ = try test.store.finish(title) }
    }
    _ = try test.store.setRules(in: "Tuesday", winner: nil, target: nil, rounds: nil, counted: false)
  }

  @Test("all that count, or those of a kind in any spelling, named as most games spell it")
  func chosen() throws {
    let all = try test.store.countedFinishedGames()
    #expect(all.games.map(\.game.title).sorted() == ["Blitz", "Monday", "Quiz", "Wednesday"])
    #expect(all.kind == nil)
    let hearts = try test.store.countedFinishedGames(ofKind: " HEARTS ")
    #expect(hearts.games.map(\.game.title).sorted() == ["Monday", "Wednesday"])
    #expect(hearts.kind == "Hearts")
  }

  @Test("a kind no game has is refused, with the kinds close to it")
  func unknownKind() {
    #expect(throws: StoreError.kindNotFound(reference: "Heart", suggestions: ["Hearts"])) {
      try test.store.countedFinishedGames(ofKind: "Heart")
    }
    #expect(throws: StoreError.kindNotFound(reference: "Go", suggestions: [])) {
      try test.store.countedFinishedGames(ofKind: "Go")
    }
  }
}
