import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// `finishedResults` keeps each finished game's places (schema v15) and
/// its triggers drop them when anything they rest on changes: read after
/// any change, the results must be those read with no cache at all.
@Suite struct FinishedResultsCacheTests {
  static let games = ["G1", "G2", "G3"]

  @Test("over random histories, results read through the cache are those read from scratch")
  func cacheIsTheReplay() throws {
    var cachedReads = 0
    for seed in UInt64(0)..<8 {
      cachedReads += try Self.play(seed: seed)
    }
    // Most reads found results kept from before the change: otherwise the
    // comparison proves nothing.
    #expect(cachedReads > 300, "\(cachedReads) reads used kept results")
  }

  /// Three random games and 80 changes, the results compared after each;
  /// how many reads used results kept from before the change.
  static func play(seed: UInt64) throws -> Int {
    var random = SplitMix64(seed: seed)
    let test = try TestStore()
    let store = test.store
    for game in games {
      _ = try store.addGame(
        title: game,
        rules: GameRules(
          winner: Bool.random(using: &random) ? .lowest : .highest,
          target: .random(in: 20...60, using: &random)))
      for name in GameStateShortcutTests.names.shuffled(using: &random).prefix(3) {
        _ = try store.addPlayer(to: game, name: name, team: Bool.random(using: &random) ? nil : "T")
      }
    }
    var cachedReads = 0
    for step in 0..<80 {
      let game = games.randomElement(using: &random)!
      let someone = GameStateShortcutTests.names.randomElement(using: &random)!
      switch Int.random(in: 0..<100, using: &random) {
      case 0..<70: GameStateShortcutTests.change(store, &random, in: game)
      case 70..<78: _ = try? store.renamePlayer(in: game, someone, to: someone + "x")
      case 78..<84: _ = try? store.removePlayer(from: game, someone)
      case 84..<90: _ = try? store.addPlayer(to: game, name: someone)
      case 90..<95: _ = try? store.finish(game, winners: [someone])
      default: _ = try? store.setKind(in: game, to: Bool.random(using: &random) ? "Hearts" : nil)
      }
      let kept = try store.database.fetchOne("SELECT count(*) FROM finishedResults") { try $0.int(0) }!
      if kept > 0 { cachedReads += 1 }
      let read = try store.finishedResults()
      try store.database.execute("DELETE FROM finishedResults")
      #expect(read == (try store.finishedResults()), "seed \(seed), change \(step + 1)")
    }
    return cachedReads
  }
}
