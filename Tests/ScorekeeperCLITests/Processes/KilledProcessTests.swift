import Foundation
import ScorekeeperTestSupport
import Testing

/// Processes killed at random moments (SIGKILL: in a commit, in a
/// checkpoint, in a write of the mark beside the database) never damage a
/// database, never lose a change a command reported done, and never make
/// the next command take its own log for another file's. The log here
/// holds 4 pages before a commit folds it in, so checkpoints happen every
/// few commands, of the database and of the mock cloud's file both.
@Suite(.tags(.process), .runAsTagged) struct KilledProcessTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// SQLite's check of a database and its log, on a copy of both (the
  /// sqlite3 tool folds the log in when it closes).
  func integrity(_ name: String) throws -> String {
    let copy = directory.file("check-" + name)
    try copyDatabase(from: directory.file(name), to: copy)
    return try ShellCommand.output(["sqlite3", copy, "PRAGMA integrity_check"])
  }

  func query(_ name: String, _ sql: String) throws -> String {
    let copy = directory.file("query-" + name)
    try copyDatabase(from: directory.file(name), to: copy)
    return try ShellCommand.output(["sqlite3", copy, sql])
  }

  @Test(
    "scores killed at random moments: every database stays whole, every score that exited 0 is kept, no log is set aside",
    arguments: ["offline", "mock cloud"])
  func killedScores(cloud: String) throws {
    var process = BinaryProcess(
      directory: directory, overrides: ["SCOREKEEPER_CHECKPOINT_PAGES": "4"],
      unset: ["SCOREKEEPER_IDS", "SCOREKEEPER_NOW"])
    if cloud == "offline" { process.overrides["SCOREKEEPER_OFFLINE"] = "1" }
    for arguments in [["add-game", "Poker"], ["add-player", "Poker", "Ann"]] {
      let result = try process.run(arguments)
      guard result.status == 0 else { throw SetUpFailure("\(arguments): \(result)") }
    }
    let fileBefore = try sha256Hex(fileAt: directory.file("games.sqlite"))
    // Each round: three scores at once, killed one after another, each
    // after a further random part of a span: before it opens the database,
    // in its commit, in its sync, or after it ended. The span starts at what
    // a score takes on a quiet machine and follows the machine's speed
    // (a busy one makes every command slower): longer after a round all
    // killed, shorter after one all done, so kills land around a
    // command's end wherever that is.
    var random = SplitMix64(seed: cloud == "offline" ? 51 : 52)
    var span = cloud == "offline" ? 14.0 : 35.0  // milliseconds
    var (done, killed) = (0, 0)
    for _ in 1...25 {
      let round = try (1...3).map { _ in
        let score = Process()
        score.executableURL = URL(fileURLWithPath: SharedCopies.builtBinary)
        score.arguments = ["score", "Poker", "Ann", "+1"]
        score.environment = process.environment
        return (score, try score.startCapturing(in: directory, name: UUID().uuidString))
      }
      for (score, _) in round {
        usleep(useconds_t(Double.random(in: 0..<span, using: &random) * 1_000))
        kill(score.processIdentifier, SIGKILL)
      }
      var killedInRound = 0
      for (score, wait) in round {
        let result = try wait()
        if score.terminationReason == .uncaughtSignal {
          killedInRound += 1
        } else {
          #expect(result.status == 0, "\(result)")
        }
      }
      (done, killed) = (done + 3 - killedInRound, killed + killedInRound)
      if killedInRound == 3 { span = min(span * 2, 5_000) }
      if killedInRound == 0 { span *= 0.75 }
    }
    #expect(
      done > 0 && killed > 0, "the delays reach both sides of a command's end: \(done) done, \(killed) killed"
    )

    let files = ["games.sqlite"] + (cloud == "offline" ? [] : ["cloud.sqlite"])
    for name in files {
      #expect(try integrity(name) == "ok\n", "\(name)")
      #expect(!FileManager.default.fileExists(atPath: directory.file(name + "-wal-set-aside")), "\(name)")
    }
    // The score is what the changes sum to, and counts every score that
    // exited 0 (a killed one may have committed before it died).
    let counts = try query(
      "games.sqlite", "SELECT (SELECT score FROM players), (SELECT count(*) FROM scoreEvents)"
    ).split(separator: "|").map { Int($0.trimmingCharacters(in: .whitespacesAndNewlines))! }
    let (total, events) = (counts[0], counts[1])
    #expect(total == events && events >= done && events <= done + killed, "\(events) events, \(done) done")
    // Checkpoints happened: they wrote the database file. (Read alone it
    // may be part old, part new: a checkpoint stopped short by another
    // process's read leaves that to the log.)
    #expect(try sha256Hex(fileAt: directory.file("games.sqlite")) != fileBefore)
    if cloud != "offline" {
      // What is left to send goes, and the cloud has every score.
      #expect(try process.run(["sync"]).status == 0)
      let other = BinaryProcess(
        directory: directory,
        overrides: ["SCOREKEEPER_DB": directory.file("other.sqlite"), "SCOREKEEPER_CHECKPOINT_PAGES": "4"],
        unset: ["SCOREKEEPER_IDS", "SCOREKEEPER_NOW"])
      #expect(try other.run(["sync"]).status == 0)
      expectNoDifference(try other.run(["list", "Poker"]), try process.run(["list", "Poker"]))
    }
  }
}
