import Glibc
import ScorekeeperCore

/// The rating fold from scratch, in this process: 100,000 finished games
/// of four players each, drawn from 1,000 people, folded by OpenSkill and
/// by Elo. Reading those games from a database is not timed here: that is
/// the leaderboard's own row, once results are cached (issue 32).
enum RatingBench {
  static let games = 100_000
  /// Games folded a second, at least: 100,000 in a second.
  static let target = 100_000.0

  /// Prints the rates; returns the names of missed targets.
  static func run(runs: Int) throws -> [String] {
    var random = SplitMix(seed: 32)
    let finished = (0..<games).map { index in
      let people = (0..<4).map { _ in Int.random(in: 0..<1_000, using: &random) }
      // Four distinct people, in places 1 to 4 (a tie now and then).
      let distinct = Array(Set(people)).sorted()
      let places = distinct.enumerated().map { place, person in
        FinishedGame.Place(
          rank: place == 1 && index.isMultiple(of: 10) ? 1 : place + 1, total: Points(Int64(place)),
          members: [
            FinishedGame.Member(
              playerID: "p\(index)-\(place)", name: "P\(person)", person: "p\(person)", total: 0)
          ])
      }
      return FinishedGame(
        game: Game(id: "g\(index)", title: "G"), kind: nil,
        finishedAt: Timestamp(millisecondsSince1970: Int64(index)), places: places, lowestWins: false,
        isCooperative: false)
    }
    var missed: [String] = []
    print("\nRatings from scratch, \(games) finished games of four (in-process), median of \(runs):")
    for system in RatingSystem.allCases {
      let times = try (0..<runs).map { _ in
        try milliseconds { _ = Leaderboard(folding: finished, system: system) }
      }
      let rate = Double(games) / (median(times) / 1000)
      let met = rate >= target
      print(
        pad("  " + system.rawValue, 32) + pad(format(median(times)) + " ms", 14)
          + pad(format(rate / 1000) + "k games/s", 18)
          + "≥ \(format(target / 1000))k \(met ? "ok" : "MISSED")")
      if !met { missed.append("ratings from scratch (\(system.rawValue))") }
    }
    return missed
  }
}

/// A seedable generator, so every run folds the same games (and asks
/// for the same spellings, `AttackBench`).
struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9e37_79b9_7f4a_7c15
    var z = state
    z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
    z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
    return z ^ (z >> 31)
  }
}
