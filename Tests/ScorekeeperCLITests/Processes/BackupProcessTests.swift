import Foundation
@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

/// `backup FILE` writes the database as one moment saw it, while other
/// processes keep writing, and only a checked copy takes FILE's place;
/// each refusal leaves the database and FILE as they were.
@Suite(.tags(.process), .runAsTagged) struct BackupProcessTests {
  let directory: TemporaryDirectory
  let process: BinaryProcess
  var database: String { directory.file("games.sqlite") }

  init() throws {
    directory = try TemporaryDirectory()
    process = try BinaryProcess.personalDatabase(in: directory)
  }

  /// Every file beside the database, by name, with its hash (but the
  /// processes' captured output).
  func files() throws -> [String: String] {
    try directory.dataFiles { !$0.hasSuffix(".out") && !$0.hasSuffix(".err") }
  }

  @Test("a backup taken while another process scores is a consistent database, totals equal to events")
  func backupWhileWriting() throws {
    // 200 score changes in another process, the backups taken meanwhile.
    let writer = try process.startShell(
      "for i in $(seq 1 200); do \"$0\" score Poker Ann +1 >/dev/null || exit 1; done", name: "writer")
    var copies: [String] = []
    for index in 0..<5 {
      let copy = directory.file("backup-\(index).sqlite")
      let result = try process.run(["backup", copy])
      #expect(result.status == 0 && result.stderr == "", "\(result)")
      copies.append(copy)
    }
    #expect(try writer().status == 0)
    var totals: [Int64] = []
    for copy in copies {
      let store = try Store(path: copy, dependencies: .live)
      defer { store.close() }
      let (total, events) = try store.database.fetchOne(
        """
        SELECT p.score, (SELECT sum(delta) FROM scoreEvents WHERE playerID = p.id) FROM players AS p
        WHERE p.name = 'Ann'
        """
      ) { (try $0.int64(0), try $0.int64(1)) }!
      #expect(total == events)
      #expect(try store.database.fetchAll("PRAGMA integrity_check") { try $0.text(0) } == ["ok"])
      totals.append(total)
    }
    // Each copy is a moment between the first score and the last, in order.
    #expect(totals == totals.sorted() && totals.allSatisfy { (1...201).contains($0) }, "\(totals)")
  }

  @Test("the copy reads as the database did, and replaces a file only with --force")
  func copyAndReplace() throws {
    let copy = directory.file("copy.sqlite")
    expectNoDifference(
      try process.run(["backup", copy, "--json"]).stdout.replacing(/"bytes": [0-9]+/, with: "\"bytes\": N"),
      "{\"backup\": \"\(copy)\", \"bytes\": N}\n")
    let list = try process.run(["list", "Poker"])
    #expect(try process.run(["--db", copy, "list", "Poker"]) == list)
    _ = try process.run(["score", "Poker", "Ann", "+5"])
    let before = try files()
    expectNoDifference(
      try process.run(["backup", copy]),
      ProcessResult(
        status: 1, stdout: "",
        stderr: "\"\(copy)\" exists: give --force to replace it. Nothing was written.\n"))
    expectNoDifference(try files(), before)
    let replaced = try process.run(["backup", copy, "--force", "--verify"])
    #expect(replaced.status == 0 && replaced.stdout.hasSuffix("), verified.\n"), "\(replaced)")
    #expect(try process.run(["--db", copy, "list", "Poker"]) == (try process.run(["list", "Poker"])))
  }

  @Test(
    "the database itself, a missing folder, a file for a folder, a WAL beside FILE: refused, nothing changed",
    arguments: [
      ("games.sqlite", "\"DIR/games.sqlite\" is the database itself: back it up to another file."),
      (
        "missing/copy.sqlite",
        "Can't write \"DIR/missing/copy.sqlite\": its folder \"DIR/missing\" does not exist; create it first, or name another."
      ),
      (
        "games.sqlite-device/copy.sqlite",
        "Can't write \"DIR/games.sqlite-device/copy.sqlite\": a part of its folder \"DIR/games.sqlite-device\" is a file, not a folder."
      ),
      (
        "open.sqlite",
        "\"DIR/open.sqlite-wal\" is beside \"DIR/open.sqlite\", holding changes not yet in it (a database in use, or kept with its log): the copy would be paired with that log. Name another file, or move both away first."
      ),
    ])
  func refusals(target: String, message: String) throws {
    _ = FileManager.default.createFile(atPath: directory.file("open.sqlite-wal"), contents: Data("log".utf8))
    let before = try files()
    let result = try process.run(["backup", directory.file(target), "--force"])
    expectNoDifference(
      result,
      ProcessResult(
        status: 1, stdout: "",
        stderr: message.replacing("DIR", with: directory.path) + " Nothing was written.\n"))
    expectNoDifference(try files(), before)
  }

  @Test("a damaged database is not backed up: SQLite's words, exit 3, no file written, nothing changed")
  func damagedDatabase() throws {
    // An index's page: its header's free space made impossible (the
    // database opens and reads; only a check of every page sees it).
    let reader = try Database(path: database, create: false)
    let (size, damaged) = try reader.fetchOne(
      "SELECT page_size, (SELECT rootpage FROM sqlite_schema WHERE name = 'players_gameID') FROM pragma_page_size"
    ) { (try $0.int(0), try $0.int(1)) }!
    reader.close()
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: database)))
    let offset = size * (damaged - 1)
    bytes.replaceSubrange(offset..<offset + 8, with: [0x0d, 0, 0, 0, 5, 0, 0, 0])
    try Data(bytes).write(to: URL(fileURLWithPath: database))
    let before = try files()
    let copy = directory.file("copy.sqlite")
    expectNoDifference(
      try process.run(["backup", copy, "--verify"]),
      ProcessResult(
        status: 3, stdout: "",
        stderr: "The database is damaged (SQLite's check of its copy: Page \(damaged): "
          + "free space corruption): no backup was written. A backup made before it was damaged can be "
          + "put back with: scorekeeper restore FILE. Nothing was changed.\n"))
    expectNoDifference(try files(), before)
  }
}
