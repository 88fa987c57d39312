import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// `list` without a game: each game's last activity, the latest first,
/// and the filters (`--in-progress`, `--finished`, `--kind`, `--since`).
@Suite struct GamesOverviewTests {
  let test: TestStore
  var store: Store { test.store }

  static func day(_ day: Int) -> Timestamp {
    Timestamp(iso8601: "2025-12-\(day < 10 ? "0" : "")\(day)T20:00:00.000Z")!
  }

  /// Wingspan finished on the 5th, Hearts last played on the 20th, Catan
  /// finished on the 12th, Empty never played (the counting ids say no time).
  init() throws {
    test = try TestStore()
    _ = try store.recording(at: Self.day(5)) {
      try store.addResult(title: "Wingspan", kind: "Wingspan", points: [("Ann", 87), ("Bob", 79)])
    }
    _ = try store.recording(at: Self.day(10)) {
      try store.addGame(title: "Hearts", rules: GameRules(winner: .lowest, target: 100), kind: "Hearts")
    }
    _ = try store.addPlayer(to: "Hearts", name: "Ann")
    _ = try store.recording(at: Self.day(20)) { try store.score(in: "Hearts", "Ann", .add(13)) }
    _ = try store.recording(at: Self.day(12)) {
      try store.addResult(title: "Catan", kind: "Catan", points: [("Ann", 10), ("Bob", 8), ("Cy", 6)])
    }
    _ = try store.addGame(title: "Empty")
  }

  func listed(_ filter: GamesOverview.Filter = .init()) throws -> [String] {
    try store.gamesOverview(filter).games.map {
      "\($0.summary.game.title) \($0.lastActivity?.iso8601 ?? "-") \($0.finished == nil ? "in progress" : "finished")"
    }
  }

  @Test("the latest activity first: a score, a finish, the rules; a game without any last, then by players")
  func newestFirst() throws {
    #expect(
      try listed() == [
        "Hearts 2025-12-20T20:00:00.000Z in progress", "Catan 2025-12-12T20:00:00.001Z finished",
        "Wingspan 2025-12-05T20:00:00.001Z finished", "Empty - in progress",
      ])
    #expect(
      try listed(.init(order: .mostPlayers)) == [
        "Catan 2025-12-12T20:00:00.001Z finished", "Wingspan 2025-12-05T20:00:00.001Z finished",
        "Hearts 2025-12-20T20:00:00.000Z in progress", "Empty - in progress",
      ])
  }

  @Test("filters keep the games in progress or finished, of a kind in any case, active since a time")
  func filters() throws {
    #expect(
      try listed(.init(state: .inProgress)) == [
        "Hearts 2025-12-20T20:00:00.000Z in progress", "Empty - in progress",
      ])
    #expect(
      try listed(.init(state: .finished, since: Self.day(6))) == ["Catan 2025-12-12T20:00:00.001Z finished"])
    #expect(try listed(.init(kind: "hearts")) == ["Hearts 2025-12-20T20:00:00.000Z in progress"])
    #expect(try listed(.init(state: .finished, kind: "HEARTS")) == [])
    #expect(throws: StoreError.kindNotFound(reference: "Heart", suggestions: ["Hearts"])) {
      _ = try store.gamesOverview(.init(kind: "Heart"))
    }
    let json = try store.gamesOverview(.init(kind: "Catan")).json
    guard case .object(let top) = json, case .array(let games)? = top.first?.1,
      case .object(let fields)? = games.first
    else {
      Issue.record("not a list of games: \(json)")
      return
    }
    #expect(fields.map(\.0).suffix(3) == ["state", "kind", "lastActivity"])
    #expect(fields.last?.1 == .string("2025-12-12T20:00:00.001Z"))
  }
}
