import Foundation
@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

/// `export` (JSON) and `import`: a round trip reproduces every row and
/// exports the same bytes, a second import adds nothing, every export
/// conforms to the published JSON Schema, and a bad file is refused where
/// it goes wrong with the database exactly as it was.
@Suite(.tags(.process), .runAsTagged) struct ImportProcessTests {
  let directory: TemporaryDirectory
  let process: BinaryProcess
  static let schema = packageRoot + "/Docs/scorekeeper-export.schema.json"

  init() throws {
    directory = try TemporaryDirectory()
    process = BinaryProcess(directory: directory, overrides: ["SCOREKEEPER_OFFLINE": "1"])
    try Data(TestImages.png(width: 3, height: 2)).write(to: URL(fileURLWithPath: directory.file("ann.png")))
    // A BG Stats play whose finish gives places (the app's ranks), kept
    // out of statistics (ignored).
    try Data(
      #"""
      {"games": [{"id": 1, "name": "Azul"}], "players": [{"id": 1, "name": "Ann"}, {"id": 2, "name": "Bob"}],
       "plays": [{"uuid": "abcd0001-0000-4000-8000-000000000000", "gameRefId": 1, "playDate": "2026-10-02 19:00:00",
         "ignored": true, "playerScores": [{"playerRefId": 1, "score": "40", "rank": 2},
         {"playerRefId": 2, "score": "40", "rank": 1}]}]}
      """#.utf8
    ).write(to: URL(fileURLWithPath: directory.file("bgstats.json")))
    let zoe = "Zoë, \"ace\""
    for arguments in [
      ["add-game", "Hearts", "--lowest-wins", "--target", "100", "--kind", "Hearts"],
      ["add-player", "Hearts", "Ann", "--team", "Owls"], ["add-player", "Hearts", "Bob"],
      ["add-player", "Hearts", zoe], ["round", "Hearts", "Ann=5", "Bob=7", "\(zoe)=3"],
      ["round", "Hearts", "--fix", "1", "Bob=3"], ["round", "Hearts", "Ann=10"], ["undo"],
      ["score", "Hearts", "Bob", "+2"], ["set-photo", "Hearts", "Ann", directory.file("ann.png")],
      ["finish", "Hearts"], ["add-game", "Chess", "--kind", "Chess", "--target", "10.5"],
      ["add-player", "Chess", "Ann"],
      ["add-player", "Chess", "Robert"], ["finish", "Chess", "Robert", "--winner"],
      ["merge-people", "Bob", "Robert"], ["split-person", "Ann", "Chess"], ["add-game", "Empty"],
      ["add-game", "Live"], ["add-player", "Live", "Cy"],
      ["add-player", "Live", "Dee", "--score", "-0.125"], ["round", "Live", "Cy=½", "Dee=2"],
      ["set-rules", "Chess", "--not-counted"],
      // Every rule a game event carries: a lead, a start of decimals, a
      // bust, a countdown's target of 0.
      ["add-game", "301", "--start", "301.5", "--lowest-wins", "--target", "1", "--bust", "--win-by", "2"],
      ["add-player", "301", "Ann"], ["add-player", "301", "Bob"],
      ["round", "301", "Ann=-400", "Bob=-3", "--name", "Opening"],
      ["set-rules", "301", "--target", "0", "--no-bust"],
      ["import", directory.file("bgstats.json"), "--time-zone", "UTC"],
      // Every rule a kind carries, a kind's rules undone, and a round
      // named after its kind's.
      [
        "kinds", "--set", "Quiz", "--start", "2.5", "--target", "10.25", "--win-by", "2", "--bust",
        "--rounds", "3",
        "--round-names", "Film, Music, Sport", "--teams", "2",
      ],
      ["kinds", "--set", "Hearts", "--target", "50"], ["undo"], ["add-game", "Quiz night", "--kind", "quiz"],
      ["add-player", "Quiz night", "Cy"], ["round", "Quiz night", "Cy=1"],
    ] {
      let result = try process.run(arguments)
      guard result.status == 0 else { throw SetUpFailure("\(arguments): \(result)") }
    }
  }

  /// Every row of every table of the database at `path`, as SQL text.
  func dump(_ path: String) throws -> String {
    try ShellCommand.output(["sqlite3", path, ".dump"])
  }

  /// The synced tables' rows (what an export carries), as SQL text.
  func syncedRows(_ path: String) throws -> String {
    try [
      "games", "players", "playerPhotos", "rounds", "gameEvents", "scoreEvents", "personLinks", "kindRules",
    ].map {
      table in
      try ShellCommand.output(["sqlite3", path, "SELECT * FROM \(table) ORDER BY id"])
    }.joined(separator: "\n")
  }

  @Test("a round trip: every row comes back, the same bytes export again, a second import adds nothing")
  func roundTrip() throws {
    let export = try process.run(["export"])
    #expect(export.status == 0 && export.stderr == "", "\(export)")
    #expect(try JSONSchemaValidator(schemaAt: Self.schema).problems(in: Data(export.stdout.utf8)) == [])
    let file = directory.file("games.json")
    try Data(export.stdout.utf8).write(to: URL(fileURLWithPath: file))
    let copy = directory.file("copy.sqlite")
    let first = try process.run(["--db", copy, "import", file, "--json"])
    let counts =
      "\"games\": 7, \"players\": 12, \"photos\": 1, \"rounds\": 7, \"gameEvents\": 10, "
      + "\"scoreChanges\": 18, \"personLinks\": 2, \"kindRules\": 3"
    let none =
      "\"games\": 0, \"players\": 0, \"photos\": 0, \"rounds\": 0, \"gameEvents\": 0, "
      + "\"scoreChanges\": 0, \"personLinks\": 0, \"kindRules\": 0"
    expectNoDifference(
      first,
      ProcessResult(
        status: 0,
        stdout: """
          {
            "file": "\(file)",
            "format": "json",
            "dryRun": false,
            "added": {\(counts)},
            "alreadyHere": {\(none)},
            "keptHere": {\(none)},
            "updated": [],
            "deletedInFile": [],
            "notInFile": []
          }

          """, stderr: ""))
    #expect(try process.run(["--db", copy, "export"]).stdout == export.stdout)
    #expect(try syncedRows(copy) == (try syncedRows(directory.file("games.sqlite"))))
    // Every imported row waits to be sent, as the rows made by commands
    // do: score changes too, which the import tracks a batch at a time.
    for tracked in [
      "SELECT * FROM syncRecords ORDER BY recordName",
      "SELECT recordName, field FROM syncFieldTimes ORDER BY recordName, field",
    ] {
      expectNoDifference(
        try ShellCommand.output(["sqlite3", copy, tracked]),
        try ShellCommand.output(["sqlite3", directory.file("games.sqlite"), tracked]))
    }
    for command in [
      ["list"], ["list", "Hearts"], ["list", "Azul"], ["list", "Chess", "--json"],
      ["sheet", "301", "--json"],
      ["people"],
      ["leaderboard"],
      ["stats"], ["history", "Hearts"],
    ] {
      #expect(
        try process.run(["--db", copy] + command).stdout == (try process.run(command)).stdout, "\(command)")
    }
    let before = try dump(copy)
    let again = try process.run(["--db", copy, "import", file])
    expectNoDifference(
      again,
      ProcessResult(
        status: 0,
        stdout: """
          Imported "\(file)": nothing new.
          Already here: 7 games, 12 players, 1 photo, 7 rounds, 10 rule changes and endings, 18 score changes, \
          2 person links, 3 changes of kinds' rules.

          """, stderr: ""))
    #expect(try dump(copy) == before)
  }

  @Test("a database holding some of the games takes only what it lacks; what changed here since stays")
  func merge() throws {
    let file = directory.file("games.json")
    #expect(try process.run(["export", "--output", file]).status == 0)
    _ = try process.run(["rename-game", "Hearts", "Hearts (Friday)"])
    _ = try process.run(["delete-game", "Chess", "--force"])
    let result = try process.run(["import", file])
    expectNoDifference(
      result,
      ProcessResult(
        status: 0,
        stdout: """
          Imported "\(file)": 1 game, 2 players, 3 rule changes and endings.
          Already here: 5 games, 10 players, 1 photo, 7 rounds, 7 rule changes and endings, 18 score changes, \
          2 person links, 3 changes of kinds' rules.
          Changed here since, kept as they are here: 1 game.

          """, stderr: ""))
    #expect(try process.run(["list"]).stdout.contains("Hearts (Friday)"))
    #expect(try process.run(["list", "Chess"]).status == 0)
  }

  @Test(
    "a bad file is refused with where it goes wrong, and the database is exactly as it was",
    arguments: BadImport.all)
  func refusal(_ bad: BadImport) throws {
    let file = directory.file(bad.name)
    try Data(bad.bytes).write(to: URL(fileURLWithPath: file))
    let database = directory.file("games.sqlite")
    let before = try dump(database)
    expectNoDifference(
      try process.run(["import", file] + bad.arguments),
      ProcessResult(
        status: 1, stdout: "",
        // (Several problems come as a list: ": 2 problems:\n  at …\n".)
        stderr: "Can't import \"\(file)\"\(bad.problem.hasPrefix(":") ? "" : " ")\(bad.problem)"
          + "\(bad.problem.hasSuffix("\n") ? "" : " ")Nothing was imported.\n"
      ))
    #expect(try dump(database) == before)
  }

  @Test("online, a bad file reaches no cloud: the cloud's file is byte for byte as it was")
  func cloudUnchanged() throws {
    let online = BinaryProcess(directory: directory)
    #expect(try online.run(["sync"]).status == 0)
    let cloud = try sha256Hex(ofDatabaseAt: directory.file("cloud.sqlite"))
    let file = directory.file("bad.csv")
    try Data("game,player,points\nDarts,Ann,5\nDarts,Bob,five\n".utf8).write(to: URL(fileURLWithPath: file))
    expectNoDifference(
      try online.run(["import", file]),
      ProcessResult(
        status: 1, stdout: "",
        stderr: "Can't import \"\(file)\" at line 3, column 3: points must be a number such as 13 or 13.5 "
          + "(a decimal point, not a comma), not \"five\". "
          + "Nothing was imported.\n"))
    #expect(try sha256Hex(ofDatabaseAt: directory.file("cloud.sqlite")) == cloud)
    #expect(try online.run(["list", "Darts"]).status == 1)
  }

  @Test("a row may name one that comes after it in its game: an undo made on a device whose clock was behind")
  func laterRowNamed() throws {
    let file = directory.file("skew.json")
    try Data(
      BadImport.game(
        #""rounds": [{"id": "00c2", "madeAt": "2026-01-01T00:00:00.000Z", "device": "d2", "undoes": "00c1"}, "#
          + #"{"id": "00c1", "madeAt": "2026-01-01T00:00:05.000Z", "device": "d1"}]"#
      ).utf8
    ).write(to: URL(fileURLWithPath: file))
    expectNoDifference(
      try process.run(["import", file]),
      ProcessResult(status: 0, stdout: "Imported \"\(file)\": 1 game, 1 player, 2 rounds.\n", stderr: ""))
  }

  @Test("a byte-order mark is passed over, in JSON and CSV")
  func byteOrderMark() throws {
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    let csv = directory.file("bom.csv")
    try Data(bom + Array("game,player,points\r\nDarts,Ann,5\r\n".utf8)).write(to: URL(fileURLWithPath: csv))
    #expect(
      try process.run(["import", csv]).stdout == "Imported \"\(csv)\": 1 game, 1 player, 1 score change.\n")
    let json = directory.file("bom.json")
    try Data(bom + Array(try process.run(["export", "Darts"]).stdout.utf8)).write(
      to: URL(fileURLWithPath: json))
    #expect(
      try process.run(["--db", directory.file("copy.sqlite"), "import", json]).stdout
        == "Imported \"\(json)\": 1 game, 1 player, 1 score change.\n")
  }

  @Test("an export taken while another process scores is whole: it imports, and exports the same again")
  func exportWhileWriting() throws {
    let scoring = try process.startShell(
      "for i in $(seq 1 60); do \"$0\" score Live Cy +1 >/dev/null || exit 1; done", name: "scoring")
    for round in 0..<4 {
      let export = try process.run(["export"])
      #expect(export.status == 0, "\(export)")
      #expect(try JSONSchemaValidator(schemaAt: Self.schema).problems(in: Data(export.stdout.utf8)) == [])
      let file = directory.file("during-\(round).json")
      try Data(export.stdout.utf8).write(to: URL(fileURLWithPath: file))
      let copy = directory.file("copy-\(round).sqlite")
      #expect(try process.run(["--db", copy, "import", file]).status == 0)
      #expect(try process.run(["--db", copy, "export"]).stdout == export.stdout)
    }
    #expect(try scoring().status == 0)
  }
}

/// One file `import` must refuse, and what it says.
struct BadImport: CustomTestStringConvertible, Sendable {
  let name: String
  let bytes: [UInt8]
  var arguments: [String] = []
  let problem: String

  var testDescription: String { name }

  static let header = #"{"format": "scorekeeper-export", "version": 1, "games": ["#
  static func game(_ rows: String) -> String {
    header
      + #"{"id": "00a1", "title": "Darts", "kind": null, "players": [{"id": "00b1", "name": "Ann", "team": null}], "#
      + rows + "}]}"
  }
  static func scoreEvent(_ id: String, delta: Int) -> String {
    #"{"id": "\#(id)", "playerID": "00b1", "delta": \#(delta), "time": "2026-01-01T00:00:00.000Z", "device": "d1", "undoes": null, "roundID": null}"#
  }

  static let all: [BadImport] = [
    BadImport(name: "empty.json", bytes: [], problem: "at the start: the file is empty."),
    BadImport(
      name: "photo.png", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0xFF, 0xFE],
      problem:
        "at the start: it is a PNG image, not a file import reads (a scorekeeper JSON export, CSV, or a BG Stats backup)."
    ),
    BadImport(
      name: "backup.sqlite", bytes: Array("SQLite format 3\0".utf8) + [0x10, 0x00],
      problem:
        "at the start: it is a SQLite database (to put back a backup: scorekeeper restore FILE), not a file import reads (a scorekeeper JSON export, CSV, or a BG Stats backup)."
    ),
    BadImport(
      name: "utf16.csv", bytes: [0xFF, 0xFE] + Array("game\n".utf16.flatMap { [UInt8($0), 0] }),
      arguments: ["--format", "csv"],
      problem:
        "at the start: it is UTF-16 text (save it as UTF-8), not a file import reads (a scorekeeper JSON export, CSV, or a BG Stats backup)."
    ),
    BadImport(
      name: "data.bin", bytes: Array("game,player".utf8) + [0x00, 0x01],
      problem:
        "at the start: it is binary data, not a file import reads (a scorekeeper JSON export, CSV, or a BG Stats backup)."
    ),
    BadImport(
      name: "truncated.json", bytes: Array(game(#""scoreEvents": []"#).utf8.dropLast(9)),
      problem: "at $.games[0].players (line 1, column 163): a string was not closed before the file ended."),
    BadImport(
      name: "malformed.json", bytes: Array((header + "}]}").utf8),
      problem: "at $.games[0] (line 1, column 58): an object was expected."),
    BadImport(
      name: "wrong-type.json",
      bytes: Array(game(#""scoreEvents": [{"id": "00e1", "playerID": "00b1", "delta": "5"}]"#).utf8),
      problem:
        "at $.games[0].scoreEvents[0].delta (line 1, column 223): a number was expected, found a string."
    ),
    BadImport(
      name: "too-many-decimals.json",
      bytes: Array(game(#""scoreEvents": [{"id": "00e1", "playerID": "00b1", "delta": 1.2345}]"#).utf8),
      problem:
        "at $.games[0].scoreEvents[0].delta (line 1, column 223): delta \"1.2345\" has more than three decimals: points are kept to thousandths."
    ),
    BadImport(
      name: "exponent.json",
      bytes: Array(game(#""scoreEvents": [{"id": "00e1", "playerID": "00b1", "delta": 1e3}]"#).utf8),
      problem:
        "at $.games[0].scoreEvents[0].delta (line 1, column 223): delta must be a number such as 13 or 13.5 (a decimal point, not a comma), not \"1e3\"."
    ),
    BadImport(
      name: "newer.json", bytes: Array(#"{"format": "scorekeeper-export", "version": 2, "games": []}"#.utf8),
      problem:
        "at $.version (line 1, column 45): version 2 is newer than this scorekeeper reads (1); update scorekeeper to import it."
    ),
    BadImport(
      name: "other-format.json",
      bytes: Array(#"{"format": "scorekeeper-export", "version": 1, "cards": []}"#.utf8),
      problem: "at $.cards (line 1, column 55): \"cards\" is not part of a scorekeeper export."),
    BadImport(
      name: "same-id.json",
      bytes: Array(
        game(#""scoreEvents": ["# + scoreEvent("00e1", delta: 5) + ", " + scoreEvent("00e1", delta: 6) + "]")
          .utf8
      ),
      problem:
        "at $.games[0].scoreEvents[1]: scoreEvents row \"00e1\" differs from the row with that id here (in this database, or earlier in this file)."
    ),
    BadImport(
      name: "unknown-player.json",
      bytes: Array(
        game(
          #""scoreEvents": [{"id": "00e1", "playerID": "00b9", "delta": 5, "time": "2026-01-01T00:00:00.000Z", "device": "d1"}]"#
        ).utf8),
      problem:
        "at $.games[0].scoreEvents[0] (line 1, column 276): playerID \"00b9\" is not a player of this game (players come first)."
    ),
    BadImport(
      name: "not-utf8.json",
      bytes: Array(header.utf8) + Array(#"{"id": "00a1", "title": ""#.utf8) + [0xFF, 0xFE]
        + Array("\"}]}".utf8),
      problem: "at $.games[0].title (line 1, column 82): a string that is not UTF-8."),
    BadImport(
      name: "missing-column.csv", bytes: Array("game,player\nDarts,Ann\n".utf8),
      problem: "at line 1: the header has no \"points\" column."),
    BadImport(
      name: "extra-field.csv", bytes: Array("game,player,points\nDarts,Ann,5\nDarts,Bob,5,6\n".utf8),
      problem: "at line 3: more than 3 fields; the header has 3."),
    BadImport(
      name: "unbalanced.csv", bytes: Array("game,player,points\nDarts,\"Ann,5\nDarts,Bob,5\n".utf8),
      problem: "at line 2, column 7: a quoted field is not closed."),
    BadImport(
      name: "not-utf8.csv",
      bytes: Array("game,player,points\nDarts,".utf8) + [0xC3, 0x28] + Array(",5\n".utf8),
      problem: "at line 2, column 7: a field that is not UTF-8."),
    // Names the commands refuse, by every format, in the commands' words.
    BadImport(
      name: "escapes.json",
      bytes: Array(
        (header
          + #"{"id": "00a1", "title": "Darts", "players": [{"id": "00b1", "name": "\u001b]0;owned\u0007\u001b[2J"}]}]}"#)
          .utf8),
      problem:
        #"at $.games[0].players[0] (line 1, column 157): A player name can't contain control or invisible formatting characters; "\u{1B}]0;owned\u{7}\u{1B}[2J" has U+001B at character 1."#
    ),
    BadImport(
      name: "blank-title.json", bytes: Array((header + #"{"id": "00a1", "title": " \t "}]}."#).utf8),
      problem: #"at $.games[0] (line 1, column 88): A game title can't be empty (got " \t ")."#),
    BadImport(
      name: "bidi-team.json",
      bytes: Array(
        (header
          + #"{"id": "00a1", "title": "Darts", "players": [{"id": "00b1", "name": "Ann", "team": "Owls\u202e"}]}]}"#)
          .utf8),
      problem:
        #"at $.games[0].players[0] (line 1, column 153): A team name can't contain control or invisible formatting characters; "Owls\u{202E}" has U+202E at character 5."#
    ),
    BadImport(
      name: "untypable-id.json",
      bytes: Array((header + #"{"id": "game_1.x", "title": "Darts"}]}."#).utf8),
      problem:
        #"at $.games[0] (line 1, column 93): a game's id "game_1.x" is not an id (hex digits and dashes, at least 4 digits, as scorekeeper makes them)."#
    ),
    BadImport(
      name: "kind-zero-width.csv", bytes: Array("game,player,points,kind\nDarts,Ann,5,Dar\u{200B}ts\n".utf8),
      problem:
        #"at line 2, column 4: A kind of game can't contain control or invisible formatting characters; "Dar\u{200B}ts" has U+200B at character 4."#
    ),
    // A spreadsheet's mistakes, all at once: every row's, then the file's
    // (a quote left open, past which nothing reads as rows).
    BadImport(
      name: "mistakes.csv",
      bytes: Array(
        "game,player,points\nDarts,Ann,5\nDarts,Bob,five\nDarts,Cy\nDarts,\"Evil\tAnn\",5\nDarts,Dee,2\nDarts,\"Eve,1\n"
          .utf8),
      problem: #"""
        : 4 problems:
          at line 3, column 3: points must be a number such as 13 or 13.5 (a decimal point, not a comma), not "five".
          at line 4: 2 fields; the header has 3.
          at line 5, column 2: A player name can't contain control or invisible formatting characters; "Evil\tAnn" has U+0009 at character 5.
          at line 7, column 7: a quoted field is not closed.

        """#),
    BadImport(
      name: "tab-name.csv", bytes: Array("game,player,points\nDarts,\"Evil\tAnn\",5\n".utf8),
      problem:
        #"at line 2, column 2: A player name can't contain control or invisible formatting characters; "Evil\tAnn" has U+0009 at character 5."#
    ),
    BadImport(
      name: "escapes.bgstats.json",
      bytes: Array(
        #"{"games": [{"id": 1, "name": "Catan"}], "players": [{"id": 1, "name": "\u001b[31mAnn"}], "plays": [{"uuid": "5B1E0C4A-1F6B-4C8E-9B1D-7A0C3E2F9A11", "gameRefId": 1, "playDate": "2026-10-02 19:30:00", "playerScores": [{"playerRefId": 1, "score": "3", "winner": true}]}]}"#
          .utf8),
      problem: """
        at play 5b1e0c4a-1f6b-4c8e-9b1d-7a0c3e2f9a11 ("Catan", 2026-10-02 19:30:00), $.plays[0] (line 1, column 100): \
        A player name can't contain control or invisible formatting characters; "\\u{1B}[31mAnn" has U+001B at \
        character 1.
        """
    ),
    // One clear line for every refusal (issue 44).
    BadImport(
      name: "brackets", bytes: [UInt8](repeating: UInt8(ascii: "["), count: 100_000),
      problem: "at $ (line 1, column 1): an object was expected."),
    BadImport(
      name: "spaces", bytes: [UInt8](repeating: UInt8(ascii: " "), count: 1 << 20),
      problem: "at $ (line 1, column 1048577): an object was expected, the file ended."),
    BadImport(
      name: "newline-key.json",
      bytes: Array(#"{"format": "scorekeeper-export", "version": 1, "na\nme": []}"#.utf8),
      problem: #"at $["na\nme"] (line 1, column 56): "na\nme" is not part of a scorekeeper export."#),
    BadImport(
      name: "commas.csv", bytes: Array(("game,player,points" + String(repeating: ",", count: 1 << 20)).utf8),
      problem:
        "at line 1: more than 12 columns; scorekeeper reads game_id, game, kind, round, player_id, player, team, points, total_after, time, device, change_id."
    ),
    BadImport(
      name: "long-field.csv",
      bytes: Array(("game,player,points\nDarts," + String(repeating: "x", count: 20_000)).utf8),
      problem: "at line 2, column 7: a field longer than 16384 bytes."),
    BadImport(
      name: "bare-cr.csv", bytes: Array("game,player,points\nDarts,An\rn,5\n".utf8),
      problem:
        "at line 2, column 9: a carriage return (CR) not before a line feed: put the field in quotes to keep it."
    ),
    BadImport(
      name: "dangling-fix.json",
      bytes: Array(
        game(
          #""rounds": [{"id": "00c1", "madeAt": "2026-01-01T00:00:00.000Z", "device": "d1", "fixes": "00c9"}]"#
        ).utf8),
      problem:
        #"at $.games[0].rounds[0] (line 1, column 258): fixes "00c9" is not a round of this game, in this database or in the file."#
    ),
    BadImport(
      name: "fixes-loop.json",
      bytes: Array(
        game(
          #""rounds": [{"id": "00c1", "madeAt": "2026-01-01T00:00:00.000Z", "device": "d1", "fixes": "00c2"}, "#
            + #"{"id": "00c2", "madeAt": "2026-01-01T00:00:01.000Z", "device": "d1", "fixes": "00c1"}]"#
        ).utf8),
      problem:
        #"at $.games[0].rounds[0] (line 1, column 258): fixes "00c2", which leads round in a loop back to this row: no row can undo or fix itself."#
    ),
    BadImport(
      name: "undoes-itself.json",
      bytes: Array(
        game(
          #""scoreEvents": [{"id": "00e1", "playerID": "00b1", "delta": 5, "time": "2026-01-01T00:00:00.000Z", "device": "d1", "undoes": "00e1"}]"#
        ).utf8),
      problem:
        #"at $.games[0].scoreEvents[0] (line 1, column 294): undoes "00e1", which leads round in a loop back to this row: no row can undo or fix itself."#
    ),
    BadImport(
      name: "unknown-game.bgstats.json",
      bytes: Array(
        #"{"games": [{"id": 1, "name": "Catan"}], "players": [{"id": 1, "name": "Ann"}], "plays": [{"uuid": "P1", "gameRefId": 7, "playDate": "2026-10-02 19:30:00", "playerScores": [{"playerRefId": 1, "score": "3", "winner": true}]}]}"#
          .utf8),
      problem: """
        at play p1 (no game, 2026-10-02 19:30:00), $.plays[0] (line 1, column 90): gameRefId 7 is no game of \
        the file's "games".
        """),
  ]
}
