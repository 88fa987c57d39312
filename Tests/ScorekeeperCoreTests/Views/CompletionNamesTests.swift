import Foundation
import ScorekeeperTestSupport
import Testing

@testable import ScorekeeperCore

/// The names a shell completes, read in core: titles and a game's player
/// names by prefix, in any case, with LIKE's own characters taken as typed;
/// nothing from a file that is not there or not a database, and nothing
/// written to one that is.
@Suite struct CompletionNamesTests {
  let test: TestStore
  let names: CompletionNames

  init() throws {
    test = try TestStore()
    for (title, players) in [
      ("Poker night", ["Ann", "anna", "Bob", "100%"]), ("poker", ["Cy"]), ("Chess", ["Ann"]),
      ("a_b", ["Zed"]),
    ] {
      _ = try test.store.addGame(title: title)
      for name in players { _ = try test.store.addPlayer(to: title, name: name, score: 0) }
    }
    names = CompletionNames(path: test.path)
  }

  @Test("titles by prefix, in any case, in order; LIKE's characters as typed")
  func games() {
    #expect(names.games(startingWith: "") == ["a_b", "Chess", "poker", "Poker night"])
    #expect(names.games(startingWith: "po") == ["poker", "Poker night"])
    #expect(names.games(startingWith: "a_") == ["a_b"])
    #expect(names.games(startingWith: "_") == [], "_ is a character, not any character")
    #expect(names.games(startingWith: "%") == [])
  }

  @Test("a game's players by prefix: the game by its title in any case, or its id's first digits")
  func players() throws {
    #expect(names.players(of: "POKER NIGHT", startingWith: "a") == ["Ann", "anna"])
    #expect(names.players(of: "Poker night", startingWith: "100%") == ["100%"])
    #expect(names.players(of: "Poker night", startingWith: "10_") == [])
    // (Every id here starts with zeros: the whole id names one game.)
    let chess = try test.store.game("Chess").game.id
    #expect(names.players(of: chess, startingWith: "") == ["Ann"])
    #expect(names.players(of: "000", startingWith: "") == [], "fewer than four digits name no game")
    #expect(names.players(of: "Nothing", startingWith: "") == [])
  }

  @Test("kinds by prefix in any case: the games', the user's own and the built-in ones, each once")
  func kinds() throws {
    _ = try test.store.setKind(in: "Chess", to: "chess")
    _ = try test.store.setKind(in: "poker", to: "Texas hold'em")
    _ = try test.store.kindRules.set("Pub quiz", KindRulesEdit(rounds: .set(3)))
    _ = try test.store.kindRules.set("Old quiz", KindRulesEdit(rounds: .set(3)))
    _ = try test.store.kindRules.forget("Old quiz")
    #expect(names.kinds(startingWith: "c") == ["Catan", "chess", "Cribbage"])
    #expect(names.kinds(startingWith: "P") == ["Ping-pong", "Pub quiz"])
    #expect(names.kinds(startingWith: "t") == ["Texas hold'em"])
    #expect(
      names.kinds(startingWith: "old") == [], "a kind whose rules were forgotten, with no game, is none")
    #expect(names.kinds(startingWith: "").count == BuiltInKinds.all.count + 2)
  }

  @Test("a missing file or one of another program gives no names, and nothing is created or written")
  func noDatabase() throws {
    let directory = try TemporaryDirectory()
    let missing = CompletionNames(path: directory.file("missing.sqlite"))
    #expect(missing.games(startingWith: "") == [])
    #expect(!FileManager.default.fileExists(atPath: directory.file("missing.sqlite")))
    try Data("not a database".utf8).write(to: URL(fileURLWithPath: directory.file("text.sqlite")))
    #expect(CompletionNames(path: directory.file("text.sqlite")).players(of: "Poker", startingWith: "") == [])
    #expect(try String(contentsOfFile: directory.file("text.sqlite"), encoding: .utf8) == "not a database")
  }
}
