import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// A team's own points (`round Spades N/S=120`, schema v27): in the team's
/// total and no member's, in the sheet as the team's column, and no one
/// among the players, people and ratings; a name both a team's and a
/// player's is refused, nothing written.
@Suite struct TeamPointsTests {
  let test: TestStore
  var store: Store { test.store }

  /// Spades to 500, partners N/S (Ann, Cy) and E/W (Bob, Dee).
  init() throws {
    test = try TestStore()
    _ = try store.addGame(title: "Spades", rules: GameRules(target: 500))
    for (name, team) in [("Ann", "N/S"), ("Bob", "E/W"), ("Cy", "N/S"), ("Dee", "E/W")] {
      _ = try store.addPlayer(to: "Spades", name: name, team: team)
    }
  }

  /// The teams' standings: rank, team, total (own points), members by name.
  func teams() throws -> [String] {
    let state = try store.gameStandings(of: "Spades").header.state
    let names = Dictionary(uniqueKeysWithValues: try store.players(of: "Spades").map { ($0.id, $0.name) })
    return state.places.map { place in
      "\(place.rank) \(place.team ?? "-") \(place.total) (own \(place.teamPoints)): "
        + place.members.map { names[$0]! }.joined(separator: " ")
    }
  }

  /// Each row of the sheet: the players' points, then the team columns'.
  func sheet() throws -> [String] {
    let sheet = try store.sheet(of: "Spades")
    let columns =
      sheet.players.map { ($0.player.id, $0.player.name) }
      + sheet.teamColumns.map { ($0.id, "team " + $0.team) }
    return sheet.rounds.map { round in
      "\(round.number): " + columns.map { "\($0.1)=\(round.points[$0.0] ?? 0)" }.joined(separator: " ")
    } + ["totals: " + columns.map { "\($0.1)=\(sheet.totals[$0.0] ?? 0)" }.joined(separator: " ")]
  }

  func data() throws -> [[[SQLValue]]] {
    try ["players", "scoreEvents", "rounds", "syncRecords", "localChanges"].map {
      try test.database.rows(of: $0, columns: try test.database.columnNames(of: $0))
    }
  }

