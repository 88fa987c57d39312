import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// `Store.state(of:)` reads a game that cannot have ended without
/// replaying its log: the state it gives must be the replay's, whatever
/// the log holds (rounds, corrections, undos, points taken back, rule
/// changes, teams, finishes and reopenings).
@Suite struct GameStateShortcutTests {
  static let names = ["Ann", "Bob", "Cy", "Dee"]

  @Test("over random games, the state read without a replay is the replay's; both ways are taken")
  func shortcutIsTheReplay() throws {
    var (shortcuts, replays) = (0, 0)
    for seed in UInt64(0)..<24 {
      let taken = try Self.play(seed: seed)
      shortcuts += taken.shortcuts
      replays += taken.replays
    }
    // Both ways, many times each: otherwise the comparison proves nothing.
    #expect(shortcuts > 200 && replays > 200, "\(shortcuts) shortcuts, \(replays) replays")
  }

  /// One random game of 60 changes, its state compared after each.
  static func play(seed: UInt64) throws -> (shortcuts: Int, replays: Int) {
    var random = SplitMix64(seed: seed)
    let test = try TestStore()
    let store = test.store
    _ = try store.addGame(
      title: "G",
      rules: GameRules(
        winner: Bool.random(using: &random) ? .lowest : .highest,
        target: .random(in: 30...80, using: &random),
        rounds: Bool.random(using: &random) ? .random(in: 4...12, using: &random) : nil))
    for name in names {
      _ = try store.addPlayer(
        to: "G", name: name, team: Bool.random(using: &random) ? nil : "T\(name.count % 2)")
    }
    // The log's replay reads its rounds with their points; nothing else does.
    var replayed = false
    store.database.trace { if $0.contains("LEFT JOIN scoreEvents AS e ON e.roundID") { replayed = true } }
    defer { store.database.trace(nil) }
    var taken = (shortcuts: 0, replays: 0)
    for step in 0..<60 {
      change(store, &random)
      replayed = false
      let read = try store.state(of: "G").1
      if replayed { taken.replays += 1 } else { taken.shortcuts += 1 }
      #expect(read == (try store.state(of: "G", replayingAlways: true).1), "seed \(seed), change \(step + 1)")
    }
    return taken
  }

  /// A random change a user could make; one the store refuses (the game
  /// finished, a limit below the rounds played) changes nothing.
  static func change(_ store: Store, _ random: inout SplitMix64, in game: String = "G") {
    func points() -> Points { .randomEntered(in: -12...20, using: &random) }
    let someone = names.randomElement(using: &random)!
    switch Int.random(in: 0..<100, using: &random) {
    case 0..<40:
      let named = names.filter { _ in Bool.random(using: &random) }
      _ = try? store.addRound(in: game, named.map { ($0, points()) })
    case 40..<50:
      _ = try? store.fixRound(in: game, number: .random(in: 1...4, using: &random), [(someone, points())])
    case 50..<60:
      _ = try? store.score(in: game, someone, .add(points()))
    case 60..<70:
      _ = try? store.history.undo()
    case 70..<82:
      _ = try? store.setRules(
        in: game, winner: Bool.random(using: &random) ? .lowest : nil,
        target: Bool.random(using: &random) ? .set(.randomEntered(in: 10...90, using: &random)) : .remove,
        rounds: Bool.random(using: &random) ? .set(.random(in: 1...14, using: &random)) : nil,
        bust: [nil, nil, nil, true, false].randomElement(using: &random)!)
    case 82..<90:
      _ = try? store.setTeam(
        in: game, someone, to: Bool.random(using: &random) ? nil : "T\(Int.random(in: 0...1, using: &random))"
      )
    case 90..<95:
      _ = try? store.finish(game)
    default:
      _ = try? store.reopen(game)
    }
  }
}
