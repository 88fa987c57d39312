import ScorekeeperTestSupport
import Testing

@testable import ScorekeeperCore

/// What leaderboard, rating and stats read, chosen in core in one read:
/// the finished games that count, all or of one kind named in any case,
/// finished within a span.
@Suite struct CountedGamesTests {
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
    let all = try test.store.countedGames()
    #expect(all.games.map(\.game.title).sorted() == ["Blitz", "Monday", "Quiz", "Wednesday"])
    #expect(all.kind == nil)
    let hearts = try test.store.countedGames(ofKind: " HEARTS ")
    #expect(hearts.games.map(\.game.title).sorted() == ["Monday", "Wednesday"])
    #expect(hearts.kind == "Hearts")
  }

  @Test("a span keeps the games finished from its start and before its end, in one read")
  func span() throws {
    let all = try test.store.countedGames().games
    let (second, third) = (all[1].finishedAt, all[2].finishedAt)
    var within: CountedGames?
    var begun: [String] = []
    test.database.trace { if $0.hasPrefix("BEGIN") { begun.append($0) } }
    within = try test.store.countedGames(ofKind: "hearts", since: second, until: third)
    test.database.trace(nil)
    #expect(begun == ["BEGIN DEFERRED"])
    #expect(within?.games.map(\.game.title) == [all[1].game.title])
    #expect(
      within?.jsonRangeFields.map { "\($0.0) \($0.1.compactText)" }
        == [
          "kind \"Hearts\"", "since \"\(second.iso8601)\"",
          "until \"\(Timestamp(millisecondsSince1970: third.millisecondsSince1970 - 1).iso8601)\"",
        ])
  }

  @Test(
    "a span ending before every game of the kind holds none, and names the first counted one after it, in one read"
  )
  func firstAfterTheSpan() throws {
    let hearts = try test.store.countedGames(ofKind: "Hearts").games
    #expect(hearts.map(\.game.title) == ["Monday", "Wednesday"])
    var begun: [String] = []
    test.database.trace { if $0.hasPrefix("BEGIN") { begun.append($0) } }
    let before = try test.store.countedGames(ofKind: "Hearts", until: hearts[0].finishedAt)
    test.database.trace(nil)
    #expect(begun == ["BEGIN DEFERRED"])
    #expect(before.games.isEmpty)
    #expect(before.firstAfter?.game == hearts[0].game)
    #expect(
      before.lastCounted == Timestamp(millisecondsSince1970: hearts[0].finishedAt.millisecondsSince1970 - 1))
    // No end: nothing after it.
    #expect(try test.store.countedGames(ofKind: "Hearts").firstAfter == nil)
  }

  @Test("a kind no game has is refused, with the kinds close to it")
  func unknownKind() {
    #expect(throws: StoreError.kindNotFound(reference: "Heart", suggestions: ["Hearts"])) {
      try test.store.countedGames(ofKind: "Heart")
    }
    #expect(throws: StoreError.kindNotFound(reference: "Go", suggestions: [])) {
      try test.store.countedGames(ofKind: "Go")
    }
  }
}
