import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// Scores as sums of events: what each change records, history, and undo.
@Suite struct ScoreEventTests {
  let test: TestStore
  var store: Store { test.store }
  static let device = UUIDGenerator.format(high: 0xd000_0000_0000_0000, low: 1)
  static let time = testNow.iso8601

  init() throws {
    test = try TestStore()
  }

  /// Every event row: id, playerID, delta, time, device, undoes.
  func events() throws -> [[SQLValue]] {
    try test.database.rows(
      of: "scoreEvents", columns: ["id", "playerID", "delta", "time", "device", "undoes"])
  }

  func id(_ n: UInt64) -> SQLValue { .text(UUIDGenerator.format(n)) }

  @Test("a starting score and each change are one event each; the score is their sum")
  func eventsAddUp() throws {
    _ = try store.addGame(title: "Poker")  // 1
    _ = try store.addPlayer(to: "Poker", name: "Ann", score: 7)  // player 2, event 3
    _ = try store.addPlayer(to: "Poker", name: "Ben")  // player 4, no event
    _ = try store.score(in: "Poker", "Ann", .add(-2))  // event 5
    _ = try store.score(in: "Poker", "Ann", .set(10))  // event 6: +5
    _ = try store.score(in: "Poker", "Ben", .add(0))  // no event
    expectNoDifference(
      [
        [id(3), id(2), 7, .text(Self.time), .text(Self.device), .null],
        [id(5), id(2), -2, .text(Self.time), .text(Self.device), .null],
        [id(6), id(2), 5, .text(Self.time), .text(Self.device), .null],
      ], try events())
    #expect(
      try test.database.rows(of: "players", columns: ["name", "score"]) == [["Ann", 10], ["Ben", 0]])
  }

  @Test("events are append-only: editing one is refused")
  func appendOnly() throws {
    _ = try store.addGame(title: "Poker")
    _ = try store.addPlayer(to: "Poker", name: "Ann", score: 7)
    let error = try #require(throws: DatabaseError.self) {
      try test.database.execute("UPDATE scoreEvents SET delta = 100")
    }
    #expect(error.message == "score events are append-only")
    #expect(try test.database.rows(of: "players", columns: ["score"]) == [[7]])
  }

  @Test("history lists a game's changes newest first, with names and devices")
  func history() throws {
    var seed = try Seed(test.database)
    let poker = try seed.game("Poker", players: [("Ann", 3), ("Benedict", 0)])
    let later = Timestamp(millisecondsSince1970: testNow.millisecondsSince1970 + 60_000)
    try test.database.execute(
      """
      INSERT INTO scoreEvents (id, playerID, delta, time, device)
      VALUES ('e-other', ?1, -4, ?2, 'd0000000-0000-0000-0000-000000000002')
      """, [.text(poker.players[1].id), .text(later.iso8601)])
    _ = try store.score(in: "Poker", "Ann", .add(2))
    var header: (GameSummary, Player?, HistoryShape, [GameLogEntry])?
    var entries: [HistoryEntry] = []
    try store.history.log(of: "poker", header: { header = ($0, $1, $2, $3) }, row: { entries.append($0) })
    #expect(header?.0 == GameSummary(game: poker.game, playerCount: 2))
    #expect(header?.1 == nil)
    #expect(header?.2 == HistoryShape(count: 3, nameWidth: 8, changeWidth: 2))
    #expect(header?.3 == [], "no rules, no finish")
    let ann = poker.players[0].id
    expectNoDifference(
      [
        HistoryEntry(
          event: ScoreEvent(
            id: "e-other", playerID: poker.players[1].id, delta: -4, time: later,
            device: "d0000000-0000-0000-0000-000000000002"),
          playerName: "Benedict", isThisDevice: false),
        HistoryEntry(
          event: ScoreEvent(
            id: UUIDGenerator.format(1), playerID: ann, delta: 2, time: testNow, device: Self.device),
          playerName: "Ann", isThisDevice: true),
        HistoryEntry(
          event: ScoreEvent(
            id: negativeID(3), playerID: ann, delta: 3, time: Timestamp(iso8601: "2026-01-01T00:00:00Z")!,
            device: Self.device),
          playerName: "Ann", isThisDevice: true),
      ], entries)
    var annOnly: [String] = []
    try store.history.log(
      of: "poker", player: "ann",
      header: {
        #expect($1?.name == "Ann" && $2 == HistoryShape(count: 2, nameWidth: 3, changeWidth: 2) && $3 == [])
      },
      row: { annOnly.append($0.event.id) })
    #expect(annOnly == [UUIDGenerator.format(1), negativeID(3)])
  }

  @Test("undo reverts this device's last change, then the one before, never another device's")
  func undo() throws {
    var seed = try Seed(test.database)
    let poker = try seed.game("Poker", players: [("Ann", 0)])
    _ = try store.score(in: "Poker", "Ann", .add(5))  // 1
    _ = try store.score(in: "Poker", "Ann", .add(-2))  // 2
    try test.database.execute(
      """
      INSERT INTO scoreEvents (id, playerID, delta, device)
      VALUES ('e-other', ?1, 100, 'd0000000-0000-0000-0000-000000000002')
      """, [.text(poker.players[0].id)])
    let first = try store.history.undo()
    let ann = poker.players[0].id
    expectNoDifference(
      Undo.score(
        UndoResult(
          game: GameSummary(game: poker.game, playerCount: 1),
          previous: Player(id: ann, gameID: poker.game.id, name: "Ann", score: 103),
          player: Player(id: ann, gameID: poker.game.id, name: "Ann", score: 105),
          reverted: ScoreEvent(
            id: UUIDGenerator.format(2), playerID: ann, delta: -2, time: testNow, device: Self.device),
          event: ScoreEvent(
            id: UUIDGenerator.format(3), playerID: ann, delta: 2, time: testNow, device: Self.device,
            undoes: UUIDGenerator.format(2)))),
      first)
    #expect(try store.history.undo().score?.reverted.id == UUIDGenerator.format(1))
    #expect(throws: StoreError.nothingToUndo) { try store.history.undo() }
    #expect(try test.database.rows(of: "players", columns: ["score"]) == [[100]])
  }

  @Test("an undo that would overflow is refused, nothing written")
  func undoOverflow() throws {
    var seed = try Seed(test.database)
    let poker = try seed.game("Poker", players: [("Ann", 0)])
    _ = try store.score(in: "Poker", "Ann", .set(.min))  // event 1: delta min
    let before = try events()
    var ann = poker.players[0]
    ann.score = .min
    let reverted = ScoreEvent(
      id: UUIDGenerator.format(1), playerID: ann.id, delta: .min, time: testNow, device: Self.device)
    #expect(throws: StoreError.undoOutOfRange(player: ann, reverted: reverted, game: poker.game)) {
      try store.history.undo()
    }
    #expect(try events() == before)
    #expect(try store.score(in: "Poker", "Ann", .add(0)).player == ann)
  }

  @Test(
    "undo follows the order changes were made, not the clock: a change made with the clock set back is still the last"
  )
  func undoFollowsOrderOfMaking() throws {
    let clock = ManualClock()
    let test = try TestStore(clock: clock.clock)
    let store = test.store
    _ = try store.addGame(title: "Poker")
    _ = try store.addPlayer(to: "Poker", name: "Ann")
    clock.advance(milliseconds: 60_000)
    _ = try store.score(in: "Poker", "Ann", .add(5))
    clock.advance(milliseconds: -30_000)  // the system clock set back
    _ = try store.score(in: "Poker", "Ann", .add(2))
    #expect(try store.history.undo().score?.reverted.delta == 2)
    #expect(try store.history.undo().score?.reverted.delta == 5)
    #expect(try store.players(of: "Poker").map(\.score) == [0])
  }

  @Test("undo says so when the last change made here was not a score change, and never reaches past it")
  func undoStopsAtOtherChanges() throws {
    _ = try store.addGame(title: "Poker")
    #expect(throws: StoreError.lastChangeNotAScore(description: "added the game \"Poker\"")) {
      try store.history.undo()
    }
    _ = try store.addPlayer(to: "Poker", name: "Ann", score: 4)
    _ = try store.addPlayer(to: "Poker", name: "Ben")
    _ = try store.score(in: "Poker", "Ann", .add(5))
    _ = try store.renamePlayer(in: "Poker", "Ben", to: "Benny")
    let before = try events()
    let renamed = StoreError.lastChangeNotAScore(description: "renamed \"Ben\" to \"Benny\" in \"Poker\"")
    #expect(throws: renamed) { try store.history.undo() }
    #expect(try events() == before)
    _ = try store.score(in: "Poker", "Benny", .add(1))
    #expect(try store.history.undo().score?.reverted.delta == 1)
    #expect(throws: renamed) { try store.history.undo() }
    // A removal, and a game deleted, are named the same way, but for the
    // names of what is gone.
    _ = try store.score(in: "Poker", "Ann", .add(3))
    _ = try store.removePlayer(from: "Poker", "Ann")
    #expect(throws: StoreError.lastChangeNotAScore(description: "removed a player from \"Poker\"")) {
      try store.history.undo()
    }
    _ = try store.addGame(title: "Chess")
    _ = try store.addPlayer(to: "Chess", name: "Cy", score: 2)
    #expect(
      throws: StoreError.lastChangeNotAScore(description: "added \"Cy\" to \"Chess\" with 2 points")
    ) { try store.history.undo() }
    _ = try store.deleteGame("Chess")
    #expect(throws: StoreError.lastChangeNotAScore(description: "deleted a game")) {
      try store.history.undo()
    }
    #expect(try test.database.rows(of: "players", columns: ["name", "score"]) == [["Benny", 0]])
  }

  @Test(
    "every kind of local change is logged: made after a score change, undo names it and changes nothing",
    arguments: [
      "add-game", "add-player", "add-player-with-score", "rename-game", "rename-player", "remove-player",
      "set-photo", "remove-photo", "delete-game",
    ])
  func everyLocalChangeIsLogged(kind: String) throws {
    _ = try store.addGame(title: "Poker")
    _ = try store.addPlayer(to: "Poker", name: "Ann")
    _ = try store.addPlayer(to: "Poker", name: "Ben")
    _ = try store.photos.set(in: "Poker", "Ben", bytes: TestImages.gif(width: 1, height: 1))
    _ = try store.score(in: "Poker", "Ann", .add(5))
    let description: String
    switch kind {
    case "add-game":
      _ = try store.addGame(title: "Chess")
      description = "added the game \"Chess\""
    case "add-player":
      _ = try store.addPlayer(to: "Poker", name: "Cy")
      description = "added \"Cy\" to \"Poker\""
    case "add-player-with-score":
      _ = try store.addPlayer(to: "Poker", name: "Cy", score: 2)
      description = "added \"Cy\" to \"Poker\" with 2 points"
    case "rename-game":
      _ = try store.renameGame("Poker", to: "Poker night")
      description = "renamed the game \"Poker\" to \"Poker night\""
    case "rename-player":
      _ = try store.renamePlayer(in: "Poker", "Ben", to: "Benny")
      description = "renamed \"Ben\" to \"Benny\" in \"Poker\""
    case "remove-player":
      _ = try store.removePlayer(from: "Poker", "Ben")
      description = "removed a player from \"Poker\""
    case "set-photo":
      _ = try store.photos.set(in: "Poker", "Ann", bytes: TestImages.gif(width: 2, height: 1))
      description = "set the photo of \"Ann\" in \"Poker\""
    case "remove-photo":
      _ = try store.photos.remove(in: "Poker", "Ben")
      description = "removed the photo of \"Ben\" in \"Poker\""
    default:
      _ = try store.addGame(title: "Chess")
      _ = try store.deleteGame("Chess")
      description = "deleted a game"
    }
    let before = try events()
    #expect(throws: StoreError.lastChangeNotAScore(description: description)) { try store.history.undo() }
    #expect(try events() == before)
  }

  @Test(
    "totals past 64 bits, from events that fit one by one, clamp the same in any order and still count every event"
  )
  func totalsPast64Bits() throws {
    var seed = try Seed(test.database)
    let poker = try seed.game("Poker", players: [("Ann", 0)])
    let ann = poker.players[0].id
    let deltas: [Int64] = [.max, .max, -.max, 5]
    // Each order of arrival, as another device's events land through sync.
    for order in [[0, 1, 2, 3], [2, 0, 3, 1], [3, 2, 1, 0]] {
      try test.database.execute("DELETE FROM scoreEvents")
      var totals: [Int64] = []
      for index in order {
        try test.database.execute(
          "INSERT INTO scoreEvents (playerID, delta, device) VALUES (?1, ?2, 'other')",
          [.text(ann), .integer(deltas[index])])
        totals.append(try test.database.fetchOne("SELECT score FROM players") { try $0.int64(0) }!)
      }
      #expect(totals.last == .max, "order \(order): \(totals)")
      #expect(
        try test.database.rows(of: "players", columns: ["scoreHigh", "scoreLow"]) == [[2_147_483_648, 4]])
    }
    // The exact total is max + 5: going up is refused, going down is
    // accepted, however little, and lands exactly.
    #expect(throws: StoreError.self) { try store.score(in: "Poker", "Ann", .add(1)) }
    #expect(try store.score(in: "Poker", "Ann", .add(-2)).player.score == .max)
    #expect(try store.score(in: "Poker", "Ann", .add(-4)).player.score == .max - 1)
    #expect(try store.score(in: "Poker", "Ann", .set(0)).player.score == 0)
    try test.database.execute("DELETE FROM scoreEvents")
    #expect(
      try test.database.rows(of: "players", columns: ["score", "scoreHigh", "scoreLow"]) == [[0, 0, 0]])
    for delta in [Int64.min, .min, 1] {
      try test.database.execute(
        "INSERT INTO scoreEvents (playerID, delta, device) VALUES (?1, ?2, 'other')",
        [.text(ann), .integer(delta)])
    }
    #expect(
      try test.database.rows(of: "players", columns: ["score", "scoreHigh", "scoreLow"]) == [
        [.integer(.min), -4_294_967_296, 1]
      ])
  }
}
