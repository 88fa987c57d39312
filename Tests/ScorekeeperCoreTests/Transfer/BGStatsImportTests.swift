import Foundation
import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// BG Stats' backup as the app writes it (issue 45): files built here with
/// each trait real exports have, none copied from anyone's.
@Suite struct BGStatsImportTests {
  let test: TestStore
  var store: Store { test.store }
  /// Two hours ahead of UTC: a summer evening in Berlin.
  static let berlin = LocalTimeZone.fixed(minutesAheadOfUTC: 120, name: "Europe/Berlin")

  init() throws {
    test = try TestStore()
  }

  /// A backup of these plays, with the games and players they name.
  static func file(
    games: [String] = [#"{"id": 1, "name": "Catan", "highestWins": true, "noPoints": false}"#],
    players: [String] = [
      #"{"id": 1, "name": "Ann ", "isAnonymous": false}"#, #"{"id": 2, "name": "Bob", "isAnonymous": false}"#,
      #"{"id": 9, "name": "Anonymous player", "isAnonymous": true}"#,
    ],
    plays: [String], deleted: String = "[]"
  ) -> [UInt8] {
    Array(
      """
      {"userInfo": {"meRefId": 1}, "games": [\(games.joined(separator: ", "))],
       "players": [\(players.joined(separator: ", "))],
       "plays": [\(plays.joined(separator: ",\n"))], "deletedObjects": \(deleted)}
      """.utf8)
  }

  /// A play of game 1 with these `playerScores`.
  static func play(
    _ uuid: String, _ scores: String, date: String = "2026-10-02 19:30:00", duration: Int = 0,
    entry: String = "2026-10-02 23:00:00", extra: String = ""
  ) -> String {
    #"{"uuid": "\#(uuid)", "gameRefId": 1, "playDate": "\#(date)", "entryDate": "\#(entry)", "durationMin": \#(duration), "ignored": false\#(extra), "playerScores": [\#(scores)]}"#
  }

  @discardableResult
  func importing(_ bytes: [UInt8], dryRun: Bool = false) throws -> ImportSummary {
    try store.importBGStats(from: ImportSource(bytes: bytes), dryRun: dryRun, timeZone: Self.berlin)
  }

  /// Each finished game as one line: its id's start, when it ended, who
  /// won, then each side's place, members (with teams) and total.
  func results() throws -> [String] {
    try store.finishedResults().map { game in
      "\(game.game.id.prefix(8)) \(game.finishedAt.iso8601) won by \(game.winnerNames.joined(separator: ", ")) | "
        + game.places.map { place in
          "\(place.rank) " + place.members.map(\.name).joined(separator: "+") + " \(place.total)"
        }.joined(separator: " | ")
    }
  }

  /// Every row of every table, by table: what "nothing changes" compares.
  func allRows() throws -> [String: [[SQLValue]]] {
    let tables = try test.database.fetchAll(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    ) { try $0.text(0) }
    var rows: [String: [[SQLValue]]] = [:]
    for table in tables {
      let columns = try test.database.fetchAll("SELECT name FROM pragma_table_info(?1)", [.text(table)]) {
        try $0.text(0)
      }
      rows[table] = try test.database.rows(of: table, columns: columns)
    }
    return rows
  }

  @Test("scores as the calculator wrote them: sums, one left open, a minus, decimals with a point or a comma")
  func calculatorScores() throws {
    let scores = [
      ("87+77", "164"), ("20+16+16", "52"), ("86+84+", "170"), ("-3", "-3"), ("13.5", "13.5"),
      ("21,7", "21.7"), (" 1 2 + 3 ", "15"), ("10-2.5", "7.5"),
    ]
    let plays = scores.enumerated().map { index, score in
      Self.play(
        "0000000\(index)-aaaa-4aaa-8aaa-aaaaaaaaaaaa",
        #"{"playerRefId": 1, "score": "\#(score.0)", "winner": false}"#,
        date: "2026-10-0\(index + 1) 19:30:00")
    }
    try importing(Self.file(plays: plays))
    expectNoDifference(
      try results().map { $0.split(separator: "|").last!.trimmingCharacters(in: .whitespaces) },
      scores.map { "1 Ann \($0.1)" })
  }

  @Test("anonymous seats are each a player of the play, with their own scores")
  func anonymousSeats() throws {
    try importing(
      Self.file(plays: [
        Self.play(
          "5b1e0c4a-1f6b-4c8e-9b1d-7a0c3e2f9a11",
          #"{"playerRefId": 1, "score": "10", "winner": true}, {"playerRefId": 9, "score": "12", "winner": false}, {"playerRefId": 9, "score": "7", "winner": false}, {"playerRefId": 9, "winner": false}"#
        )
      ]))
    expectNoDifference(
      try store.players(of: "5b1e").map { "\($0.name) \($0.score)" },
      ["Anonymous 12", "Ann 10", "Anonymous 2 7", "Anonymous 3 0"])
    // No anonymous seat is a person: Ann alone is (marked the winner,
    // first); the seats' places stay, with no one in them.
    #expect(try store.people().map(\.name) == ["Ann"])
    expectNoDifference(
      try results(), ["5b1e0c4a 2026-10-02T17:30:00.005Z won by Ann | 1 Ann 10 | 2  12 | 2  7 | 2  0"])
    #expect(Statistics(of: try store.finishedResults()).lines.map { "\($0.name) \($0.games)" } == ["Ann 1"])
    // Rated against the seats as strangers at the starting rating: one
    // game for Ann, no one else rated.
    var fold = RatingFold(system: .openskill)
    for game in try store.finishedResults() { fold.apply(game) }
    #expect(fold.rated.map { "\($0.name) \($0.games)" } == ["Ann 1"])
    #expect(fold.value(of: "ann").score > RatingFold(system: .openskill).value(of: "ann").score)
  }

  @Test("anonymous is a name: \"Anonymous\", \"anonymous 12\"; not \"Anonymouse\" or \"Anonymous Bob\"")
  func nobody() {
    #expect(["Anonymous", " anonymous 12 ", "ANONYMOUS 2"].allSatisfy(Person.isNobody))
    #expect(
      !["Anonymouse", "Anonymous Bob", "Anonymous 2b", "Anonymous -2", "Ann"].contains(where: Person.isNobody)
    )
  }

