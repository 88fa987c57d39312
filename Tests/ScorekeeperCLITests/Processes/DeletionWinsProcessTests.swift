import Foundation
import ScorekeeperTestSupport
import Testing

/// "A deletion wins" where the cloud cannot tell (issue 46, item 3): a row
/// deleted before the cloud ever saw it, while a copy of the database made
/// with `cp` still holds it, whichever reaches the cloud first; and a game
/// a participant kept as a read-only copy when its sharing stopped, which
/// becomes the game again when they re-join. On the mock's file and on a
/// live server.
@Suite(.tags(.process), .runAsTagged) struct DeletionWinsProcessTests {
  /// Devices of alice's and bob's syncing with one cloud, their databases
  /// in a directory of their own.
  struct World {
    let directory: TemporaryDirectory
    let server: TestCloud?
    let cloud: String

    init(backing: String) throws {
      directory = try TemporaryDirectory()
      server = backing == "live" ? try TestCloud(.postgres) : nil
      if let server {
        for user in ["alice", "bob"] { _ = try server.connectionString(for: user) }
      }
      cloud = server?.location ?? directory.file("cloud.sqlite")
    }

    /// `user`'s device `number`, its database `name`.sqlite.
    func device(_ name: String, _ number: Int, user: String = "alice") -> BinaryProcess {
      BinaryProcess(
        directory: directory,
        overrides: [
          "SCOREKEEPER_DB": directory.file("\(name).sqlite"), "SCOREKEEPER_DEVICE": String(number),
          "SCOREKEEPER_CLOUD": cloud, "SCOREKEEPER_USER": user,
        ])
    }

    func run(_ steps: [(BinaryProcess, [String])]) throws {
      for (device, arguments) in steps {
        let result = try device.run(arguments)
        guard result.status == 0 else { throw SetUpFailure("\(arguments): \(result)") }
      }
    }

    func copy(_ from: String, to: String) throws {
      try copyDatabase(from: directory.file("\(from).sqlite"), to: directory.file("\(to).sqlite"))
    }

    /// Every device syncs, twice over, then lists `arguments`.
    func listed(_ devices: [BinaryProcess], _ arguments: [String]) throws -> [ProcessResult] {
      for _ in 0..<2 { try run(devices.map { ($0, ["sync"]) }) }
      return try devices.map { try $0.run(arguments) }
    }
  }

  @Test(
    "a player added offline and copied with the database, removed on one and scored on the copy, stays removed",
    arguments: ["mock", "live"], ["removed first", "scored first"])
  func removedPlayerOfACopy(backing: String, order: String) throws {
    let world = try World(backing: backing)
    let (laptop, copy) = (world.device("laptop", 1), world.device("copy", 3))
    try world.run([(laptop, ["add-game", "Poker"]), (laptop, ["--offline", "add-player", "Poker", "Ann"])])
    try world.copy("laptop", to: "copy")
    let remove = { try laptop.run(["remove-player", "Poker", "Ann", "--force"]) }
    let score = { try copy.run(["score", "Poker", "Ann", "+2"]) }
    if order == "removed first" {
      #expect(try remove().status == 0)
      // The copy hears of the removal before it sends Ann: its score is
      // refused, and its copy of Ann dropped, with a word.
      expectNoDifference(
        try score(),
        ProcessResult(
          status: 1, stdout: "",
          stderr:
            "warning: 1 local change was dropped: what it changed was deleted on another device.\n"
            + "No player named \"Ann\" in \"Poker\".\nRun \"scorekeeper list Poker\" to see its players.\n"))
    } else {
      #expect(try score().status == 0)
      #expect(try remove().status == 0)
    }
    let empty = ProcessResult(
      status: 0,
      stdout: "Poker (0 players)\nNo players yet. Add one with: scorekeeper add-player Poker NAME\n",
      stderr: "")
    let listed = try world.listed([laptop, copy], ["list", "Poker"])
    expectNoDifference(listed[0], empty)
    expectNoDifference(listed[1], empty)
  }

  /// Online, the copy's first sync sends the game before the command
  /// deletes it. Offline, its deletion reaches the cloud first, which
  /// never had the game: the original sends it after, and it comes to the
  /// copy again, which deletes it again.
  @Test(
    "a game added offline and deleted as the first command on a fresh copy stays deleted",
    arguments: ["mock", "live"], ["online", "offline"])
  func gameDeletedOnAFreshCopy(backing: String, deletion: String) throws {
    let world = try World(backing: backing)
    let (laptop, copy) = (world.device("laptop", 1), world.device("copy", 3))
    try world.run([
      (laptop, ["add-game", "Chess"]), (laptop, ["--offline", "add-game", "Poker"]),
      (laptop, ["--offline", "add-player", "Poker", "Ann"]),
    ])
    try world.copy("laptop", to: "copy")
    try world.run(
      deletion == "online"
        ? [(copy, ["delete-game", "Poker", "--force"]), (laptop, ["sync"])]
        : [(copy, ["--offline", "delete-game", "Poker", "--force"]), (copy, ["sync"]), (laptop, ["sync"])])
    let chess = ProcessResult(status: 0, stdout: "0000…0001  0 players  Chess\n", stderr: "")
    for result in try world.listed([laptop, copy], ["list"]) { expectNoDifference(result, chess) }
  }

  @Test(
    "a participant who re-joins after the sharing stopped holds the game as the owner has it, not their copy",
    arguments: ["mock", "live"])
  func rejoinAfterStop(backing: String) throws {
    let world = try World(backing: backing)
    let (alice, bob) = (world.device("alice", 1), world.device("bob", 2, user: "bob"))
    try world.run([
      (alice, ["add-game", "Poker"]), (alice, ["add-player", "Poker", "Ann", "--score", "3"]),
      (alice, ["add-player", "Poker", "Bo"]),
    ])
    let link = { (result: ProcessResult) in
      result.stdout.split(separator: "\n").first { $0.hasPrefix("https://") }
    }
    let first = try #require(link(try alice.run(["share", "Poker"])))
    try world.run([
      (bob, ["accept-share", String(first)]), (alice, ["share", "Poker", "--stop", "--force"]),
      (bob, ["sync"]),
      (alice, ["remove-player", "Poker", "Bo", "--force"]), (alice, ["score", "Poker", "Ann", "+1"]),
    ])
    let again = try #require(link(try alice.run(["share", "Poker"])))
    try world.run([(bob, ["accept-share", String(again)])])
    let listed = try world.listed([alice, bob], ["list", "Poker"])
    expectNoDifference(
      listed[0], ProcessResult(status: 0, stdout: "Poker (1 player)\n  1  4  Ann\n", stderr: ""))
    expectNoDifference(listed[1], listed[0])
    expectNoDifference(
      try bob.run(["list", "--archived"]),
      ProcessResult(
        status: 0,
        stdout:
          "No read-only copies: one is kept here when a game's owner stops sharing it with you, or when a "
          + "backup restored here holds a game deleted since.\n",
        stderr: ""))
  }
}
