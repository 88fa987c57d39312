import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

@Suite struct ScoreTests {
  let test: TestStore
  var store: Store { test.store }
  let darts: Seed.SeededGame

  init() throws {
    test = try TestStore()
    var seed = try Seed(test.database)
    darts = try seed.game("Darts", players: [("Ann", 10), ("Ben", 20), ("Cat", 20), ("Dee", 5)])
  }

  var ann: Player { darts.players[0] }
  var ben: Player { darts.players[1] }
  var cat: Player { darts.players[2] }
  var dee: Player { darts.players[3] }

  func with(_ player: Player, score: Points) -> Player {
    var copy = player
    copy.score = score
    return copy
  }

  @Test("+N adds and returns the whole new standings, ranks shared on ties")
  func add() throws {
    let update = try store.score(in: "darts", "ann", .add(10))
    let annAfter = with(ann, score: 20)
    expectNoDifference(
      ScoreUpdate(
        game: GameSummary(game: darts.game, playerCount: 4), previous: ann, player: annAfter,
        standings: [
          Standing(rank: 1, player: annAfter), Standing(rank: 1, player: ben),
          Standing(rank: 1, player: cat), Standing(rank: 4, player: dee),
        ],
        // Classic rules, no teams: it cannot end, every point counts, and
        // no player is read for the state (the standings have them).
        state: GameState(outcome: GameOutcome(totals: [:], roundsPlayed: 0), players: []),
        ended: false),
      update)
  }

  @Test(
    "-N subtracts and =N sets",
    arguments: [(ScoreChange.add(-15), Points(-5)), (.set(-7), -7), (.set(10), 10)])
  func subtractAndSet(change: ScoreChange, expected: Points) throws {
    #expect(try store.score(in: "Darts", "Ann", change).player == with(ann, score: expected))
  }

  @Test("ascending standings put the lowest score first")
  func ascending() throws {
    let update = try store.score(in: "Darts", "Dee", .add(0), order: .ascending)
    #expect(
      update.standings == [
        Standing(rank: 1, player: dee), Standing(rank: 2, player: ann), Standing(rank: 3, player: ben),
        Standing(rank: 3, player: cat),
      ])
  }

  @Test(
    "a change past the 64-bit limits is refused and nothing is written",
    arguments: [
      (Points.max, ScoreChange.add(1)), (Points.max - 5, .add(6)), (Points.min, .add(-1)),
      (Points.min + 5, .add(-6)), (-1, .add(Points.min)), (1, .add(Points.max)),
    ])
  func overflow(start: Points, change: ScoreChange) throws {
    var seed = try Seed(test.database)
    let limits = try seed.game("Limits", players: [("Zed", start)])
    let before = limits.players[0]
    let events = try test.database.rows(of: "scoreEvents", columns: ["id", "playerID", "delta"])
    #expect(
      throws: StoreError.scoreOutOfRange(player: before, change: change, game: limits.game)
    ) { try store.score(in: "Limits", "Zed", change) }
    #expect(try store.score(in: "Limits", "Zed", .add(0)).player == before)
    #expect(try test.database.rows(of: "scoreEvents", columns: ["id", "playerID", "delta"]) == events)
  }

  @Test(
    "=N further than 64 bits from the score is refused and nothing is written",
    arguments: [(Points.min, Points.max), (Points.max, Points.min), (-2, Points.max), (1, Points.min)]
      as [(Points, Points)])
  func setTooFar(start: Points, target: Points) throws {
    var seed = try Seed(test.database)
    let limits = try seed.game("Limits", players: [("Zed", start)])
    #expect(
      throws: StoreError.changeTooLarge(player: limits.players[0], change: .set(target), game: limits.game)
    ) { try store.score(in: "Limits", "Zed", .set(target)) }
    #expect(try store.score(in: "Limits", "Zed", .add(0)).player == limits.players[0])
  }

  @Test(
    "changes right up to the limits are exact",
    arguments: [
      (Points.max - 5, ScoreChange.add(5), Points.max), (Points.min + 5, .add(-5), Points.min),
      (0, .add(Points.min), Points.min), (-1, .add(Points.max), Points.max - 1),
    ])
  func limits(start: Points, change: ScoreChange, expected: Points) throws {
    var seed = try Seed(test.database)
    try seed.game("Limits", players: [("Zed", start)])
    #expect(try store.score(in: "Limits", "Zed", change).player.score == expected)
  }

  @Test("standings stream with the shape first, from one snapshot")
  func streamed() throws {
    var header: (Game, StandingsShape)?
    var rows: [Standing] = []
    try store.standings(
      of: "Darts", order: .descending, header: { header = ($0.game, $0.shape) }, row: { rows.append($0) })
    #expect(header?.0 == darts.game)
    #expect(header?.1 == StandingsShape(playerCount: 4, scores: [20, 5]))
    #expect(
      rows == [
        Standing(rank: 1, player: ben), Standing(rank: 1, player: cat), Standing(rank: 3, player: ann),
        Standing(rank: 4, player: dee),
      ])
  }

  @Test("an empty game streams a zero shape and no rows")
  func emptyStandings() throws {
    var seed = try Seed(test.database)
    _ = try seed.game("Empty")
    var shape: StandingsShape?
    var rows: [Standing] = []
    try store.standings(
      of: "Empty", order: .descending, header: { shape = $0.shape }, row: { rows.append($0) })
    #expect(shape == StandingsShape(playerCount: 0, scores: []))
    #expect(rows == [])
  }
}
