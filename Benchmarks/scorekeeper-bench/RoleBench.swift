import ScorekeeperCore
import ThrowawayPostgres

/// Issue 49's rows. On a live server, an online `score` by a scorer
/// against the same `score` by an editor, paired: what the role checks
/// (the rules of the share, the creator of what an undo names) cost a
/// participant's change. On the mock, `share --people` of a game 200
/// people joined against `list GAME` of it, both online.
enum RoleBench {
  static let people = 200

  static func run(scorekeeper: String, directory: String, runs: Int, server: TestPostgres) throws -> [String]
  {
    let database = try server.newCloudDatabase()
    for user in ["bench-scorer", "bench-editor"] { try server.ensureUser(user) }
    func as_(_ user: String) -> [String] {
      [
        scorekeeper, "--db", directory + "/role-\(user).sqlite", "--cloud",
        server.connectionString(database: database, user: user), "--user", user,
      ]
    }
    let owner = as_(LiveBench.user)
    let link = try setUpClub(owner, role: "scorer")
    for user in ["bench-scorer", "bench-editor"] { try ProcessTimer.run(as_(user) + ["accept-share", link]) }
    try ProcessTimer.run(owner + ["share", "Club", "--role", "editor", "--for", "bench-editor"])

    let mock = directory + "/roles-cloud.sqlite"
    let mockOwner = [
      scorekeeper, "--db", directory + "/roles-owner.sqlite", "--cloud", mock, "--user", "alice",
    ]
    let mockLink = try setUpClub(mockOwner, role: "viewer")
    print("\nCreating a share \(people) people joined…")
    let cloud = try FileCloud(path: mock, clock: .live)
    for index in 0..<people {
      let container = cloud.container(for: "person\(index)")
      _ = try container.acceptShare(try container.shareMetadata(for: mockLink))
    }
    let comparisons = [
      Comparison(
        name: "score online, scorer (pg)", scorekeeper: as_("bench-scorer") + ["score", "Club", "Ann", "+1"],
        baseline: as_("bench-editor") + ["score", "Club", "Ann", "+1"], timeTarget: 1.1),
      Comparison(
        name: "share --people (\(people))", scorekeeper: mockOwner + ["share", "Club", "--people"],
        baseline: mockOwner + ["list", "Club"], timeTarget: 1.3),
    ]
    print(
      "Each command \(runs) times, alternating with its baseline (an editor's score; list GAME); medians:")
    print(pad("command", 30) + pad("scorekeeper", 14) + pad("baseline", 12) + pad("ratio", 8) + "target")
    return try Comparison.reportTimes(of: comparisons, runs: runs)
  }

  /// A game "Club" with a player, shared with `role` for whoever joins; its link.
  private static func setUpClub(_ owner: [String], role: String) throws -> String {
    for arguments in [["add-game", "Club"], ["add-player", "Club", "Ann"]] {
      try ProcessTimer.run(owner + arguments)
    }
    let shared = try ShellCommand.output(owner + ["share", "Club", "--role", role])
    guard let link = shared.split(separator: "\n").last(where: { $0.hasPrefix("https://") }) else {
      throw BenchError("share printed no link: \(shared)")
    }
    return String(link)
  }
}