  @Test("teams only where the play uses them: the app's leftover \"0\" makes none")
  func teams() throws {
    let scores =
      #"{"playerRefId": 1, "score": "5", "team": "0", "winner": true}, {"playerRefId": 2, "score": "3", "team": "1", "winner": false}"#
    try importing(
      Self.file(plays: [
        Self.play("aaaa0001-0000-4000-8000-000000000000", scores),
        Self.play(
          "aaaa0002-0000-4000-8000-000000000000", scores, date: "2026-10-03 19:30:00",
          extra: #", "usesTeams": true"#),
      ]))
    expectNoDifference(
      try results(),
      [
        "aaaa0001 2026-10-02T17:30:00.003Z won by Ann | 1 Ann 5 | 2 Bob 3",
        "aaaa0002 2026-10-03T17:30:00.003Z won by Ann | 1 Ann 5 | 2 Bob 3",
      ])
    #expect(try store.state(of: "aaaa0001").1.hasTeams == false)
    #expect(try store.state(of: "aaaa0002").1.hasTeams == true)
  }

  @Test("winners: those marked; else those ranked first; else the scores decide, not a co-operative game")
  func winners() throws {
    try importing(
      Self.file(
        games: [
          #"{"id": 1, "name": "Catan", "highestWins": true}"#,
          #"{"id": 2, "name": "Golf", "highestWins": false}"#,
          #"{"id": 3, "name": "Race", "noPoints": true}"#,
          #"{"id": 4, "name": "Pandemic", "noPoints": true, "cooperative": true}"#,
        ],
        plays: [
          #"{"uuid": "bbbb0001-0000-4000-8000-000000000000", "gameRefId": 1, "playDate": "2026-10-02 19:00:00", "playerScores": [{"playerRefId": 1, "score": "8"}, {"playerRefId": 2, "score": "11"}]}"#,
          #"{"uuid": "bbbb0002-0000-4000-8000-000000000000", "gameRefId": 2, "playDate": "2026-10-02 20:00:00", "playerScores": [{"playerRefId": 1, "score": "36"}, {"playerRefId": 2, "score": "31"}]}"#,
          #"{"uuid": "bbbb0003-0000-4000-8000-000000000000", "gameRefId": 3, "playDate": "2026-10-02 21:00:00", "playerScores": [{"playerRefId": 1, "rank": 2}, {"playerRefId": 2, "rank": 1}]}"#,
          #"{"uuid": "bbbb0004-0000-4000-8000-000000000000", "gameRefId": 4, "playDate": "2026-10-02 22:00:00", "playerScores": [{"playerRefId": 1, "winner": false}, {"playerRefId": 2, "winner": false}]}"#,
        ]))
    expectNoDifference(
      try results(),
      [
        "bbbb0001 2026-10-02T17:00:00.003Z won by Bob | 1 Bob 11 | 2 Ann 8",
        "bbbb0002 2026-10-02T18:00:00.003Z won by Bob | 1 Bob 31 | 2 Ann 36",
        // Named winners come first; a co-operative game lost places no one first.
        "bbbb0003 2026-10-02T19:00:00.003Z won by Bob | 1 Bob 0 | 2 Ann 0",
        "bbbb0004 2026-10-02T20:00:00.003Z won by  | 2 Ann 0 | 2 Bob 0",
      ])
  }

  @Test(
    "a play ends durationMin after its playDate, read in the zone given; plays ending together in the order entered"
  )
  func times() throws {
    let score = #"{"playerRefId": 1, "score": "1", "winner": true}"#
    try importing(
      Self.file(plays: [
        Self.play("cccc0001-0000-4000-8000-000000000000", score, duration: 85),
        // Entered later, a smaller uuid: it still ends after the next one.
        Self.play(
          "cccc0002-0000-4000-8000-000000000000", score, date: "2026-10-03 20:00:00",
          entry: "2026-10-03 23:59:00"),
        Self.play(
          "cccc0003-0000-4000-8000-000000000000", score, date: "2026-10-03 20:00:00",
          entry: "2026-10-03 21:00:00"),
      ]))
    expectNoDifference(
      try results().map { String($0.prefix(33)) },
      [
        "cccc0001 2026-10-02T18:55:00.000Z", "cccc0003 2026-10-03T18:00:00.002Z",
        "cccc0002 2026-10-03T18:00:00.003Z",
      ])
  }

  @Test("upper-case uuids are stored lower case, names trimmed; the same file again adds nothing")
  func idsAndNames() throws {
    let bytes = Self.file(plays: [
      Self.play("5B1E0C4A-1F6B-4C8E-9B1D-7A0C3E2F9A11", #"{"playerRefId": 1, "score": "3", "winner": true}"#)
    ])
    let first = try importing(bytes)
    #expect(first.added["games"] == 1 && first.added["players"] == 1 && first.added["scoreEvents"] == 1)
    #expect(try store.players(of: "5b1e0c4a-1f6b-4c8e-9b1d-7a0c3e2f9a11").map(\.name) == ["Ann"])
    let again = try importing(bytes)
    #expect(again.added.values.allSatisfy { $0 == 0 })
    #expect(again.alreadyHere["games"] == 1 && again.alreadyHere["scoreEvents"] == 1)
  }

  @Test("every play that needs attention is listed at once, each where it is, and nothing changes")
  func allProblems() throws {
    let before = try allRows()
    let bytes = Self.file(plays: [
      Self.play("dddd0001-0000-4000-8000-000000000000", #"{"playerRefId": 1, "score": "12+x"}"#),
      Self.play("dddd0002-0000-4000-8000-000000000000", #"{"playerRefId": 1, "score": "3"}"#),
      Self.play(
        "dddd0003-0000-4000-8000-000000000000", #"{"playerRefId": 5, "score": "1.2345"}"#, date: "yesterday"),
      Self.play(
        "dddd0004-0000-4000-8000-000000000000", #"{"playerRefId": 1, "score": "1.2345"}"#,
        date: "2026-02-31 19:30:00"),
    ])
    #expect(
      throws: ImportProblems([
        ImportError(
          location:
            #"play dddd0001-0000-4000-8000-000000000000 ("Catan", 2026-10-02 19:30:00), $.plays[0] (line 3, column 12)"#,
          problem: #""Ann"'s score "12+x" is not a number or a sum of numbers (as 12, 13.5, 21,7 or 87+77)"#),
        ImportError(
          location:
            #"play dddd0003-0000-4000-8000-000000000000 ("Catan", yesterday), $.plays[2] (line 5, column 1)"#,
          problem: #"playDate must read like 2019-04-06 04:54:35, not "yesterday""#),
        ImportError(
          location:
            #"play dddd0003-0000-4000-8000-000000000000 ("Catan", yesterday), $.plays[2] (line 5, column 1)"#,
          problem: #"playerRefId 5 is no player of the file's "players""#),
        ImportError(
          location:
            #"play dddd0004-0000-4000-8000-000000000000 ("Catan", 2026-02-31 19:30:00), $.plays[3] (line 6, column 1)"#,
          problem: #"playDate must read like 2019-04-06 04:54:35, not "2026-02-31 19:30:00""#),
        ImportError(
          location:
            #"play dddd0004-0000-4000-8000-000000000000 ("Catan", 2026-02-31 19:30:00), $.plays[3] (line 6, column 1)"#,
          problem: #""Ann"'s score "1.2345" has more than three decimals: points are kept to thousandths"#),
      ])
    ) { try importing(bytes) }
    #expect(try allRows() == before)
  }

  @Test("more than 50 problems: the first 50, and how many more")
  func manyProblems() throws {
    let plays = (0..<60).map { index in
      Self.play("eeee\(String(format: "%04d", index))-0000-4000-8000-000000000000", #"{"playerRefId": 7}"#)
    }
    do {
      try importing(Self.file(plays: plays))
      Issue.record("imported")
    } catch let problems as ImportProblems {
      #expect(problems.total == 60 && problems.problems.count == 50)
      #expect(problems.description.hasPrefix("60 problems:\n  at play eeee0000"))
      #expect(problems.description.hasSuffix("\n  … and 10 more."))
    }
  }
}
