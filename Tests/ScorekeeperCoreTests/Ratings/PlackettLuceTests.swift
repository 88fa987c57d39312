import Testing

@testable import ScorekeeperCore

/// OpenSkill's Plackett–Luce model against openskill.py 6.2.0's own
/// numbers (`PlackettLuce(tau=25/300).rate(teams, ranks=…)`, generated
/// once in a throwaway virtual environment; nothing here depends on it),
/// each to a relative tolerance of 1e-9. τ is stated in every test.
@Suite struct PlackettLuceTests {
  typealias Rating = PlackettLuce.Rating
  static let model: PlackettLuce = {
    var model = PlackettLuce()
    model.tau = 25.0 / 300
    return model
  }()

  static func rate(_ teams: [[Rating]], _ ranks: [Int]) -> [[Rating]] {
    model.rate(teams, ranks: ranks)
  }

  static func expectClose(
    _ actual: [[Rating]], _ expected: [[(Double, Double)]], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(actual.map(\.count) == expected.map(\.count), sourceLocation: sourceLocation)
    for (side, members) in zip(actual, expected) {
      for (rating, (mu, sigma)) in zip(side, members) {
        #expect(
          abs(rating.mu - mu) <= 1e-9 * abs(mu) && abs(rating.sigma - sigma) <= 1e-9 * abs(sigma),
          "μ \(rating.mu), σ \(rating.sigma); openskill.py: μ \(mu), σ \(sigma)",
          sourceLocation: sourceLocation)
      }
    }
  }

  static let new = model.initial

  @Test("defaults: μ 25, σ 25/3, β 25/6, κ 0.0001, τ 25/300; ordinal μ − 3σ")
  func defaults() {
    #expect(Self.model.initial == Rating(mu: 25, sigma: 25.0 / 3))
    #expect(
      PlackettLuce().beta == 25.0 / 6 && PlackettLuce().kappa == 0.0001 && PlackettLuce().tau == 25.0 / 300)
    #expect(Rating(mu: 27, sigma: 2).ordinal == 21)
  }

  @Test("one against one: the issue's reference numbers")
  func oneAgainstOne() {
    Self.expectClose(
      Self.rate([[Self.new], [Self.new]], [1, 2]),
      [[(27.635389493140497, 8.06590141354368)], [(22.364610506859503, 8.06590141354368)]])
  }

  @Test("a tie between equals moves no μ, and narrows σ as a decided game does")
  func tieOfTwo() {
    Self.expectClose(
      Self.rate([[Self.new], [Self.new]], [1, 1]),
      [[(25.0, 8.06590141354368)], [(25.0, 8.06590141354368)]])
  }

  @Test("four players, each in a place of their own")
  func fourPlayers() {
    Self.expectClose(
      Self.rate([[Self.new], [Self.new], [Self.new], [Self.new]], [1, 2, 3, 4]),
      [
        [(27.795252672501135, 8.263571791259416)], [(26.55291815138952, 8.17961798837266)],
        [(24.689416369722096, 8.084127880168786)], [(20.962412806387245, 8.084127880168786)],
      ])
  }

  @Test("four players, two sharing second place")
  func fourWithATie() {
    Self.expectClose(
      Self.rate([[Self.new], [Self.new], [Self.new], [Self.new]], [1, 2, 2, 4]),
      [
        [(27.795252672501135, 8.263571791259416)], [(24.689416369722096, 8.17961798837266)],
        [(24.689416369722096, 8.17961798837266)], [(22.825914588054673, 8.17961798837266)],
      ])
  }

  @Test("two teams of two: rated as teams, each member moved by their share of the team's uncertainty")
  func twoTeams() {
    Self.expectClose(
      Self.rate([[Self.new, Self.new], [Self.new, Self.new]], [1, 2]),
      [
        [(26.964294621803063, 8.177962604389991), (26.964294621803063, 8.177962604389991)],
        [(23.035705378196937, 8.177962604389991), (23.035705378196937, 8.177962604389991)],
      ])
  }

  @Test("ratings already apart: an upset moves the favourite down")
  func variedRatings() {
    Self.expectClose(
      Self.rate(
        [[Rating(mu: 30, sigma: 4)], [Rating(mu: 20, sigma: 7)], [Rating(mu: 25, sigma: 2)]], [2, 1, 3]),
      [
        [(29.85109451113873, 3.9537336079643444)], [(23.572515526813028, 6.856045655417546)],
        [(24.74517599080591, 1.9990107856358141)],
      ])
  }

  @Test("uneven teams and a side of one, with a tie for second")
  func unevenTeams() {
    Self.expectClose(
      Self.rate(
        [
          [Rating(mu: 28, sigma: 5), Rating(mu: 22, sigma: 6)], [Rating(mu: 26, sigma: 8)],
          [Rating(mu: 24, sigma: 3)],
        ], [2, 1, 2]),
      [
        [(25.933003293441992, 4.9433101280884735), (19.023777305330945, 5.901176837909492)],
        [(30.080237912985144, 7.908447335739287)], [(24.170322288503705, 2.997758879229068)],
      ])
  }
}

/// Elo, start 1500 and K 32.
@Suite struct EloTests {
  @Test("1500 beats 1500: 1516 and 1484; a draw moves nothing")
  func evenGame() {
    #expect(Elo().rate([1500, 1500], ranks: [1, 2]) == [1516, 1484])
    #expect(Elo().rate([1500, 1500], ranks: [1, 1]) == [1500, 1500])
  }

  @Test("a favourite's win gains little, an upset much; the points lost are the points won")
  func favourite() {
    let won = Elo().rate([1700, 1500], ranks: [1, 2])
    let upset = Elo().rate([1700, 1500], ranks: [2, 1])
    // Expected score of 1700 against 1500: 1 / (1 + 10^(-0.5)).
    let expected = 1 / (1 + 0.31622776601683794)
    #expect(abs(won[0] - (1700 + 32 * (1 - expected))) < 1e-9 && abs(won[0] + won[1] - 3200) < 1e-9)
    #expect(abs(upset[1] - (1500 + 32 * expected)) < 1e-9 && abs(upset[0] + upset[1] - 3200) < 1e-9)
  }

  @Test("three players count as every pair's result, on the ratings from before the game")
  func threePlayers() {
    // First beats both (+16 +16), second beats third (-16 +16), third loses both.
    #expect(Elo().rate([1500, 1500, 1500], ranks: [1, 2, 3]) == [1532, 1500, 1468])
    // The order the sides are listed in changes nothing.
    #expect(Elo().rate([1500, 1500, 1500], ranks: [3, 1, 2]) == [1468, 1532, 1500])
  }
}
