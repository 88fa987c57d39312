#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Elo's ratings for one-against-one ladders: everyone starts at 1500,
/// and a game moves each player by K times how much better or worse it
/// went than their ratings expected.
///
/// A game of more than two players (or sides) counts as every pair's
/// result, each pair judged on the ratings from before the game and the
/// changes added up: who finished above whom won that pair, equal places
/// drew it. So the order the pairs are listed in changes nothing.
public struct Elo: Hashable, Sendable {
  public var start = 1500.0
  public var k = 32.0

  public init() {}

  /// The chance, by the ratings, that a player rated `rating` beats one
  /// rated `opponent`.
  public func expected(_ rating: Double, against opponent: Double) -> Double {
    1 / (1 + pow(10, (opponent - rating) / 400))
  }

  /// One game: each side's rating ranked by `ranks` (1 first, equal ranks
  /// a draw). Returns the new ratings, in the same order.
  public func rate(_ ratings: [Double], ranks: [Int]) -> [Double] {
    precondition(ratings.count == ranks.count, "a rank for each side")
    return ratings.indices.map { i in
      ratings[i]
        + ratings.indices.reduce(0) { change, j in
          guard j != i else { return change }
          let score = ranks[i] < ranks[j] ? 1.0 : ranks[i] == ranks[j] ? 0.5 : 0
          return change + k * (score - expected(ratings[i], against: ratings[j]))
        }
    }
  }
}
