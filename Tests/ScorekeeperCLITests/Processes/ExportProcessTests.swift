import Foundation
@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

/// `export --format csv`: every score change, read back by a reader that
/// is not ours (Python's csv module) as exactly the values the store
/// holds, names with commas, quotes and letters beyond ASCII
/// included; `--output` writes FILE whole or not at all.
@Suite(.tags(.process), .runAsTagged) struct ExportProcessTests {
  let directory: TemporaryDirectory
  let process: BinaryProcess
  static let game = "Hearts, \"Friday\""
  static let names = ["Zoë, the \"ace\"", "Bob", "O'Neil; --", "麻雀"]

  init() throws {
    directory = try TemporaryDirectory()
    process = BinaryProcess(directory: directory, overrides: ["SCOREKEEPER_OFFLINE": "1"])
    var commands: [[String]] = [
      ["add-game", Self.game, "--lowest-wins", "--target", "100", "--kind", "Hearts"]
    ]
    commands += Self.names.map { ["add-player", Self.game, $0, "--team", "Owls"] }
    commands += [
      ["round", Self.game, "\(Self.names[0])=5", "\(Self.names[1])=7"],
      ["round", Self.game, "--fix", "1", "\(Self.names[1])=3"], ["score", Self.game, Self.names[3], "+2"],
      ["round", Self.game, "\(Self.names[2])=9"], ["undo"], ["add-game", "Chess"],
    ]
    for arguments in commands {
      let result = try process.run(arguments)
      guard result.status == 0 else { throw SetUpFailure("\(arguments): \(result)") }
    }
  }

  /// The rows Python's csv module reads from `text`, as JSON.
  func readByPython(_ text: String) throws -> [[String]] {
    let file = directory.file("read.csv")
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    let json = try ShellCommand.output([
      "python3", "-c",
      "import csv, json, sys; print(json.dumps(list(csv.reader(open(sys.argv[1], newline='', encoding='utf-8')))))",
      file,
    ])
    return try JSONDecoder().decode([[String]].self, from: Data(json.utf8))
  }

  /// Every score change as the store holds it, in the export's columns.
  func expectedRows() throws -> [[String]] {
    let store = try Store(path: directory.file("games.sqlite"), dependencies: .live)
    defer { store.close() }
    return try store.database.fetchAll(
      """
      SELECT g.id, g.title, g.kind, p.id, p.name, p.team, e.delta, e.time, e.device, e.id
      FROM scoreEvents AS e JOIN players AS p ON p.id = e.playerID JOIN games AS g ON g.id = p.gameID
      ORDER BY e.time, e.id
      """
    ) { row in
      [
        try row.text(0), try row.text(1), try row.text(2), try row.text(3), try row.text(4), try row.text(5),
        "\(try row.int64(6))", try row.text(7), try row.text(8), try row.text(9),
      ]
    }
  }

  @Test("Python's csv module reads back every value the store holds; rounds and totals as played")
  func readBack() throws {
    let result = try process.run(["export", "--format", "csv"])
    #expect(result.status == 0 && result.stderr == "", "\(result)")
    let rows = try readByPython(result.stdout)
    #expect(
      rows.first == [
        "game_id", "game", "kind", "round", "player_id", "player", "team", "points", "total_after", "time",
        "device", "change_id",
      ])
    let body = Array(rows.dropFirst())
    // Every column the store holds, exactly.
    #expect(
      body.map { [$0[0], $0[1], $0[2], $0[4], $0[5], $0[6], $0[7], $0[9], $0[10], $0[11]] }
        == (try expectedRows()))
    // Round 1, its correction (Bob 7 → 3), a change outside the rounds,
    // and round 2 with its undo (undone: no round).
    #expect(
      body.map { [$0[3], $0[5], $0[7], $0[8]] } == [
        ["1", Self.names[0], "5", "5"], ["1", Self.names[1], "7", "7"], ["1", Self.names[1], "-4", "3"],
        ["", Self.names[3], "2", "2"], ["", Self.names[2], "9", "9"], ["", Self.names[2], "-9", "0"],
      ])
  }

  @Test("--standings: a row per player per game, best first, read back by Python as the game ranks them")
  func standings() throws {
    #expect(try process.run(["finish", Self.game]).status == 0)
    let result = try process.run(["export", "--format", "csv", "--standings"])
    #expect(result.status == 0 && result.stderr == "", "\(result)")
    let game = ["00000000-0000-0000-0000-000000000001", Self.game, "Hearts", "finished", "1"]
    // One team, Owls, of all four: its rank is each member's, and it won.
    expectNoDifference(
      try readByPython(result.stdout),
      [
        ["game_id", "game", "kind", "state", "rank", "player_id", "player", "team", "total", "winner"],
        game + ["00000000-0000-0000-0000-000000000004", Self.names[1], "Owls", "3", "true"],
        game + ["00000000-0000-0000-0000-000000000005", Self.names[2], "Owls", "0", "true"],
        game + ["00000000-0000-0000-0000-000000000003", Self.names[0], "Owls", "5", "true"],
        game + ["00000000-0000-0000-0000-000000000006", Self.names[3], "Owls", "2", "true"],
      ])
    expectNoDifference(
      try process.run(["export", "--standings"]),
      ProcessResult(
        status: 2, stdout: "",
        stderr: "--standings goes with --format csv.\n"
          + "Usage: scorekeeper export [GAME …] [--format FORMAT] [--standings] [--output FILE]\n"
          + "Run \"scorekeeper help export\" for more.\n"))
  }

  @Test("--output writes FILE whole; an unknown game writes nothing, anywhere")
  func output() throws {
    let file = directory.file("scores.csv")
    #expect(try process.run(["export", "--format", "csv", "--output", file]).status == 0)
    #expect(
      try String(contentsOfFile: file, encoding: .utf8)
        == (try process.run(["export", "--format", "csv"])).stdout)
    let before = try Data(contentsOf: URL(fileURLWithPath: file))
    expectNoDifference(
      try process.run(["export", "Nope", "--format", "csv", "--output", file]),
      ProcessResult(
        status: 1, stdout: "",
        stderr: "No game named \"Nope\".\nRun \"scorekeeper list\" to see your games.\n"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
    expectNoDifference(
      try process.run(["export", "Nope", "--format", "csv"]),
      ProcessResult(
        status: 1, stdout: "",
        stderr: "No game named \"Nope\".\nRun \"scorekeeper list\" to see your games.\n"))
    expectNoDifference(
      try process.run(["export", "--format", "xml"]),
      ProcessResult(
        status: 2, stdout: "",
        stderr: "--format takes json or csv (got \"xml\").\n"
          + "Usage: scorekeeper export [GAME …] [--format FORMAT] [--standings] [--output FILE]\n"
          + "Run \"scorekeeper help export\" for more.\n"))
  }
}
