#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// OpenSkill's Plackett–Luce model (Weng and Lin, "A Bayesian
/// Approximation Method for Online Ranking", JMLR 2011; the open
/// alternative to TrueSkill, as openskill.py implements it): a rating is
/// a belief about a person's skill, a mean μ and an uncertainty σ, and
/// one game's ranking moves the beliefs of everyone in it.
///
/// The numbers are openskill.py 6.2.0's to 1e-9 (`PlackettLuceTests`
/// holds its outputs for one against one, four players, ties and teams).
public struct PlackettLuce: Hashable, Sendable {
  public struct Rating: Hashable, Sendable {
    public var mu: Double
    public var sigma: Double

    public init(mu: Double, sigma: Double) {
      self.mu = mu
      self.sigma = sigma
    }

    /// What a leaderboard ranks by: a skill the person very likely has
    /// at least (μ − 3σ), so a few lucky games do not top it.
    public var ordinal: Double { mu - 3 * sigma }
  }

  /// A new person's rating.
  public var initial = Rating(mu: 25, sigma: 25.0 / 3)
  /// The spread of performance around skill in one game.
  public var beta = 25.0 / 6
  /// The smallest factor σ² is ever multiplied by, so σ stays positive.
  public var kappa = 0.0001
  /// Added to every σ (in quadrature) before each game: skills drift, so
  /// no rating becomes certain for good.
  public var tau = 25.0 / 300

  public init() {}

  /// One game: `teams` (each side's members' ratings, a side of one for a
  /// player alone) ranked by `ranks`, 1 first, equal ranks a tie. Returns
  /// the new ratings, in the same shape.
  public func rate(_ teams: [[Rating]], ranks: [Int]) -> [[Rating]] {
    precondition(teams.count == ranks.count, "a rank for each side")
    let teams = teams.map {
      $0.map { Rating(mu: $0.mu, sigma: ($0.sigma * $0.sigma + tau * tau).squareRoot()) }
    }
    // Each side as one: its members' means and variances summed.
    let mus = teams.map { $0.reduce(0) { $0 + $1.mu } }
    let variances = teams.map { $0.reduce(0) { $0 + $1.sigma * $1.sigma } }
    let c = variances.reduce(0) { $0 + $1 + beta * beta }.squareRoot()
    let strengths = mus.map { exp($0 / c) }
    // For each side q: the strengths of every side that finished with it
    // or after it, and how many shared its rank.
    let sums = ranks.map { rank in zip(ranks, strengths).reduce(0) { $0 + ($1.0 >= rank ? $1.1 : 0) } }
    let tied = ranks.map { rank in Double(ranks.filter { $0 == rank }.count) }
    return teams.indices.map { i in
      var omega = 0.0
      var delta = 0.0
      for q in teams.indices where ranks[q] <= ranks[i] {
        let quotient = strengths[i] / sums[q]
        omega += ((i == q ? 1 : 0) - quotient) / tied[q]
        delta += quotient * (1 - quotient) / tied[q]
      }
      let gamma = variances[i].squareRoot() / c
      omega *= variances[i] / c
      delta *= gamma * variances[i] / (c * c)
      return teams[i].map { member in
        let share = member.sigma * member.sigma / variances[i]
        return Rating(
          mu: member.mu + share * omega, sigma: member.sigma * max(1 - share * delta, kappa).squareRoot())
      }
    }
  }
}
