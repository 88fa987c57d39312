import Foundation
@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

/// Names with terminal escapes, line breaks and invisible characters
/// (issue 44), from outside: what a database from an older version holds
/// is shown written out by every command, never raw; and a participant's
/// import into a shared game is refused before anything reaches the owner,
/// on both clouds.
@Suite(.tags(.process), .runAsTagged(hardTimeLimit: 120)) struct HostileTextTests {
  let directory: TemporaryDirectory
  let process: BinaryProcess
  static let game = "00000000-0000-0000-0000-000000000001"
  static let title = "Night\u{1B}]0;owned\u{07}\u{1B}[2J"

  init() throws {
    directory = try TemporaryDirectory()
    process = BinaryProcess(directory: directory, overrides: ["SCOREKEEPER_OFFLINE": "1"])
  }

  func run(_ device: BinaryProcess, _ commands: [[String]]) throws {
    for arguments in commands {
      let result = try device.run(arguments)
      guard result.status == 0 else { throw SetUpFailure("\(arguments): \(result)") }
    }
  }

  /// Writes `sql` into the database as an older version could have (its
  /// import took any name): past the store's checks, with the functions
  /// the schema's triggers call.
  func writeAsOlderVersion(_ sql: String, _ values: [SQLValue]) throws {
    let db = try Database(path: directory.file("games.sqlite"))
    // A store over the connection defines the tracking functions.
    _ = try Store(database: db)
    try db.createFunction("now", argumentCount: 0, deterministic: false) { _ in
      .text("2026-01-01T00:00:00.000Z")
    }
    try db.createFunction("casefold", argumentCount: 1, deterministic: true) { arguments in
      guard case .text(let text) = arguments[0] else { return arguments[0] }
      return .text(text.lowercased())
    }
    try db.execute(sql, values)
    db.close()
  }

  /// Whether `text` holds nothing a terminal acts on or hides: no control
  /// character but the line break (CRLF too: a CSV export's), no DEL, C1
  /// control or format character (but a joiner inside an emoji).
  static func isSafe(_ text: String) -> Bool {
    let scalars = Array(text.unicodeScalars)
    return !scalars.indices.contains { index in
      let scalar = scalars[index]
      if scalar == "\r" { return index + 1 == scalars.count || scalars[index + 1] != "\n" }
      if scalar == "\u{200D}" { return false }  // (the program's own names have none; emoji joiners)
      return (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
        || scalar.properties.generalCategory == .format
    }
  }

  @Test("names an older version took are shown written out by every command: nothing acts on the terminal")
  func olderDatabase() throws {
    try run(
      process,
      [
        ["add-game", "Night", "--kind", "Hearts", "--highest-wins", "--no-target"],
        ["add-player", "Night", "Ann", "--team", "Owls"],
        ["add-player", "Night", "Bob"], ["add-player", "Night", "Cy"], ["round", "Night", "Ann=5", "Bob=3"],
        ["finish", "Night"], ["add-game", "Second"], ["add-player", "Second", "Cy"],
      ])
    try writeAsOlderVersion(
      "UPDATE games SET title = ?1, kind = ?2 WHERE title = 'Night'",
      [.text(Self.title), .text("Hearts\u{9B}31m")])
    try writeAsOlderVersion(
      "UPDATE players SET name = ?1, team = ?2 WHERE name = 'Ann'", [.text("Ann\nEvil"), .text("\tOwls")])
    try writeAsOlderVersion("UPDATE players SET name = ?1 WHERE name = 'Bob'", [.text("Bob\u{202E}boB")])

    expectNoDifference(
      try process.run(["list", Self.game]),
      ProcessResult(
        status: 0,
        stdout: #"""
          Night\u{1B}]0;owned\u{7}\u{1B}[2J (kind Hearts\u{9B}31m; 3 players; round 1; finished)
            1  5  Ann\nEvil (\tOwls)
            2  3  Bob\u{202E}boB
            3  0  Cy
          Teams:
            1  5  \tOwls: Ann\nEvil
            2  3  Bob\u{202E}boB (no team)
            3  0  Cy (no team)
          Finished: team "\tOwls" ("Ann\nEvil") won.

          """#, stderr: ""))
    let watch = Process()
    watch.executableURL = URL(fileURLWithPath: SharedCopies.builtBinary)
    watch.arguments = ["watch", Self.game]
    watch.environment = process.environment
    let watched = try watch.startCapturing(in: directory, name: "watch")
    let ambiguous = try process.run(["list", "0000"])
    #expect(ambiguous.status == 1 && ambiguous.stderr.contains(#"Night\u{1B}]0;owned\u{7}\u{1B}[2J"#))
    for command in [
      ["list"], ["sheet", Self.game], ["history", Self.game], ["people"], ["kinds"], ["stats"],
      ["leaderboard"],
      ["rating", "Cy", "--explain"], ["__complete", "scorekeeper list "],
      ["__complete", "scorekeeper score \(Self.game) "], ["list", "0000"],
    ] {
      let result = try process.run(command)
      #expect(Self.isSafe(result.stdout) && Self.isSafe(result.stderr), "\(command): \(result)")
      // The line break inside Ann's name is written out: no line starts with the rest of it.
      #expect(!result.stdout.contains("\nEvil") && !result.stderr.contains("\nEvil"), "\(command): \(result)")
    }
    // The watch's first block, as list GAME's, then stopped.
    _ = Polling.value({ Polling.contents(of: directory.file("watch.out")) }) { $0.contains("Cy") }
    watch.terminate()
    let result = try watched()
    #expect(result.stdout == (try process.run(["list", Self.game]).stdout), "\(result)")
  }

  @Test(
    "a participant's import of names the commands refuse is refused; a modified program's copy is kept out",
    arguments: [CloudBacking.file, .postgres])
  func sharedGame(backing: CloudBacking) throws {
    let cloud = try TestCloud(backing)
    func device(_ user: String, _ number: Int) throws -> BinaryProcess {
      BinaryProcess(
        directory: directory,
        overrides: [
          "SCOREKEEPER_DB": directory.file("\(user).sqlite"), "SCOREKEEPER_DEVICE": String(number),
          "SCOREKEEPER_USER": user,
          "SCOREKEEPER_CLOUD": backing.isLive ? try cloud.connectionString(for: user) : cloud.path,
        ])
    }
    let (alice, mallory) = (try device("alice", 1), try device("mallory", 2))
    try run(alice, [["add-game", "Night"], ["add-player", "Night", "Ann"]])
    let link = try #require(try alice.run(["share", "Night"]).stdout.split(separator: "\n").last)
    try run(mallory, [["accept-share", String(link)]])
    let shown = try alice.run(["list", "Night"])

    // Through import: refused on Mallory's device, before anything is written or sent.
    let export = try mallory.run(["export", "Night"]).stdout
    let file = directory.file("night.json")
    try Data(export.replacing(#""name": "Ann""#, with: #""name": "\u001b]0;owned\u0007\u001b[2J""#).utf8)
      .write(to: URL(fileURLWithPath: file))
    let refused = try mallory.run(["import", file])
    #expect(refused.status == 1 && refused.stdout == "", "\(refused)")
    #expect(
      refused.stderr.hasSuffix(
        #"A player name can't contain control or invisible formatting characters; "\u{1B}]0;owned\u{7}\u{1B}[2J" has U+001B at character 1. Nothing was imported."#
          + "\n"), "\(refused)")
    #expect(try alice.run(["sync"]) == ProcessResult(status: 0, stdout: "0 sent, 0 received.\n", stderr: ""))
    #expect(try alice.run(["list", "Night"]) == shown)

    // A modified program saves the name straight to the cloud: Alice's
    // device keeps it out, says so, and shows the game as it was.
    let zone = ZoneID(name: "game-\(Self.game)", ownerName: "alice")
    let shared = cloud.container("mallory").sharedDatabase
    var ann = try shared.record(
      for: RecordID(name: "00000000-0000-0000-0000-000000000002:players", zoneID: zone))
    ann.fields["name"] = .string(Self.title)
    _ = try shared.modifyRecords(saving: [ann]).saveResults[ann.id]!.get()
    expectNoDifference(
      try alice.run(["sync"]),
      ProcessResult(
        status: 0, stdout: "0 sent, 0 received.\n",
        stderr:
          #"warning: a player in one of your games was not taken from the cloud: A player name can't contain control or invisible formatting characters; "Night\u{1B}]0;owned\u{7}\u{1B}[2J" has U+001B at character 6. It was made elsewhere by another version of scorekeeper, or another program; it stays out of this database until it is changed there."#
          + "\n"))
    #expect(try alice.run(["list", "Night"]) == shown)
  }
}
