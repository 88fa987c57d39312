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
    entry: String = "2026-10-02 23:00:00", ignored: Bool = false, extra: String = ""
  ) -> String {
    #"{"uuid": "\#(uuid)", "gameRefId": 1, "playDate": "\#(date)", "entryDate": "\#(entry)", "durationMin": \#(duration), "ignored": \#(ignored)\#(extra), "playerScores": [\#(scores)]}"#
  }

  @discardableResult
  func importing(_ bytes: [UInt8], dryRun: Bool = false) throws -> ImportSummary {
    try store.transfer.importBGStats(from: ImportSource(bytes: bytes), dryRun: dryRun, timeZone: Self.berlin)
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
    // first); the seats' places stay, with no one in them: by their
    // scores after the winner, the seat without a score last.
    #expect(try store.people.all().map(\.name) == ["Ann"])
    expectNoDifference(
      try results(), ["5b1e0c4a 2026-10-02T17:30:00.005Z won by Ann | 1 Ann 10 | 2  12 | 3  7 | 4  0"])
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
    "places: the app's ranks, winners first; else, when some seats have no score, the scores; the rest last")
  func places() throws {
    let players = [
      #"{"id": 1, "name": "Ann", "isAnonymous": false}"#, #"{"id": 2, "name": "Bob", "isAnonymous": false}"#,
      #"{"id": 3, "name": "Cy", "isAnonymous": false}"#, #"{"id": 4, "name": "Dee", "isAnonymous": false}"#,
    ]
    try importing(
      Self.file(
        players: players,
        plays: [
          // Ann and Cy tie on points; the app ranked Cy first (its
          // tie-breaker); Dee has neither score nor rank; Bob ranked 3rd
          // with the fewest points.
          Self.play(
            "cccc0001-0000-4000-8000-000000000000",
            #"{"playerRefId": 1, "score": "40", "rank": 2}, {"playerRefId": 2, "score": "12", "rank": 3}, {"playerRefId": 3, "score": "40", "rank": 1}, {"playerRefId": 4, "rank": 0}"#,
            date: "2026-10-02 19:00:00"),
          // No ranks; Bob marked the winner with fewer points; Dee without
          // a score shares the last place with no one.
          Self.play(
            "cccc0002-0000-4000-8000-000000000000",
            #"{"playerRefId": 1, "score": "30"}, {"playerRefId": 2, "score": "10", "winner": true}, {"playerRefId": 3, "score": "20"}, {"playerRefId": 4, "score": ""}"#,
            date: "2026-10-02 20:00:00"),
          // Ranks that share a place.
          Self.play(
            "cccc0003-0000-4000-8000-000000000000",
            #"{"playerRefId": 1, "score": "5", "rank": 1}, {"playerRefId": 2, "score": "5", "rank": 1}, {"playerRefId": 3, "score": "1", "rank": 3}"#,
            date: "2026-10-02 21:00:00"),
        ]))
    expectNoDifference(
      try results(),
      [
        "cccc0001 2026-10-02T17:00:00.005Z won by Cy | 1 Cy 40 | 2 Ann 40 | 3 Bob 12 | 4 Dee 0",
        "cccc0002 2026-10-02T18:00:00.005Z won by Bob | 1 Bob 10 | 2 Ann 30 | 3 Cy 20 | 4 Dee 0",
        "cccc0003 2026-10-02T19:00:00.004Z won by Ann, Bob | 1 Ann 5 | 1 Bob 5 | 3 Cy 1",
      ])
    // list and sheet rank as the results do.
    var ranks: [String] = []
    try store.standings(of: "cccc0001", order: nil, header: { _ in }) {
      ranks.append("\($0.rank) \($0.player.name)")
    }
    #expect(ranks == ["1 Cy", "2 Ann", "3 Bob", "4 Dee"])
    let finish = try test.database.fetchAll(
      "SELECT winners, places FROM gameEvents WHERE kind = 'finish' ORDER BY time"
    ) { [try $0.optionalText(0), try $0.optionalText(1)] }
    let id = { (play: String, player: Int) in
      IDs.made(["bgstats", "player", "cccc000\(play)-0000-4000-8000-000000000000", String(player)])
    }
    expectNoDifference(
      finish,
      [
        [id("1", 3), #"[["\#(id("1", 3))"],["\#(id("1", 1))"],["\#(id("1", 2))"]]"#],
        [id("2", 2), #"[["\#(id("2", 2))"],["\#(id("2", 1))"],["\#(id("2", 3))"]]"#],
        ["\(id("3", 1)) \(id("3", 2))", #"[["\#(id("3", 1))","\#(id("3", 2))"],["\#(id("3", 3))"]]"#],
      ])
  }

  @Test("an ignored play is imported and listed, kept out of statistics and ratings")
  func ignoredPlay() throws {
    try importing(
      Self.file(plays: [
        Self.play(
          "dddd0001-0000-4000-8000-000000000000",
          #"{"playerRefId": 1, "score": "9"}, {"playerRefId": 2, "score": "4"}"#,
          ignored: true),
        Self.play(
          "dddd0002-0000-4000-8000-000000000000",
          #"{"playerRefId": 1, "score": "2"}, {"playerRefId": 2, "score": "4"}"#,
          date: "2026-10-02 21:00:00"),
      ]))
    let (_, state) = try store.state(of: "dddd0001")
    #expect(state.rules == (try GameRules(counted: false)))
    #expect(state.isFinished)
    #expect(
      try store.finishedResults().map { "\($0.game.id.prefix(8)) \($0.isCounted)" } == [
        "dddd0001 false", "dddd0002 true",
      ])
    #expect(try store.state(of: "dddd0002").1.rules == .classic)
  }

  /// A collection, then the same exported again after edits in the app:
  /// play 1's scores and winner changed and it was marked ignored, play
  /// 2 unchanged, play 3 deleted (listed in `deletedObjects`), play 4
  /// gone without a word, play 5 new.
  static func collection(newer: Bool) -> [UInt8] {
    let uuid = { (n: Int) in "eeee000\(n)-0000-4000-8000-000000000000" }
    let two = #"{"playerRefId": 1, "score": "10", "winner": true}, {"playerRefId": 2, "score": "7"}"#
    var plays = [
      newer
        ? Self.play(
          uuid(1), #"{"playerRefId": 1, "score": "12"}, {"playerRefId": 2, "score": "15", "winner": true}"#,
          duration: 30, ignored: true)
        : Self.play(uuid(1), two, duration: 30),
      Self.play(uuid(2), two, date: "2026-10-02 21:00:00"),
    ]
    if !newer {
      plays += [
        Self.play(uuid(3), two, date: "2026-10-02 22:00:00"),
        Self.play(uuid(4), two, date: "2026-10-02 23:00:00"),
      ]
    } else {
      plays.append(Self.play(uuid(5), two, date: "2026-10-03 19:00:00"))
    }
    return Self.file(
      plays: plays, deleted: newer ? #"[{"uuid": "\#(uuid(3).uppercased())", "type": "play"}]"# : "[]")
  }

  @Test(
    "a newer backup brings edited plays up to date by corrections; deleted and missing plays are named, kept")
  func newerBackup() throws {
    try importing(Self.collection(newer: false))
    let older = try results()
    let before = try allRows()
    // --dry-run says what would change, and writes nothing.
    let dry = try importing(Self.collection(newer: true), dryRun: true)
    #expect(try allRows() == before)
    let summary = try importing(Self.collection(newer: true))
    #expect(
      dry
        == {
          var dry = summary; dry.dryRun = true; return dry
        }())
    let play = { (n: Int) in "eeee000\(n)-0000-4000-8000-000000000000" }
    expectNoDifference(
      summary,
      ImportSummary(
        added: ["games": 1, "players": 2, "gameEvents": 5, "scoreEvents": 4],
        alreadyHere: ["games": 2, "players": 4, "gameEvents": 2, "scoreEvents": 2],
        updated: [ImportedPlay(id: play(1), title: "Catan")],
        deletedInFile: [ImportedPlay(id: play(3), title: "Catan")],
        notInFile: [ImportedPlay(id: play(4), title: "Catan")]))
    // Play 1 ends when it ended, with the file's scores and winner, not
    // counted; nothing else moved, nothing was removed.
    expectNoDifference(
      try results(),
      [
        "eeee0001 2026-10-02T18:00:00.000Z won by Bob | 1 Bob 15 | 2 Ann 12",
        older[1], older[2], older[3],
        "eeee0005 2026-10-03T17:00:00.003Z won by Ann | 1 Ann 10 | 2 Bob 7",
      ])
    #expect(try store.finishedResults().map(\.isCounted) == [false, true, true, true, true])
    // The corrections, at the finish's time, after it by id: each id is
    // the first finish's, the update's number and part, and a tag of the
    // row's content (8 hex digits, left out here).
    let finish = IDs.made(["bgstats", "finish", play(1)])
    let rows = try test.database.fetchAll(
      """
      SELECT id, time || ' ' || device || ' ' || kind || ' ' || coalesce(winners, '-') || ' '
        || coalesce(counted, '-') || ' -'
      FROM gameEvents WHERE gameID = ?1 AND (kind <> 'rules' OR id LIKE ?2)
      UNION ALL SELECT id, time || ' ' || device || ' points - - ' || delta FROM scoreEvents WHERE id LIKE ?2
      ORDER BY 1
      """, [.text(play(1)), .text(finish + "-%")]
    ) { (id: try $0.text(0), row: try $0.text(1)) }
    #expect(rows.allSatisfy { $0.id.hasPrefix(finish + "-") && ColumnRule.isID($0.id.suffix(9).dropFirst()) })
    expectNoDifference(
      rows.map { "F" + $0.id.dropFirst(finish.count).dropLast(9) + " " + $0.row },
      [
        "F-0000 2026-10-02T18:00:00.000Z bgstats finish \(IDs.made(["bgstats", "player", play(1), "1"])) - -",
        "F-0001-0 2026-10-02T18:00:00.000Z bgstats reopen - - -",
        "F-0001-1-1000 2026-10-02T18:00:00.000Z bgstats points - - 2",
        "F-0001-1-1001 2026-10-02T18:00:00.000Z bgstats points - - 8",
        "F-0001-2 2026-10-02T18:00:00.000Z bgstats rules - 0 -",
        "F-0001-3 2026-10-02T18:00:00.000Z bgstats finish \(IDs.made(["bgstats", "player", play(1), "2"])) - -",
      ])
    // The same file again changes nothing, and says so.
    let after = try allRows()
    let again = try importing(Self.collection(newer: true))
    #expect(try allRows() == after)
    expectNoDifference(
      again,
      ImportSummary(
        alreadyHere: ["games": 3, "players": 6, "gameEvents": 6, "scoreEvents": 6],
        deletedInFile: [ImportedPlay(id: play(3), title: "Catan")],
        notInFile: [ImportedPlay(id: play(4), title: "Catan")]))
  }

  @Test(
    "a play ends durationMin after its playDate, read in the zone given; plays ending together keep the time, folded by id"
  )
  func times() throws {
    let score = #"{"playerRefId": 1, "score": "1", "winner": true}"#
    try importing(
      Self.file(plays: [
        Self.play("cccc0001-0000-4000-8000-000000000000", score, duration: 85),
        // Entered later, a smaller uuid: they end together, and fold by id.
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
        "cccc0001 2026-10-02T18:55:00.000Z", "cccc0002 2026-10-03T18:00:00.002Z",
        "cccc0003 2026-10-03T18:00:00.002Z",
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

extension BGStatsImportTests {
  @Test("a competitive play every seat won is a draw; a co-operative game's marks are the table's result")
  func drawsAndTables() throws {
    let both = #"{"playerRefId": 1, "winner": true}, {"playerRefId": 2, "winner": true}"#
    let neither = #"{"playerRefId": 1, "winner": false}, {"playerRefId": 2, "winner": false}"#
    try importing(
      Self.file(
        games: [
          #"{"id": 1, "name": "Catan", "highestWins": true, "noPoints": false}"#,
          #"{"id": 2, "name": "Pandemic", "highestWins": true, "noPoints": true, "cooperative": true}"#,
        ],
        plays: [
          Self.play("eeee0001-0000-4000-8000-000000000000", both),
          Self.play("eeee0002-0000-4000-8000-000000000000", both).replacing(
            #""gameRefId": 1"#, with: #""gameRefId": 2"#),
          Self.play("eeee0003-0000-4000-8000-000000000000", neither, date: "2026-10-02 20:30:00")
            .replacing(#""gameRefId": 1"#, with: #""gameRefId": 2"#),
        ]))
    let verdicts = try ["eeee0001", "eeee0002", "eeee0003"].map { id in
      try store.state(of: id).1.verdict
    }
    #expect(verdicts == [.draw, .tableWon, .tableLost])
    let results = try store.finishedResults()
    #expect(results.map(\.isCooperative) == [false, true, true])
    // The same file again adds nothing: the rows are the same.
    let again = try importing(
      Self.file(plays: [Self.play("eeee0001-0000-4000-8000-000000000000", both)]))
    #expect(again.added.values.allSatisfy { $0 == 0 }, "\(again)")
  }
}
