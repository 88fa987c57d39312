import Foundation
@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

@testable import scorekeeper

/// A participant who edits their own database to claim a bigger role
/// (issue 49): their program then lets them make the change, and the
/// cloud refuses it: the change is undone on their device, and the owner
/// never sees it. Through the binary, on the file cloud.
@Suite(.tags(.process), .runAsTagged) struct ForgedRoleProcessTests {
  let directory: TemporaryDirectory
  let alice: BinaryProcess
  let carol: BinaryProcess

  init() throws {
    directory = try TemporaryDirectory()
    alice = BinaryProcess(directory: directory)
    carol = BinaryProcess(
      directory: directory,
      overrides: [
        "SCOREKEEPER_USER": "carol", "SCOREKEEPER_DB": directory.file("carol.sqlite"),
        "SCOREKEEPER_DEVICE": "3",
      ])
    for arguments in [
      ["add-game", "Club"], ["add-player", "Club", "Ann"], ["add-player", "Club", "Carol"],
      ["share", "Club", "--role", "scorer"],
    ] {
      let result = try alice.run(arguments)
      guard result.status == 0 else { throw SetUpFailure("\(arguments): \(result)") }
    }
    let link = try #require(try alice.run(["share", "Club"]).stdout.firstMatch(of: /https:\S+/)?.output)
    let joined = try carol.run(["accept-share", String(link)])
    guard joined.status == 0 else { throw SetUpFailure("accept-share: \(joined)") }
  }

  /// Rewrites carol's record of her role in the game's zone, as she could
  /// with the sqlite3 tool.
  func forge(_ sql: String) throws {
    let database = try Database(path: directory.file("carol.sqlite"), create: false)
    defer { database.close() }
    try database.execute(sql)
  }

  struct Forgery: Sendable, CustomTestStringConvertible {
    /// What alice sets first (`share` arguments after the game).
    var role: [String]
    var forgery: String
    /// carol's command, which her forged role lets through.
    var command: [String]
    /// How many records it makes (a round's and its points').
    var records = 1
    var testDescription: String { "\(role.joined(separator: " ")): \(command.joined(separator: " "))" }
  }

  static let forgeries = [
    Forgery(
      role: ["--role", "scorer", "--for", "carol"],
      forgery: "UPDATE syncZones SET permission = 'read-write' WHERE permission = 'scoring'",
      command: ["rename-player", "Club", "Ann", "Anne"]),
    Forgery(
      role: ["--role", "scorer", "--for", "carol"],
      forgery: "UPDATE syncZones SET permission = 'read-write' WHERE permission = 'scoring'",
      command: ["finish", "Club"]),
    Forgery(
      role: ["--role", "viewer", "--for", "carol"],
      forgery: "UPDATE syncZones SET permission = 'scoring' WHERE permission = 'read-only'",
      command: ["score", "Club", "Ann", "+1"]),
    Forgery(
      role: ["--for", "carol", "--player", "Carol"],
      forgery: "UPDATE syncZones SET onlyPlayer = NULL WHERE permission = 'scoring'",
      command: ["score", "Club", "Ann", "+1"]),
    Forgery(
      role: ["--for", "carol", "--player", "Carol"],
      forgery: "UPDATE syncZones SET onlyPlayer = NULL WHERE permission = 'scoring'",
      command: ["round", "Club", "Carol=1"], records: 2),
  ]

  @Test(
    "a participant who raises her role in her own database is refused by the cloud, her change undone",
    arguments: forgeries)
  func forgedRole(_ forgery: Forgery) throws {
    #expect(try alice.run(["share", "Club"] + forgery.role).status == 0)
    #expect(try carol.run(["sync"]).status == 0)
    let before = try alice.run(["sheet", "Club", "--json"])
    let carolsBefore = try carol.run(["sheet", "Club", "--json"])
    try forge(forgery.forgery)
    let result = try carol.run(forgery.command)
    expectNoDifference(
      [
        "\(result.status)",
        result.stderr,
      ],
      [
        "0",
        "warning: \(forgery.records == 1 ? "1 local change was" : "\(forgery.records) local changes were") refused "
          + "by the cloud (no permission; the game's owner changed what you may do) and undone here.\n",
      ])
    expectNoDifference(try carol.run(["sheet", "Club", "--json"]), carolsBefore)
    expectNoDifference(try alice.run(["sheet", "Club", "--json"]), before)
  }
}

