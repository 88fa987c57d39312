import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// Kinds that know their rules (issue 48): the built-in library, the
/// user's own rules laid over it, what a new game of a kind starts with,
/// and the round names its rounds take.
@Suite struct KindRulesTests {
  /// "name: winner target winBy start bust rounds cooperative, teams N, [round names]"
  private static func line(_ kind: KindRules) -> String {
    let rules = kind.rules
    return "\(kind.name): \(rules.winner) \(rules.target.map { "\($0)" } ?? "-") \(rules.winBy ?? 0) "
      + "\(rules.start.map { "\($0)" } ?? "-") \(rules.bust) \(rules.rounds ?? 0) \(rules.cooperative), "
      + "teams \(kind.teamSize ?? 0), \(kind.roundNames) \(kind.source.rawValue)"
  }

  /// Every row of every table, to show nothing was written.
  private static func everyRow(_ database: Database) throws -> [String: [[SQLValue]]] {
    try Dictionary(
      uniqueKeysWithValues: database.tableNames().map {
        ($0, try database.rows(of: $0, columns: try database.columnNames(of: $0)))
      })
  }

  @Test("the library holds the 14 kinds the issue names, each with its rulebook's rules")
  func library() {
    #expect(
      BuiltInKinds.all.map(Self.line) == [
        "7 Wonders: highest - 0 - false 7 false, teams 0, "
          + "[\"Military\", \"Coins\", \"Wonder\", \"Civilian\", \"Commercial\", \"Guilds\", \"Science\"] built-in",
        "Catan: highest 10 0 - false 0 false, teams 0, [] built-in",
        "Chess: highest - 0 - false 0 false, teams 0, [] built-in",
        "Cribbage: highest 121 0 - false 0 false, teams 0, [] built-in",
        "Darts 501: lowest 0 0 501 true 0 false, teams 0, [] built-in",
        "Golf: lowest - 0 - false 9 false, teams 0, [] built-in",
        "Hearts: lowest 100 0 - false 0 false, teams 0, [] built-in",
        "Ping-pong: highest 11 2 - false 0 false, teams 0, [] built-in",
        "Rummy 500: highest 500 0 - false 0 false, teams 0, [] built-in",
        "Scrabble: highest - 0 - false 0 false, teams 0, [] built-in",
        "Spades: highest 500 0 - false 0 false, teams 2, [] built-in",
        "Uno: highest 500 0 - false 0 false, teams 0, [] built-in",
        "Wingspan: highest - 0 - false 6 false, teams 0, "
          + "[\"Birds\", \"Bonus cards\", \"End-of-round goals\", \"Eggs\", \"Food on cards\", \"Tucked cards\"] built-in",
        "Yahtzee: highest - 0 - false 15 false, teams 0, [\"Ones\", \"Twos\", \"Threes\", \"Fours\", \"Fives\", "
          + "\"Sixes\", \"Upper bonus\", \"Three of a kind\", \"Four of a kind\", \"Full house\", \"Small straight\", "
          + "\"Large straight\", \"Yahtzee\", \"Chance\", \"Yahtzee bonus\"] built-in",
      ])
    #expect(BuiltInKinds.named(" darts 501 ")?.name == "Darts 501")
  }

  @Test("a set lays the rules named over the kind's and keeps the rest; forget and undo bring back what was")
  func setForgetUndo() throws {
    let test = try TestStore()
    let kinds = test.store.kindRules
    let set = try kinds.set("hearts", KindRulesEdit(target: .set(50), teamSize: .set(2)))
    #expect(set.previous == BuiltInKinds.named("Hearts"))
    #expect(Self.line(set.current!) == "Hearts: lowest 50 0 - false 0 false, teams 2, [] yours")
    #expect(try kinds.rules(of: "HEARTS") == set.current)
    // The same again writes nothing.
    let again = try kinds.set("Hearts", KindRulesEdit(target: .set(50)))
    #expect(again.id == nil && again.current == set.current)
    let forgot = try kinds.forget("Hearts")
    #expect(forgot.previous == set.current && forgot.current == BuiltInKinds.named("Hearts"))
    #expect(try kinds.own() == [])
    guard case .kindRules(let undone) = try test.store.history.undo() else {
      Issue.record("the forget was not undone")
      return
    }
    #expect(undone.current == set.current && undone.name == "Hearts")
    guard case .kindRules(let undoneSet) = try test.store.history.undo() else {
      Issue.record("the set was not undone")
      return
    }
    #expect(undoneSet.current == BuiltInKinds.named("Hearts"))
    #expect(try kinds.own() == [])
    #expect(
      try test.database.fetchAll("SELECT change, name, undoes IS NOT NULL FROM kindRules ORDER BY time, id") {
        "\(try $0.text(0)) \(try $0.text(1)) \(try $0.int(2))"
      } == ["set Hearts 0", "forget Hearts 0", "undo Hearts 1", "undo Hearts 1"])
  }

  @Test("the later of two sets wins whole; a row no program writes is passed over")
  func replay() throws {
    let test = try TestStore()
    _ = try test.store.kindRules.set("Quiz", KindRulesEdit(rounds: .set(3)))
    _ = try test.store.kindRules.set("Quiz", KindRulesEdit(winner: .lowest))
    // Forged rows, as a modified program's sync could bring them.
    for (winner, names) in [("sideways", "null"), ("highest", "'not json'"), ("highest", "'[\"A\", \"a\"]'")]
    {
      try test.database.execute(
        """
        INSERT INTO kindRules (id, change, name, time, device, winner, roundNames)
        VALUES (uuid(), 'set', 'Quiz', '2099-01-01T00:00:00.000Z', 'd', ?1, \(names))
        """, [.text(winner)])
    }
    try test.database.execute(
      "INSERT INTO kindRules (id, change, name, time, device) VALUES (uuid(), 'later', 'Quiz', '2099-01-01T00:00:00.000Z', 'd')"
    )
    #expect(
      try test.store.kindRules.own().map(Self.line) == ["Quiz: lowest - 0 - false 3 false, teams 0, [] yours"]
    )
  }

  @Test("a new game takes its kind's rules, with the options given laid over them")
  func newGame() throws {
    let test = try TestStore()
    let kinds = test.store.kindRules
    func rules(_ kind: String?, _ edit: KindRulesEdit = KindRulesEdit()) throws -> String {
      let made = try kinds.forNewGame(kind: kind, edit).rules
      return Self.line(try KindRules(name: "-", rules: made))
    }
    #expect(try rules("darts 501") == "-: lowest 0 0 501 true 0 false, teams 0, [] yours")
    #expect(
      try rules("Hearts", KindRulesEdit(winner: .highest))
        == "-: highest 100 0 - false 0 false, teams 0, [] yours")
    // No target: the lead and the bust go with it.
    #expect(
      try rules("Ping-pong", KindRulesEdit(target: .remove))
        == "-: highest - 0 - false 0 false, teams 0, [] yours")
    #expect(
      try rules("Golf", KindRulesEdit(rounds: .set(18)))
        == "-: lowest - 0 - false 18 false, teams 0, [] yours")
    #expect(
      try rules("Catan", KindRulesEdit(cooperative: true))
        == "-: highest - 0 - false 0 true, teams 0, [] yours")
    #expect(try rules("Darts 501", KindRulesEdit(counted: false)).hasPrefix("-: lowest 0 0 501 true"))
    #expect(try kinds.forNewGame(kind: "Darts 501", KindRulesEdit(counted: false)).rules.counted == false)
    #expect(
      try rules(nil, KindRulesEdit(target: .set(10))) == "-: highest 10 0 - false 0 false, teams 0, [] yours")
    #expect(try rules("Pandemic") == "-: highest - 0 - false 0 false, teams 0, [] yours")
    #expect(throws: GameRulesError.countdownHighestWins(start: 501, target: 0)) {
      try kinds.forNewGame(kind: "Darts 501", KindRulesEdit(winner: .highest))
    }
  }

  @Test(
    "a new kind close to a known one is refused with the suggestions, until it is set; nothing is written")
  func likelyTypo() throws {
    let test = try TestStore()
    _ = try test.store.addGame(title: "Friday", kind: "Pandemic")
    let before = try Self.everyRow(test.database)
    #expect(throws: StoreError.kindLikeKnown(reference: "Heartz", suggestions: ["Hearts"])) {
      try test.store.kindRules.forNewGame(kind: "Heartz", KindRulesEdit())
    }
    #expect(throws: StoreError.kindLikeKnown(reference: "pandemik", suggestions: ["Pandemic"])) {
      try test.store.kindRules.forNewGame(kind: "pandemik", KindRulesEdit())
    }
    #expect(try Self.everyRow(test.database) == before)
    _ = try test.store.kindRules.set("Heartz", KindRulesEdit(winner: .lowest))
    #expect(try test.store.kindRules.forNewGame(kind: "heartz", KindRulesEdit()).kind?.name == "Heartz")
    #expect(throws: StoreError.noOwnKindRules(reference: "Heart", suggestions: ["Heartz"])) {
      try test.store.kindRules.forget("Heart")
    }
  }

  @Test("a round given no name takes the next of its kind's the game has not used, in any case")
  func roundNames() throws {
    let test = try TestStore()
    _ = try test.store.kindRules.set("Quiz", KindRulesEdit(roundNames: .set(["Film", "Music", "Sport"])))
    _ = try test.store.addGame(title: "Friday", kind: "quiz")
    _ = try test.store.addPlayer(to: "Friday", name: "Ann")
    _ = try test.store.addRound(in: "Friday", [(player: "Ann", points: 1)], name: "music")
    for points in 2...4 {
      _ = try test.store.addRound(in: "Friday", [(player: "Ann", points: Points(Int64(points)))])
    }
    #expect(
      try test.store.sheet(of: "Friday").rounds.map { "\($0.number) \($0.name ?? "-")" } == [
        "1 music", "2 Film", "3 Sport", "4 -",
      ])
  }

  @Test("rules a kind cannot have are refused, and nothing is written")
  func refusals() throws {
    let test = try TestStore()
    let kinds = test.store.kindRules
    for (edit, error) in [
      (KindRulesEdit(roundNames: .set(["A", " a "])), KindRulesError.roundNameTwice("A", "a")),
      (
        KindRulesEdit(rounds: .set(2), roundNames: .set(["A", "B", "C"])),
        .roundNamesPastRounds(names: 3, rounds: 2)
      ),
      (KindRulesEdit(teamSize: .set(1)), .teamSize(1)),
    ] {
      #expect(throws: error) { try kinds.set("Quiz", edit) }
    }
    #expect(throws: GameRulesError.winByWithoutTarget(2)) {
      try kinds.set("Quiz", KindRulesEdit(winBy: .set(2)))
    }
    #expect(throws: InvalidTextError.self) {
      try kinds.set("Quiz", KindRulesEdit(roundNames: .set(["A\u{1B}[2J"])))
    }
    #expect(try test.database.fetchOne("SELECT count(*) FROM kindRules") { try $0.int(0) } == 0)
  }
}