  @Test("a team's points count for the team, no member's; the players' rows and count stay as they were")
  func teamPointsCountForTheTeam() throws {
    let first = try store.addRound(in: "Spades", [("N/S", 120), ("e/w", 45)])
    #expect(
      first.points.map { "\($0.player.name) \($0.points) \($0.isTeam)" } == ["N/S 120 true", "E/W 45 true"])
    _ = try store.addRound(in: "Spades", [("N/S", -40), ("E/W", 81), ("Ann", 10)])
    expectNoDifference(["1 E/W 126 (own 126): Bob Dee", "2 N/S 90 (own 80): Ann Cy"], try teams())
    let standings = try store.gameStandings(of: "Spades")
    #expect(
      standings.rows.map { "\($0.rank) \($0.player.name) \($0.player.score) \($0.team ?? "-")" } == [
        "1 Ann 10 N/S", "2 Bob 0 E/W", "2 Cy 0 N/S", "2 Dee 0 E/W",
      ])
    #expect(try store.game("Spades").playerCount == 4)
    #expect(try store.players(of: "Spades").map(\.name) == ["Ann", "Bob", "Cy", "Dee"])
    expectNoDifference(
      [
        "1: Ann=0 Bob=0 Cy=0 Dee=0 team E/W=45 team N/S=120",
        "2: Ann=10 Bob=0 Cy=0 Dee=0 team E/W=81 team N/S=-40",
        "totals: Ann=10 Bob=0 Cy=0 Dee=0 team E/W=126 team N/S=80",
      ], try sheet())
    #expect(try store.people.all().map(\.name) == ["Ann", "Bob", "Cy", "Dee"])
  }

  @Test("team points end the game at its target; the team's members win, and only they are rated")
  func teamPointsEndTheGame() throws {
    _ = try store.addRound(in: "Spades", [("N/S", 300), ("E/W", 200)])
    let last = try store.addRound(in: "Spades", [("N/S", 210), ("E/W", 100)])
    #expect(last.ended)
    #expect(
      Set(last.state.winners)
        == Set(try store.players(of: "Spades").filter { ["Ann", "Cy"].contains($0.name) }.map(\.id)))
    let finished = try store.finishedResults()
    #expect(
      finished.map { game in
        game.places.map { "\($0.rank) \($0.total): " + $0.members.map(\.name).joined(separator: " ") }
      } == [["1 510: Ann Cy", "2 300: Bob Dee"]])
  }

  @Test("undo takes back a round's team points with the rest; a correction sets a team's points")
  func undoAndCorrection() throws {
    _ = try store.addRound(in: "Spades", [("N/S", 120), ("Bob", 7)])
    _ = try store.addRound(in: "Spades", [("E/W", 60)])
    _ = try store.fixRound(in: "Spades", number: 1, [("N/S", 100), ("E/W", 5)])
    expectNoDifference(
      [
        "1: Ann=0 Bob=7 Cy=0 Dee=0 team E/W=5 team N/S=100",
        "2: Ann=0 Bob=0 Cy=0 Dee=0 team E/W=60 team N/S=0",
        "totals: Ann=0 Bob=7 Cy=0 Dee=0 team E/W=65 team N/S=100",
      ], try sheet())
    guard case .round(let undone) = try store.history.undo() else {
      Issue.record("undo did not revert the correction")
      return
    }
    #expect(
      undone.points.map { "\($0.player.name) \($0.points) \($0.isTeam)" } == ["E/W 5 true", "N/S -20 true"])
    _ = try store.history.undo()
    _ = try store.history.undo()
    expectNoDifference(["1 N/S 0 (own 0): Ann Cy", "1 E/W 0 (own 0): Bob Dee"], try teams())
  }

  @Test("a name both a team's and a player's is refused in a round, nothing written; a team is no player")
  func ambiguousNamesAreRefused() throws {
    _ = try store.addRound(in: "Spades", [("N/S", 10)])
    _ = try store.addPlayer(to: "Spades", name: "e/w")
    let before = try data()
    #expect(throws: StoreError.teamAndPlayerNamed(team: "E/W", player: try player("e/w"), game: try game())) {
      try store.addRound(in: "Spades", [("Ann", 5), ("E/W", 3)])
    }
    #expect(throws: StoreError.playerTwiceInRound(player: try seat("N/S"), game: try game())) {
      try store.addRound(in: "Spades", [("N/S", 5), ("n/s", 3)])
    }
    #expect(throws: StoreError.teamIsNoPlayer(team: "N/S", game: try game())) {
      try store.score(in: "Spades", "n/s", .add(5))
    }
    #expect(throws: StoreError.teamIsNoPlayer(team: "N/S", game: try game())) {
      try store.removePlayer(from: "Spades", "N/S")
    }
    #expect(try data() == before)
  }

  @Test("two seats of one team (begun on two devices at once) both count, in one column of the sheet")
  func twoSeatsOfOneTeam() throws {
    _ = try store.addRound(in: "Spades", [("N/S", 10)])
    // What a sync brings when another device gave N/S its first points too.
    try test.database.execute(
      """
      INSERT INTO players (id, gameID, name, team, isTeam)
      VALUES ('ffffffff-0000-0000-0000-000000000001', (SELECT id FROM games), 'n/s', 'n/s', 1)
      """)
    try test.database.execute(
      """
      INSERT INTO scoreEvents (playerID, delta, device)
      VALUES ('ffffffff-0000-0000-0000-000000000001', 7, 'other')
      """)
    expectNoDifference(["1 N/S 17 (own 17): Ann Cy", "2 E/W 0 (own 0): Bob Dee"], try teams())
    let sheet = try store.sheet(of: "Spades")
    #expect(sheet.teamColumns.map(\.team) == ["N/S"])
    #expect(sheet.totals[sheet.teamColumns[0].id] == 17)
    // The next round gives the first seat its points.
    _ = try store.addRound(in: "Spades", [("N/S", 1)])
    #expect(try store.sheet(of: "Spades").rounds.map { $0.points[sheet.teamColumns[0].id] } == [10, 1])
  }

  private func game() throws -> Game { try store.game("Spades").game }

  private func player(_ name: String) throws -> Player {
    try store.players(of: "Spades").first { $0.name == name }!
  }

  private func seat(_ team: String) throws -> Player {
    try test.database.fetchOne(
      "SELECT id, gameID, name, score, scoreThousandths FROM players WHERE isTeam = 1 AND team = ?1",
      [.text(team)], Player.init(row:))!
  }
}
