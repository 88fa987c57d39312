import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// "Again, same players" (issue 48): a rematch is a new game with the
/// players, teams, photos, rules and kind of the game it repeats, at 0,
/// titled with the next number, in one change; a refused one writes
/// nothing.
@Suite struct RematchTests {
  let test: TestStore
  var store: Store { test.store }
  let photo = TestImages.jpeg(width: 64, height: 48)

  init() throws {
    test = try TestStore()
    let rules = try GameRules(target: 500, winBy: 10, counted: false)
    _ = try store.addGame(title: "Spades", rules: rules, kind: "Spades")
    for (name, team) in [("Dee", "Parents"), ("ann", "Kids"), ("Bob", "Parents"), ("Cy", nil)] {
      _ = try store.addPlayer(to: "Spades", name: name, team: team)
    }
    _ = try store.photos.set(in: "Spades", "Bob", bytes: photo)
    _ = try store.addRound(in: "Spades", [("ann", 120), ("Bob", 80)])
  }

  /// A game as a rematch must repeat it: title, kind, rules, round, and
  /// each player's name, team, score and photo's hash.
  func described(_ reference: String) throws -> [String] {
    let standings = try store.gameStandings(of: reference)
    return [
      "\(standings.header.game.title) kind \(standings.header.kind ?? "-") \(standings.header.state.rules) "
        + "round \(standings.header.state.outcome.roundsPlayed)"
    ]
      + standings.rows.sorted { $0.player.name < $1.player.name }.map {
        "\($0.player.name) \($0.team ?? "-") \($0.player.score) \($0.photo?.sha256.prefix(8) ?? "-")"
      }
  }

  func allRows() throws -> [String: [[SQLValue]]] {
    var tables: [String: [[SQLValue]]] = [:]
    for table in try test.database.tableNames() {
      tables[table] = try test.database.rows(of: table, columns: try test.database.columnNames(of: table))
    }
    return tables
  }

  @Test(
    "the players, their teams and photos, the rules and kind as they are, at 0, titled with the next number")
  func repeatsTheGame() throws {
    let rematch = try store.rematch("Spades")
    #expect(rematch.of.title == "Spades")
    #expect(rematch.game.title == "Spades (2)")
    let hash = String(sha256Hex(photo).prefix(8))
    let rules = try GameRules(target: 500, winBy: 10, counted: false)
    expectNoDifference(
      try described("Spades (2)"),
      [
        "Spades (2) kind Spades \(rules) round 0", "Bob Parents 0 \(hash)", "Cy - 0 -", "Dee Parents 0 -",
        "ann Kids 0 -",
      ])
    // The game played is untouched.
    expectNoDifference(
      try described("Spades"),
      [
        "Spades kind Spades \(rules) round 1", "Bob Parents 80 \(hash)", "Cy - 0 -", "Dee Parents 0 -",
        "ann Kids 120 -",
      ])
    // One change, said as such.
    #expect(
      try test.database.fetchAll("SELECT description FROM localChanges") { try $0.optionalText(0) }
        == ["added the game \"Spades (2)\", a rematch of \"Spades\""])
  }

  @Test("numbers go up from the highest any game of the title has, in any case; a title given is taken")
  func titles() throws {
    #expect(try store.rematch("Spades").game.title == "Spades (2)")
    #expect(try store.rematch("Spades").game.title == "Spades (3)")
    #expect(try store.rematch("Spades (2)").game.title == "Spades (4)")
    _ = try store.addGame(title: "spades (9)")
    #expect(try store.rematch("Spades").game.title == "Spades (10)")
    // Not a rematch's number: "(1)", "(02)", no space, or nothing before it.
    for title in ["Quiz (1)", "Quiz (02)", "Quiz(3)", "(5)"] {
      _ = try store.addGame(title: title)
      #expect(try store.rematch(title).game.title == title + " (2)")
    }
    #expect(try store.rematch("Spades", title: "  Spades, Friday ").game.title == "Spades, Friday")
  }

  @Test("an unknown game, or a title no game may have, is refused and nothing is written")
  func refused() throws {
    let before = try allRows()
    #expect {
      _ = try store.rematch("Spaeds")
    } throws: { error in
      guard case StoreError.gameNotFound(let reference, let suggestions) = error else { return false }
      return reference == "Spaeds" && suggestions.map(\.title) == ["Spades"]
    }
    #expect(throws: InvalidTextError.self) { _ = try store.rematch("Spades", title: "  ") }
    #expect(throws: InvalidTextError.self) {
      _ = try store.rematch("Spades", title: String(repeating: "x", count: 201))
    }
    expectNoDifference(before, try allRows())
  }
}

/// A rematch syncs as any new game: the other device has it whole, photo
/// included, on both clouds.
@Suite struct RematchSyncTests {
  @Test("a rematch made on one device is the same game on the other", arguments: CloudBacking.backends)
  func travels(backing: CloudBacking) throws {
    let world = try SyncScenario(devices: 2, backing: backing)
    _ = try world[0].store.addGame(title: "Catan", rules: GameRules(target: 10), kind: "Catan")
    for (name, team) in [("Ann", "Owls"), ("Bob", nil)] {
      _ = try world[0].store.addPlayer(to: "Catan", name: name, team: team)
    }
    _ = try world[0].store.photos.set(in: "Catan", "Ann", bytes: TestImages.png(width: 4, height: 3))
    try world.converge()
    world.clock.advance()
    _ = try world[1].store.rematch("Catan")
    try world.converge()
    func described(_ device: TestDevice) throws -> [String] {
      let standings = try device.store.gameStandings(of: "Catan (2)")
      return ["\(standings.header.kind ?? "-") \(standings.header.state.rules)"]
        + standings.rows.map { "\($0.player.name) \($0.team ?? "-") \($0.photo?.sha256 ?? "-")" }
    }
    let photo = sha256Hex(TestImages.png(width: 4, height: 3))
    let expected = ["Catan \(try GameRules(target: 10))", "Ann Owls \(photo)", "Bob - -"]
    expectNoDifference(try described(world[0]), expected)
    expectNoDifference(try described(world[1]), expected)
  }
}