extension ForgedRoleProcessTests {
  @Test("share's bad input says why, exits as documented, and changes nothing here or in the cloud")
  func badShareInput() throws {
    // Someone else's game: only its owner changes who may do what.
    let cloudBefore = try alice.run(["cloud", "dump"])
    expectNoDifference(
      try carol.run(["share", "Club", "--role", "viewer", "--for", "alice"]),
      failure(
        "\"Club\" is alice's game: only its owner can share it, stop sharing it, or see who joined. "
          + "Nothing was changed."))
    expectNoDifference(try alice.run(["cloud", "dump"]), cloudBefore)
    #expect(try alice.run(["share", "Club", "--remove", "carol"]).status == 0)
    let cases: [(ProcessResult, BinaryProcess, [String])] = [
      (
        usage(
          "--expires \"2025-12-31\" is past (it is 2026-01-01T00:00:00.000Z now): give a later time, or never."
        ),
        alice, ["share", "Club", "--expires", "2025-12-31"]
      ),
      (
        usage("--expires takes \(LinkExpiry.accepted) (got \"soon\")."), alice,
        ["share", "Club", "--expires", "soon"]
      ),
      (
        usage("--role takes viewer, scorer or editor (got \"boss\")."), alice,
        ["share", "Club", "--role", "boss"]
      ),
      (
        usage("--for USER goes with --role ROLE or --player NAME: what should they become?"), alice,
        ["share", "Club", "--for", "carol"]
      ),
      (
        usage("--player names the one player someone scores for: name them with --for USER."), alice,
        ["share", "Club", "--player", "Ann"]
      ),
      (
        failure("\"zoe\" never joined \"Club\": nobody is in it now. Nothing was changed."), alice,
        ["share", "Club", "--role", "editor", "--for", "zoe"]
      ),
      (
        failure(
          "\"alice\" owns \"Club\": the owner may do everything, and cannot be given a role or removed. Nothing was changed."
        ),
        alice, ["share", "Club", "--remove", "alice"]
      ),
      (
        failure("\"carol\" was removed from \"Club\" already. Nothing was changed."), alice,
        ["share", "Club", "--remove", "carol"]
      ),
      (
        failure("No player named \"Zed\" in \"Club\".\nRun \"scorekeeper list Club\" to see its players."),
        alice,
        ["share", "Club", "--for", "carol", "--player", "Zed"]
      ),
    ]
    let cloud = try alice.run(["cloud", "dump"])
    let sheet = try alice.run(["sheet", "Club", "--json"])
    for (expected, user, arguments) in cases {
      expectNoDifference(try user.run(arguments), expected, "\(arguments)")
    }
    expectNoDifference(try alice.run(["cloud", "dump"]), cloud)
    expectNoDifference(try alice.run(["sheet", "Club", "--json"]), sheet)
  }

  func usage(_ message: String) -> ProcessResult {
    ProcessResult(
      status: 2, stdout: "",
      stderr: message + "\n" + Self.shareUsage + "Run \"scorekeeper help share\" for more.\n")
  }

  func failure(_ message: String) -> ProcessResult {
    ProcessResult(status: 1, stdout: "", stderr: message + "\n")
  }

  static let shareUsage =
    "Usage: scorekeeper share GAME [--role ROLE | --remove USER | --expires WHEN | --new-link | --people "
    + "| --read-only | --read-write | --stop | --participants] [--for USER] [--player NAME] [--force]\n"
}
