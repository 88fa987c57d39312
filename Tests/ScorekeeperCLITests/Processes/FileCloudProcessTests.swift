import Foundation
@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

/// The file-backed mock cloud used by separate processes.
@Suite(.tags(.process), .runAsTagged) struct FileCloudProcessTests {
  let binary: BinaryProcess

  init() throws {
    binary = BinaryProcess(directory: try TemporaryDirectory())
  }

  var cloudPath: String { binary.directory.file("cloud.sqlite") }

  @Test("two processes writing the file-backed mock at once lose nothing")
  func concurrentWriters() throws {
    let writer = SharedCopies.builtExecutable("scorekeeper-bench")
    let waits = try ["a", "b"].map { prefix in
      try binary.start(
        ["cloud-writer", cloudPath, "alice", "games", prefix, "30", "10"], executable: writer, name: prefix)
    }
    let results = try waits.map { try $0() }
    #expect(
      results == Array(repeating: ProcessResult(status: 0, stdout: "saved 300\n", stderr: ""), count: 2))
    let database = try FileCloud(path: cloudPath, clock: .constant(testNow)).container(for: "alice")
      .privateDatabase
    var names: [String] = []
    var tags: [String] = []
    var token: ChangeToken?
    repeat {
      let page = try database.zoneChanges(in: ZoneID(name: "games", ownerName: "alice"), since: token)
      names += page.changed.map(\.id.name)
      tags += page.changed.map { $0.changeTag! }
      token = page.moreComing ? page.token : nil
    } while token != nil
    let expected = ["a", "b"].flatMap { prefix in
      (0..<30).flatMap { batch in (0..<10).map { "\(prefix)-\(batch)-\($0)" } }
    }
    #expect(names.sorted() == expected.sorted())
    #expect(Set(tags).count == 600)
  }

  @Test("cloud dump prints the server, in order, and leaves the file as it was")
  func dump() throws {
    try CloudScenario.populate(
      try FileCloud(path: cloudPath, clock: .constant(testNow), shareLinks: .sequential))
    let before = try sha256Hex(ofDatabaseAt: cloudPath)
    #expect(
      try binary.run(["--cloud", cloudPath, "cloud", "dump"])
        == ProcessResult(status: 0, stdout: CloudScenario.dump, stderr: ""))
    #expect(try sha256Hex(ofDatabaseAt: cloudPath) == before)
  }
}

extension FileCloudProcessTests {
  @Test("accept-share naming a cloud that is not there creates none, and says which to name; nothing written")
  func acceptShareMistypedCloud() throws {
    #expect(try binary.run(["add-game", "Poker"]).status == 0)
    let share = try binary.run(["share", "Poker"])
    let link = try #require(share.stdout.firstMatch(of: /https:\S+/).map { String($0.output) }, "\(share)")
    let typo = binary.directory.file("clud.sqlite")
    let bob = BinaryProcess(
      directory: binary.directory,
      overrides: [
        "SCOREKEEPER_USER": "bob", "SCOREKEEPER_DB": binary.directory.file("bob.sqlite"),
        "SCOREKEEPER_DEVICE": "2",
      ])
    let files = try FileManager.default.contentsOfDirectory(atPath: binary.directory.path).filter {
      !$0.hasSuffix(".out") && !$0.hasSuffix(".err")
    }
    expectNoDifference(
      try bob.run(["--cloud", typo, "accept-share", link]),
      ProcessResult(
        status: 1, stdout: "",
        stderr:
          "There is no cloud at \"\(typo)\" (none was created): a share link leads into the cloud it was "
          + "made in; name that one with --cloud (or SCOREKEEPER_CLOUD). Nothing was changed.\n"))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: binary.directory.path).filter {
        !$0.hasSuffix(".out") && !$0.hasSuffix(".err")
      }.sorted() == files.sorted())
    // Named rightly, it joins.
    let joined = try bob.run(["accept-share", link])
    #expect(joined.status == 0, "\(joined)")
  }
}

extension FileCloudProcessTests {
  @Test(
    "revive-game makes a read-only copy a game of one's own again: its standings and history, new ids, synced"
  )
  func reviveArchivedCopy() throws {
    let bob = BinaryProcess(
      directory: binary.directory,
      overrides: [
        "SCOREKEEPER_USER": "bob", "SCOREKEEPER_DB": binary.directory.file("bob.sqlite"),
        "SCOREKEEPER_DEVICE": "2",
      ])
    for arguments in [
      ["add-game", "Poker", "--target", "50"], ["add-player", "Poker", "Ann"],
      ["add-player", "Poker", "Bob"],
      ["round", "Poker", "Ann=5", "Bob=3"], ["undo"], ["round", "Poker", "Ann=2", "Bob=7"],
      ["score", "Poker", "Bob", "+1"],
      // Ann, behind, named the winner: the finish names her by id.
      ["finish", "Poker", "--winner", "Ann"],
    ] {
      let result = try binary.run(arguments)
      guard result.status == 0 else { throw SetUpFailure("\(arguments): \(result)") }
    }
    let link = try #require(
      try binary.run(["share", "Poker"]).stdout.firstMatch(of: /https:\S+/).map { String($0.output) })
    #expect(try bob.run(["accept-share", link]).status == 0)
    let standings = try bob.run(["list", "Poker"]).stdout
    let history = try bob.run(["history", "Poker"]).stdout
    #expect(try binary.run(["share", "Poker", "--stop", "--force"]).status == 0)
    #expect(try bob.run(["list"]).stdout == "No games yet. Add one with: scorekeeper add-game TITLE\n")
    let revived = try bob.run(["revive-game", "poker"])
    #expect(
      revived.status == 0
        && revived.stdout.hasPrefix("Made \"Poker\" a game again (")
        && revived.stdout.hasSuffix(
          "), from its read-only copy: 2 players, 7 score changes. The copy stays (list --archived).\n"),
      "\(revived)")
    // The copy's standings (Ann first, as named) and history, the game's
    // own now: it changes.
    #expect(try bob.run(["list", "Poker"]).stdout == standings.replacing("alice's, read-write; ", with: ""))
    #expect(try bob.run(["history", "Poker"]).stdout == history)
    #expect(try bob.run(["list", "--archived"]).stdout.contains("Poker"))
    #expect(try bob.run(["list", "Poker"]).stdout.contains("  1  2  Ann\n"))
    #expect(try bob.run(["reopen", "Poker"]).status == 0)
    #expect(try bob.run(["score", "Poker", "Ann", "+1"]).status == 0)
    // New ids: the copy is untouched, and the new game is bob's, in the cloud.
    #expect(
      try bob.run(["list", "--archived", "Poker"]).stdout
        == standings.replacing("alice's, read-write; ", with: ""))
    let phone = BinaryProcess(
      directory: binary.directory,
      overrides: [
        "SCOREKEEPER_USER": "bob", "SCOREKEEPER_DB": binary.directory.file("bob-phone.sqlite"),
        "SCOREKEEPER_DEVICE": "3",
      ])
    #expect(try phone.run(["sync"]).status == 0)
    expectNoDifference(try phone.run(["list", "Poker"]), try bob.run(["list", "Poker"]))
  }
}
