import Foundation
@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

/// `restore FILE` puts a checked copy of a backup in the database's place,
/// as a device of its own, and keeps the database it replaces; a file it
/// cannot restore leaves every file as it was.
@Suite(.tags(.process), .runAsTagged) struct RestoreProcessTests {
  let directory: TemporaryDirectory
  let process: BinaryProcess
  var backup: String { directory.file("backup.sqlite") }

  init() throws {
    directory = try TemporaryDirectory()
    process = try BinaryProcess.personalDatabase(in: directory)
    #expect(try process.run(["backup", backup]).status == 0)
  }

  /// Every file in the folder, by name, with its hash (but the processes'
  /// captured output).
  func files() throws -> [String: String] {
    try directory.dataFiles { !$0.hasSuffix(".out") && !$0.hasSuffix(".err") }
  }

  func device(_ arguments: [String] = []) throws -> String {
    let status = try process.run(arguments + ["--json", "status"])
    let json = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
    return try #require(json?["device"] as? String)
  }

  @Test(
    "a database that synced warns of the changes it had not sent yet, even with --quiet; one that never synced does not"
  )
  func unsentWarning() throws {
    let online = BinaryProcess(directory: directory, unset: ["SCOREKEEPER_IDS", "SCOREKEEPER_NOW"])
    #expect(try online.run(["sync"]).status == 0)
    #expect(try process.run(["score", "Poker", "Ann", "+2"]).status == 0)  // offline: not sent
    let result = try process.run(["-q", "restore", backup])
    let kept = try #require(
      result.stderr.firstMatch(of: /they are in "([^"]+)" only/).map { String($0.output.1) }, "\(result)")
    expectNoDifference(
      result,
      ProcessResult(
        status: 0, stdout: "",
        stderr: "warning: 1 change of the replaced database had not synced: they are in \"\(kept)\" only.\n"))
    // The restored database never synced: nothing of it is "not yet synced".
    expectNoDifference(
      try process.run(["-q", "restore", backup]), ProcessResult(status: 0, stdout: "", stderr: ""))
  }

  @Test("two restores in one second each keep the database they replace, under names of their own")
  func twoInOneSecond() throws {
    let process = BinaryProcess(
      directory: directory,
      overrides: ["SCOREKEEPER_OFFLINE": "1", "SCOREKEEPER_NOW": "2026-03-01T20:15:42.250Z"])
    let first = try process.run(["list"])
    #expect(try process.run(["add-game", "Chess"]).status == 0)
    let second = try process.run(["list"])
    let kept = (1...2).map {
      directory.file("games-before-restore-20260301T201542\($0 == 1 ? "" : "-2").sqlite")
    }
    for (index, listing) in [second, first].enumerated() {
      let result = try process.run(["restore", backup])
      expectNoDifference(
        result,
        ProcessResult(
          status: 0,
          stdout: "Restored \"\(backup)\" (1 game), a device of its own. "
            + "The database it replaced is kept as \"\(kept[index])\".\n",
          stderr: ""))
      #expect(try process.run(["--db", kept[index], "list"]) == listing)
    }
  }

  @Test("the backup's games come back, as a new device; the database replaced is kept whole")
  func roundTrip() throws {
    let backedUp = try process.run(["list", "Poker"])
    let original = try device()
    _ = try process.run(["score", "Poker", "Ann", "+5"])
    _ = try process.run(["add-game", "Chess"])
    let replaced = try process.run(["list"])
    let backupBytes = try sha256Hex(fileAt: backup)
    let result = try process.run(["restore", backup, "--json"])
    #expect(result.status == 0, "\(result)")
    let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let kept = try #require(json?["kept"] as? String)
    #expect(json?["games"] as? Int == 1)
    #expect(kept.hasPrefix(directory.file("games-before-restore-")) && kept.hasSuffix(".sqlite"), "\(kept)")
    #expect(try process.run(["list", "Poker"]) == backedUp)
    #expect(try process.run(["--db", kept, "list"]) == replaced)
    #expect(try sha256Hex(fileAt: backup) == backupBytes)  // read, never changed
    // A device of its own: neither the original's id, nor the kept file's.
    let (restored, keptDevice) = (try device(), try device(["--db", kept]))
    #expect(restored != original && keptDevice == original)
    // Its change log is its own: nothing here to undo.
    #expect(try process.run(["undo"]).status == 1)
  }

  /// The database is kept by linking its file, so the file must hold all
  /// of it first: a reader still on an older state keeps the log from
  /// being folded in, and the restore waits as long as any command waits
  /// for a lock, then refuses rather than keep a file without the last
  /// changes. (The reader is the sqlite3 tool, another process: this one
  /// reads the files, which would drop a connection's locks here.)
  @Test("a reader that keeps the log from being folded in: restore refuses, and nothing changes")
  func readerInTheWay() throws {
    let (reader, keyboard, answer) = (Process(), Pipe(), directory.file("reader.txt"))
    FileManager.default.createFile(atPath: answer, contents: nil)
    reader.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    reader.arguments = ["sqlite3", directory.file("games.sqlite")]
    (reader.standardInput, reader.standardOutput) = (keyboard, FileHandle(forWritingAtPath: answer))
    try reader.run()
    defer {
      try? keyboard.fileHandleForWriting.close()
      reader.waitUntilExit()
    }
    keyboard.fileHandleForWriting.write(Data("BEGIN; SELECT count(*) FROM scoreEvents;\n".utf8))
    let deadline = Date().addingTimeInterval(10)
    while try String(contentsOfFile: answer, encoding: .utf8) != "1\n" && Date() < deadline { usleep(10_000) }
    try #require(try String(contentsOfFile: answer, encoding: .utf8) == "1\n", "the reader's transaction")
    #expect(try process.run(["score", "Poker", "Ann", "+3"]).status == 0)
    let (listing, before) = (try process.run(["list", "Poker"]), try files())
    expectNoDifference(
      try process.run(["restore", backup]),
      ProcessResult(
        status: 1, stdout: "",
        stderr: "The database is busy: another process kept it locked for over 5 seconds. "
          + "Nothing was changed; try again.\n"))
    expectNoDifference(try files().keys.sorted(), before.keys.sorted())
    expectNoDifference(try files()["games.sqlite-wal"], before["games.sqlite-wal"])
    expectNoDifference(try process.run(["list", "Poker"]), listing)
  }

  @Test(
    "the database itself, no file, not SQLite, another application, a newer schema: refused, nothing changed",
    arguments: [
      ("games.sqlite", 1, "\"DIR/games.sqlite\" is the database itself: name a backup. Nothing was changed."),
      (
        "missing.sqlite", 1,
        "Can't read \"DIR/missing.sqlite\": No such file or directory. Nothing was changed."
      ),
      ("text.txt", 3, "\"DIR/text.txt\" is not an SQLite database; nothing was changed."),
      (
        "other.sqlite", 3,
        "\"DIR/other.sqlite\" is an SQLite database of another application (application id 1), not a "
          + "scorekeeper database; nothing was changed."
      ),
      (
        "newer.sqlite", 3,
        "\"DIR/newer.sqlite\" uses schema version 99, but this scorekeeper understands versions up to "
          + "\(Schema.currentVersion). Upgrade scorekeeper to use it; nothing was changed."
      ),
    ])
  func refusals(file: String, status: Int32, message: String) throws {
    FileManager.default.createFile(atPath: directory.file("text.txt"), contents: Data("scores\n".utf8))
    let other = try Database(path: directory.file("other.sqlite"))
    try other.execute("PRAGMA application_id = 1")
    try other.execute("CREATE TABLE t (x)")
    other.close()
    let newer = try Database(path: directory.file("newer.sqlite"))
    try newer.execute("PRAGMA application_id = \(Schema.applicationID)")
    try newer.execute("PRAGMA user_version = 99")
    newer.close()
    let before = try files()
    expectNoDifference(
      try process.run(["restore", directory.file(file)]),
      ProcessResult(status: status, stdout: "", stderr: message.replacing("DIR", with: directory.path) + "\n")
    )
    expectNoDifference(try files(), before)
  }

  @Test(
    "a backup of every older schema is upgraded on the way, and left as it was", arguments: [1, 8, 13, 14])
  func olderSchema(version: Int) throws {
    let fixture = directory.file("v\(version).sqlite")
    try FileManager.default.copyItem(
      atPath: packageRoot + "/Fixtures/databases/v\(version).sqlite", toPath: fixture)
    let bytes = try sha256Hex(fileAt: fixture)
    let result = try process.run(["restore", fixture])
    #expect(result.status == 0 && result.stderr == "", "\(result)")
    #expect(try sha256Hex(fileAt: fixture) == bytes)
    let version = try process.run(["--json", "--version"]).stdout
    #expect(version.contains("\"schemaVersion\": \(Schema.currentVersion)"), "\(version)")
    let list = try process.run(["list", "Poker night"])
    #expect(list.status == 0 && list.stdout.hasPrefix("Poker night ("), "\(list)")
  }

  @Test("a damaged backup is refused with SQLite's own words, and nothing changes")
  func damaged() throws {
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: backup)))
    // Page 3's header, overwritten.
    for offset in 8192..<8200 { bytes[offset] = 0xff }
    try Data(bytes).write(to: URL(fileURLWithPath: backup))
    let before = try files()
    let result = try process.run(["restore", backup])
    #expect(result.status == 1)
    #expect(
      result.stderr.hasPrefix("\"\(backup)\" is damaged (SQLite's check: ")
        && result.stderr.hasSuffix("it cannot be restored. Nothing was changed.\n"), "\(result)")
    expectNoDifference(try files(), before)
  }
}
