import Foundation
import ScorekeeperCore
import ScorekeeperHarness
import ScorekeeperTestSupport
import Testing

/// Through the real binary, as people use it: alice and bob on two
/// devices each run random commands (every command, online or offline,
/// sharing, two processes at once on one database), with cloud outages
/// injected now and then, and now and then a database copied with `cp`
/// (a backup, a second laptop), which becomes a device of its own and
/// runs a command at once, or a backup put back with `restore`; and the
/// shapes where "a deletion wins" is hardest (issue 46): alice stops
/// sharing a game, changes it, and shares it anew, bob re-joining through
/// the new link; bob leaves and re-joins. Every command ends with status
/// 0 or 1 and no raw error; after a final sync every device agrees with
/// the others on what each may see.
///
/// Replay one seed with `SCOREKEEPER_CLI_SEED=<seed> swift test --filter CLIRandomTests`,
/// or search more with `SCOREKEEPER_CLI_SEED=<first>-<last>`.
@Suite(.tags(.process, .random), .runAsTagged) struct CLIRandomTests {
  static let seeds: [UInt64] = {
    let given = ProcessInfo.processInfo.environment["SCOREKEEPER_CLI_SEED"]?.split(separator: "-")
      .compactMap { UInt64($0) }
    switch given?.count {
    case 1: return given!
    case 2 where given![0] <= given![1]: return Array(given![0]...given![1])
    default: return Array(1...200)
    }
  }()

  @Test("two users on two devices each converge through the binary", arguments: seeds)
  func converge(seed: UInt64) throws {
    try play(seed: seed, in: try CLIWorld())
  }

  /// Fewer seeds on a live server: each process there connects and syncs
  /// through PostgreSQL, about ten times the mock's cost. Every other run
  /// of four seeds goes through PgBouncer in transaction mode (so each
  /// kind of follower runs both ways; seed % 4 picks it), where every
  /// other such run's followers listen on a direct connection
  /// (`SCOREKEEPER_LISTEN_CLOUD`) and the others fetch every 5 s.
  @Test(
    "two users on two devices each converge through the binary, on a live server [postgres]",
    arguments: seeds.prefix(40))
  func convergeLive(seed: UInt64) throws {
    let pooled = (seed / 4) % 2 == 1
    let server = try TestCloud(pooled ? .pooled : .postgres)
    for user in ["alice", "bob"] { _ = try server.connectionString(for: user) }
    let listen =
      pooled && (seed / 8) % 2 == 1
      ? ["SCOREKEEPER_LISTEN_CLOUD": try server.directConnectionString(for: "alice")] : [:]
    try play(seed: seed, in: try CLIWorld(cloud: server.location, environment: listen))
  }

  /// Ten random commands (a second process at once, offline, with faults,
  /// a database copied), then every device syncs and all must agree.
  func play(seed: UInt64, in world: CLIWorld) throws {
    var world = world
    var random = SplitMix64(seed: seed)
    for (index, photo) in Self.photos.enumerated() {
      try Data(photo).write(to: URL(fileURLWithPath: world.directory.file("photo\(index)")))
    }
    for (name, text) in Self.hostileFiles {
      try Data(text.utf8).write(to: URL(fileURLWithPath: world.directory.file(name)))
    }
    // Alice's BG Stats backups: three exports of one collection, of
    // different plays, the last after edits, as the app writes them (issue 45).
    for index in 0..<3 {
      let file = RandomBGStatsFile.make(
        plays: 2 + index, seed: seed, version: index == 2 ? 1 : 0, using: &random)
      try Data(file.utf8).write(to: URL(fileURLWithPath: world.directory.file("bgstats-\(index).json")))
    }
    var links: [String] = []
    // On one device, from its first command on (it needs the database),
    // a watch of every game or a scoreboard server runs throughout, as on
    // a laptop or a TV at the table: at the end the watch shows what a
    // new one shows, and the server answers what list answers. (One seed
    // in four each: following every command's sync, either adds a third
    // to the seed's cost.)
    let followed = world.devices.randomElement(using: &random)!
    let command = [0: ["watch", "--json"], 2: ["serve", "--port", "0"]][seed % 4]
    var follower: (process: Process, output: String)?
    defer { follower?.process.terminate() }
    for index in 0..<10 {
      if let command, follower == nil,
        FileManager.default.fileExists(atPath: world.directory.file("\(followed.name).sqlite"))
      {
        follower = try world.startFollowing(command, on: followed)
      }
      var device = world.devices.randomElement(using: &random)!
      if world.devices.count < 7, Int.random(in: 0..<10, using: &random) == 0 {
        // The copy's first command follows at once (its first sync).
        device = try world.copy(device)
      }
      // Where "a deletion wins" is hardest (issue 46), one in ten steps.
      if Int.random(in: 0..<10, using: &random) == 0 {
        let shape = Bool.random(using: &random) ? DeletionShape.rejoin : .copiedNewRows
        try shape.play(in: &world, named: "\(shape)\(index)", seed: seed, links: &links, random: &random)
        continue
      }
      // A backup of its own put back (made by an earlier random command).
      if Int.random(in: 0..<16, using: &random) == 0,
        FileManager.default.fileExists(atPath: world.directory.file("backup-\(device.name)"))
      {
        let result = try world.restore(device)
        #expect(result.status == 0, "seed \(seed): restore on \(device.name): \(result)")
        continue
      }
      // A game night in teams, one step in eight: a player joins a team
      // (added, or moved), and the team scores a round of its own.
      if Int.random(in: 0..<8, using: &random) == 0 {
        let (game, name) = (
          Self.titles.randomElement(using: &random)!, Self.names.randomElement(using: &random)!
        )
        let team = Self.teams.randomElement(using: &random)!
        for arguments in [
          ["add-player", game, name, "--team", team], ["set-team", game, name, team],
          ["round", game, "\(team)=\(Points.randomEntered(in: -5...30, using: &random))"],
        ] {
          Self.expectSound(
            try world.start(device, arguments)(), of: arguments, on: device, seed: seed, links: &links)
        }
        continue
      }
      // A club night, one step in eight (issue 49): alice shares a game
      // with a role for whoever joins, bob joins, alice changes his role
      // (or his one player, removes him, or changes the link), and bob
      // does what people do at the table, allowed or not.
      if Int.random(in: 0..<8, using: &random) == 0 {
        try Self.clubNight(in: world, seed: seed, links: &links, random: &random)
        continue
      }
      var arguments = Self.command(for: device, links: links, in: world.directory, random: &random)
      // Offline, but for the commands that need the cloud (a usage error then).
      if Int.random(in: 0..<4, using: &random) == 0, !Self.needCloud.contains(arguments[0]) {
        arguments.insert("--offline", at: 0)
      }
      var environment: [String: String] = [:]
      if Int.random(in: 0..<8, using: &random) == 0 {
        environment["SCOREKEEPER_CLOUD_FAULTS"] = "network-unavailable*3"
        environment["SCOREKEEPER_SYNC_BUDGET"] = "0"
      }
      let results: [ProcessResult]
      if Int.random(in: 0..<4, using: &random) == 0 {
        // A second process on the same database at the same time.
        let other = Self.command(for: device, links: links, in: world.directory, random: &random)
        let first = try world.start(device, arguments, environment: environment)
        let second = try world.start(device, other)
        results = [try first(), try second()]
      } else {
        results = [try world.start(device, arguments, environment: environment)()]
      }
      for result in results {
        Self.expectSound(result, of: arguments, on: device, seed: seed, links: &links)
      }
    }
    try world.expectConvergence(seed: seed)
    if let follower, let command {
      if command[0] == "watch" {
        try world.expectWatch(follower, on: followed, seed: seed)
      } else {
        try world.expectServe(follower, on: followed, seed: seed)
      }
    }
  }

  static func clubNight(in world: CLIWorld, seed: UInt64, links: inout [String], random: inout SplitMix64)
    throws
  {
    let (game, name) = (titles.randomElement(using: &random)!, names.randomElement(using: &random)!)
    let alice = world.devices.filter { $0.user == "alice" }.randomElement(using: &random)!
    let bob = world.devices.filter { $0.user == "bob" }.randomElement(using: &random)!
    let role = { (random: inout SplitMix64) in ShareRole.allCases.randomElement(using: &random)!.rawValue }
    let steps: [(CLIWorld.Device, (inout SplitMix64, [String]) -> [String])] = [
      (alice, { random, _ in ["share", game, "--role", role(&random)] }),
      (bob, { _, links in ["accept-share", links.last ?? "x"] }),
      (
        alice,
        { random, _ in
          [
            ["share", game, "--role", role(&random), "--for", "bob"],
            ["share", game, "--for", "bob", "--player", name],
            ["share", game, "--remove", "bob"], ["share", game, "--expires", "7d"],
            ["share", game, "--new-link"],
            ["share", game, "--role", role(&random)],
          ].randomElement(using: &random)!
        }
      ),
      (
        bob,
        { random, _ in
          [
            ["score", game, name, "+\(Int.random(in: 1...9, using: &random))"],
            ["round", game, "\(name)=2", "Bo=1"],
            ["round", game, "--fix", "1", "\(name)=5"], ["undo"], ["rename-player", game, name, "Robin"],
            ["finish", game], ["sync"],
          ].randomElement(using: &random)!
        }
      ),
    ]
    for (device, make) in steps {
      let arguments = make(&random, links)
      expectSound(try world.start(device, arguments)(), of: arguments, on: device, seed: seed, links: &links)
    }
  }

  /// Status 0 or 1, nothing printed that acts on a terminal (whatever the
  /// databases hold), no raw error; a link printed is kept.
  static func expectSound(
    _ result: ProcessResult, of arguments: [String], on device: CLIWorld.Device, seed: UInt64,
    links: inout [String]
  ) {
    #expect([0, 1].contains(result.status), "seed \(seed): \(device.name) \(arguments): \(result)")
    #expect(
      HostileTextTests.isSafe(result.stdout) && HostileTextTests.isSafe(result.stderr),
      "seed \(seed): \(device.name) \(arguments): \(result)")
    #expect(!result.stderr.contains("SQLITE_") && !result.stderr.contains("Fatal"), "seed \(seed): \(result)")
    if let link = result.stdout.split(separator: "\n").first(where: { $0.hasPrefix("https://") }) {
      links.append(String(link))
    }
  }

  static let photos = [
    TestImages.gif(width: 1, height: 1), TestImages.png(width: 2, height: 2),
    TestImages.jpeg(width: 3, height: 3),
  ]
  static let needCloud: Set = ["sync", "share", "accept-share", "leave"]
  static let titles = ["Poker", "Chess"]
  static let names = ["Ann", "Bo", "Cy"]
  static let teams = ["Owls", "Larks"]
  /// Imports of names the commands refuse (issue 44), by file name.
  static let hostileFiles = [
    "hostile.json":
      #"{"format": "scorekeeper-export", "version": 1, "games": [{"id": "0000aaaa", "title": "Poker", "players": [{"id": "0000bbbb", "name": "\u001b]0;owned\u0007\u001b[2J"}]}]}"#,
    "hostile.csv": "game,player,points,team\nPoker,Ann,5,\"Ow\u{202E}ls\"\n",
    "hostile.bgstats.json":
      #"{"games": [{"id": 1, "name": "Chess\u200b"}], "players": [{"id": 1, "name": "Ann"}], "plays": [{"uuid": "5B1E0C4A-1F6B-4C8E-9B1D-7A0C3E2F9A11", "gameRefId": 1, "playDate": "2026-10-02 19:30:00", "playerScores": [{"playerRefId": 1, "score": "3", "winner": true}]}]}"#,
  ]

  /// One random command for `device`, among every kind there is.
  static func command(
    for device: CLIWorld.Device, links: [String], in directory: TemporaryDirectory, random: inout SplitMix64
  ) -> [String] {
    let game = titles.randomElement(using: &random)!
    let name = names.randomElement(using: &random)!
    // Points as people enter them: whole, halves, thousandths (issue 45).
    let amount = Points.randomEntered(in: -5...9, using: &random)
    let choices: [[String]] = [
      ["add-game", game], ["add-player", game, name], ["add-player", game, name, "--score", "\(amount)"],
      ["score", game, name, amount.signed], ["score", game, name, "=\(amount)"],
      ["rename-game", game, titles.randomElement(using: &random)!],
      ["rename-player", game, name, names.randomElement(using: &random)!],
      ["remove-player", game, name, "--force"], ["delete-game", game, "--force"], ["undo"], ["list"],
      ["list", "--archived"], ["delete-game", game, "--archived", "--force"],
      ["list", game], ["history", game], ["sync"], ["status"],
      [
        "list", ["--in-progress", "--finished", "--most-players"].randomElement(using: &random)!, "--since",
        "7d",
      ],
      device.user == "alice" ? ["share", game] : ["leave", game, "--force"],
      device.user == "alice" ? ["share", game, "--stop", "--force"] : ["accept-share", links.last ?? "x"],
      // Roles (issue 49): bob's, the link's, bob removed, the link
      // expiring or replaced; bob then does what his role lets him.
      device.user == "alice"
        ? [
          "share", game, "--role", ShareRole.allCases.randomElement(using: &random)!.rawValue, "--for", "bob",
        ]
        : ["accept-share", links.last ?? "x"],
      device.user == "alice"
        ? ["share", game, "--for", "bob", "--player", name] : ["score", game, name, "+1"],
      device.user == "alice"
        ? ["share", game, "--role", ShareRole.allCases.randomElement(using: &random)!.rawValue]
        : ["round", game, "--fix", "1", "\(name)=\(amount)"],
      device.user == "alice" ? ["share", game, "--remove", "bob"] : ["share", game, "--people"],
      device.user == "alice"
        ? ["share", game, "--expires", ["7d", "never", "2h"].randomElement(using: &random)!]
        : ["history", game],
      device.user == "alice" ? ["share", game, "--new-link"] : ["accept-share", links.last ?? "x"],
      ["share", game, "--people", "--json"],
      ["set-photo", game, name, directory.file("photo\(Int.random(in: 0..<photos.count, using: &random))")],
      ["remove-photo", game, name], ["photo", game, name, "--output", directory.file("out-\(device.name)")],
      ["add-game", game, "--lowest-wins", "--target", "\(amount + 20)"], ["add-game", game, "--rounds", "3"],
      ["add-player", game, name, "--team", teams.randomElement(using: &random)!],
      ["round", game] + names.shuffled(using: &random).prefix(2).map { "\($0)=\(amount)" },
      ["round", game, "\(name)=\(amount)", "\(names.randomElement(using: &random)!)=\(amount + 1)"],
      ["round", game, "--fix", "\(Int.random(in: 1...3, using: &random))", "\(name)=\(amount)"],
      [
        "round", game, "--name", ["Military", "Science"].randomElement(using: &random)!, "\(name)=\(amount)",
      ],
      ["round", game, "--fix", "military", "\(name)=\(amount)"],
      ["add-game", game, "--result", "\(name)=\(amount)", "Zed=3", "--at", "2025-12-01T20:00"],
      ["add-game", game, "--result", "\(name)=\(amount)", "--winner", name],
      ["round", game, "\(name)=1", "--at", "2025-12-01T21:00"],
      // A team's own points (Spades), alone or beside a player's, and a
      // correction of them (`teamNight` makes the teams they need).
      ["round", game, "\(teams.randomElement(using: &random)!.uppercased())=\(amount)"],
      ["round", game, "\(teams.randomElement(using: &random)!)=\(amount)", "\(name)=1"],
      ["round", game, "--fix", "1", "\(teams.randomElement(using: &random)!.lowercased())=\(amount)"],
      ["score", game, teams.randomElement(using: &random)!, amount.signed],
      ["sheet", game], ["chart", game, "--ascii"],
      ["chart", game, "--svg", directory.file("chart-\(device.name).svg")],
      [
        "set-rules", game,
        ["--lowest-wins", "--highest-wins", "--no-target", "--no-rounds"].randomElement(using: &random)!,
      ],
      ["set-rules", game, "--target", "\(amount + 15)"],
      ["set-rules", game, "--win-by", "\(Int.random(in: 1...3, using: &random))"],
      ["set-rules", game, "--no-win-by"],
      ["add-game", game, "--target", "11", "--win-by", "2"], ["rematch", game],
      ["add-game", game, "--start", "\(amount + 20)", "--lowest-wins", "--target", "0", "--bust"],
      ["set-rules", game, ["--bust", "--no-bust"].randomElement(using: &random)!],
      ["round", game, "\(name)=\(Points.zero - amount)"],
      ["set-rules", game, "--rounds", "\(amount.floorWhole + 6)"],
      ["finish", game], ["finish", game, "--winner", name], ["reopen", game],
      ["finish", game, "--winner"] + names,
      ["finish", game, "--cooperative", ["won", "lost"].randomElement(using: &random)!],
      ["set-rules", game, ["--cooperative", "--competitive"].randomElement(using: &random)!],
      ["add-game", game, "--cooperative"], ["revive-game", game],
      ["set-team", game, name, teams.randomElement(using: &random)!], ["set-team", game, name, "--none"],
      ["leaderboard"], ["leaderboard", "--system", "elo"], ["stats"], ["stats", name],
      ["rating", name, "--explain"], ["rating", name, "--chart"],
      ["add-game", game, "--kind", ["Hearts", "hearts", "Chess"].randomElement(using: &random)!],
      ["set-rules", game, "--kind", ["Hearts", "Chess"].randomElement(using: &random)!],
      ["set-rules", game, "--no-kind"],
      ["kinds"], ["leaderboard", "--kind", "hearts"], ["stats", "--kind", "Chess"],
      // Kinds with rules: set (a built-in one, or the user's own with
      // round names and teams), forgotten, shown; a game of each.
      ["kinds", "--set", ["Hearts", "Quiz", "darts 501"].randomElement(using: &random)!]
        + [
          ["--target", "\(amount + 5)"], ["--no-target"], ["--rounds", "3"], ["--lowest-wins"],
          ["--teams", "2"],
        ].randomElement(using: &random)!,
      ["kinds", "--set", "Quiz", "--round-names", "Film, Music, \(name)", "--rounds", "4"],
      ["kinds", "--forget", ["Hearts", "Quiz"].randomElement(using: &random)!],
      ["kinds", ["Quiz", "Yahtzee", "hearts"].randomElement(using: &random)!, "--json"],
      ["kinds", "--builtin"],
      [
        "add-game", game, "--kind",
        ["Quiz", "Darts 501", "Yahtzee", "Spades"].randomElement(using: &random)!,
      ],
      ["people"], ["merge-people", name, names.randomElement(using: &random)!], ["split-person", name, game],
      ["rename-person", name, ["Robin", "Sam"].randomElement(using: &random)!],
      ["export", "--format", "csv"], ["export", game, "--format", "csv"],
      ["export", "--output", directory.file("export-\(device.name).json")],
      ["export", "--format", "csv", "--output", directory.file("export-\(device.name).csv")],
      // Any device's last export (or none yet: refused), into this one.
      ["import", directory.file("export-\(["a", "b", "bob"].randomElement(using: &random)!).json")],
      [
        "import", directory.file("export-\(["a", "b", "bob"].randomElement(using: &random)!).csv"),
        "--dry-run",
      ],
      // A BG Stats backup, its times in Berlin (Alice's: Bob's plays would be others).
      device.user == "alice"
        ? [
          "import", directory.file("bgstats-\(Int.random(in: 0..<3, using: &random)).json"), "--time-zone",
          "Europe/Berlin",
        ] + (Bool.random(using: &random) ? ["--dry-run"] : []) : ["stats"],
      ["set-rules", game, ["--not-counted", "--counted"].randomElement(using: &random)!],
      // A file with names the commands refuse, by each format: refused whole.
      ["import", directory.file(hostileFiles.keys.sorted().randomElement(using: &random)!)],
      ["backup", directory.file("backup-\(device.name)")],
      ["backup", directory.file("backup-\(device.name)"), "--force"],
    ]
    return choices.randomElement(using: &random)!
  }
}

/// Three devices' databases and one mock cloud in a directory of their own.
struct CLIWorld {
  struct Device {
    let name: String
    let user: String
    let number: Int
  }

  let directory: TemporaryDirectory
  /// The cloud every device syncs with: a mock cloud's file here, or a
  /// live server's connection string.
  let cloud: String
  /// Variables every process gets besides the defaults.
  let environment: [String: String]
  private var restores = 0
  private(set) var devices = [
    Device(name: "a", user: "alice", number: 1), Device(name: "b", user: "alice", number: 2),
    Device(name: "bob", user: "bob", number: 3), Device(name: "bob2", user: "bob", number: 4),
  ]

  init(cloud: String? = nil, environment: [String: String] = [:]) throws {
    directory = try TemporaryDirectory()
    self.cloud = cloud ?? directory.file("cloud.sqlite")
    self.environment = environment
  }

  func start(_ device: Device, _ arguments: [String], environment extra: [String: String] = [:]) throws
    -> () throws -> ProcessResult
  {
    try process(device, arguments, environment: extra).startCapturing(in: directory, name: UUID().uuidString)
  }

  /// The binary run as `device`; `pipedTo` a shell command reading its output.
  func process(
    _ device: Device, _ arguments: [String], environment extra: [String: String] = [:], pipedTo: String? = nil
  ) -> Process {
    let process = Process()
    let command =
      [SharedCopies.builtBinary, "--db", directory.file("\(device.name).sqlite"), "--user", device.user]
      + arguments
    if let pipedTo {
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", "timeout 60 \"$@\" | \(pipedTo)", "sh"] + command
    } else {
      process.executableURL = URL(fileURLWithPath: command[0])
      process.arguments = Array(command.dropFirst())
    }
    process.environment = binaryEnvironment().merging([
      "SCOREKEEPER_CLOUD": cloud, "SCOREKEEPER_DEVICE": "\(device.number)",
    ]) { $1 }.merging(environment) { $1 }.merging(extra) { $1 }
    return process
  }

  /// Copies `device`'s database and its log while no command runs, as the
  /// README says: the copy is a new device of the same user (with a
  /// device number of its own, as deterministic ids need).
  mutating func copy(_ device: Device) throws -> Device {
    let number = devices.count + 1
    let copy = Device(name: "\(device.name)-copy\(number)", user: device.user, number: number)
    let (from, to) = (directory.file("\(device.name).sqlite"), directory.file("\(copy.name).sqlite"))
    // (Absent when the device never opened its database.)
    if FileManager.default.fileExists(atPath: from) {
      try copyDatabase(from: from, to: to)
    }
    devices.append(copy)
    return copy
  }

  /// Restores `device`'s backup over its database with `restore`: the
  /// restored file is a device of its own, so it takes a device number of
  /// its own (deterministic ids are made from it).
  /// (The restore claims the new file's device id, so it runs under the
  /// new number.)
  mutating func restore(_ device: Device) throws -> ProcessResult {
    restores += 1
    let restored = Device(name: device.name, user: device.user, number: 100 + restores)
    devices[devices.firstIndex { $0.name == device.name }!] = restored
    return try start(restored, ["restore", directory.file("backup-\(device.name)")])()
  }

  /// `command` (a watch or a server, which runs until stopped) on
  /// `device`, its output in a file.
  func startFollowing(_ command: [String], on device: Device) throws -> (process: Process, output: String) {
    let follower = process(device, command)
    let name = "follower-" + UUID().uuidString
    _ = try follower.startCapturing(in: directory, name: name)
    return (follower, directory.file(name + ".out"))
  }

  /// The watch's last line comes to equal the first line of a watch
  /// started now on the same device (30 s at most), and the watch stops
  /// cleanly on SIGTERM.
  func expectWatch(_ watch: (process: Process, output: String), on device: Device, seed: UInt64) throws {
    // (Offline: everything is synced by now, and its first line is all it shows.)
    let fresh = try process(device, ["--offline", "watch", "--json"], pipedTo: "head -n 1").startCapturing(
      in: directory, name: UUID().uuidString)()
    let expected = fresh.stdout.replacing(/,"changedAt":"[^"]*"}/, with: "}")
    let last = try Polling.value(
      every: 0.05,
      {
        let lines = try String(contentsOfFile: watch.output, encoding: .utf8).split(separator: "\n")
        return lines.last.map { String($0).replacing(/,"changedAt":"[^"]*"}/, with: "}") + "\n" } ?? ""
      }
    ) { $0 == expected }
    #expect(
      !expected.isEmpty && last == expected, "seed \(seed): the watch on \(device.name) ended elsewhere")
    let errors = try String(contentsOfFile: watch.output.replacing(/\.out$/, with: ".err"), encoding: .utf8)
    #expect(watch.process.isRunning, "seed \(seed): the watch on \(device.name) ended by itself: \(errors)")
  }

  /// The server's `/api/games` and each game's `/api/game/ID` come to
  /// answer what `list --json` and `list GAME --json` print on the same
  /// device now (30 s at most), and the server is still running.
  func expectServe(_ serve: (process: Process, output: String), on device: Device, seed: UInt64) throws {
    let printed = try String(contentsOfFile: serve.output, encoding: .utf8)
    let port = try #require(printed.firstMatch(of: /:(\d+)\//).map { Int($0.output.1)! }, "seed \(seed)")
    func canonical(_ value: Any) throws -> String {
      String(
        decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
    }
    func answer(_ path: String) throws -> String {
      let body = ParsedResponse(try RawHTTPClient.request(port: port, path)).body
      return (try? canonical(try JSONSerialization.jsonObject(with: Data(body.utf8)))) ?? body
    }
    let list = try json(device, ["list"]) as! [String: Any]
    let ids = (list["games"] as! [[String: Any]]).map { $0["id"] as! String }
    let expected = try [canonical(list)] + ids.map { try canonical(try json(device, ["list", $0])) }
    let served = try Polling.value(
      every: 0.05,
      {
        try [answer("/api/games")] + ids.map { try answer("/api/game/\($0)") }
      }
    ) { $0 == expected }
    #expect(served == expected, "seed \(seed): the server on \(device.name) answers otherwise")
    let errors = try String(contentsOfFile: serve.output.replacing(/\.out$/, with: ".err"), encoding: .utf8)
    #expect(serve.process.isRunning, "seed \(seed): the server on \(device.name) ended by itself: \(errors)")
  }

  func json(_ device: Device, _ arguments: [String]) throws -> Any {
    let result = try start(device, ["--json"] + arguments)()
    #expect(result.status == 0, "\(device.name) \(arguments): \(result)")
    return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
  }

  /// What `device` holds, read in this process from its database file
  /// through the core: the documents `list --json`, `list GAME --json`
  /// and `sheet GAME --json` print (every game by id: its standings with
  /// its rules, state and teams, and its score sheet), and the folds over
  /// its finished games (both leaderboards, stats) with its kinds (and
  /// their rules) and people. The commands print these same core values:
  /// read here, the check costs no process (it took about 50 a seed, four
  /// fifths of them).
  func holdings(of device: Device) throws -> (games: [String: [String]], boards: [String]) {
    let store = try Store(
      path: directory.file("\(device.name).sqlite"),
      dependencies: Dependencies(
        uuid: .incrementing(startingAt: 1 << 60), clock: .constant(testNow),
        device: .device(UInt64(device.number))))
    defer { store.close() }
    var games: [String: [String]] = [:]
    for entry in try store.gamesOverview().games {
      let id = entry.summary.game.id
      games[id] = [
        try store.gameStandings(of: id).json.compactText, try store.sheet(of: id).json.compactText,
      ]
    }
    let counted = try store.countedGames()
    let boards = [
      Leaderboard(folding: counted.games, system: .openskill).json(of: counted).compactText,
      Leaderboard(folding: counted.games, system: .elo).json(of: counted).compactText,
      Statistics(of: counted.games).json(over: counted).compactText,
      "\(try store.kinds())", PersonSummary.json(try store.people.all()).compactText,
      // The user's kinds and their rules reach every device of theirs.
      JSON.array(try store.kindRules.own().map(\.json)).compactText,
      // Read-only copies are each device's own (one that never held a
      // game keeps none), and `people` counts them: the boards agree
      // between devices that keep the same copies.
      "archived \(try store.archivedGames().map(\.summary.game.id).sorted())",
    ]
    return (games, boards)
  }

  /// Syncs every device twice over, then: alice's devices hold the same
  /// games; every game bob holds, alice holds alike.
  func expectConvergence(seed: UInt64) throws {
    for _ in 0..<2 {
      for device in devices {
        let result = try start(device, ["sync"])()
        #expect(result.status == 0, "seed \(seed): final sync on \(device.name): \(result)")
      }
    }
    // Every device of a user holds what the user's first device holds;
    // every game bob holds, alice holds alike.
    var firsts: [String: [String: [String]]] = [:]
    var boards: [String: [String]] = [:]
    for device in devices {
      // Ratings and statistics are folds over the same finished games:
      // the same boards.
      let (games, board) = try holdings(of: device)
      guard let first = firsts[device.user] else {
        firsts[device.user] = games
        boards[device.user] = board
        continue
      }
      #expect(games == first, "seed \(seed): \(device.name) differs from \(device.user)'s first device")
      if board.last == boards[device.user]?.last {
        #expect(board == boards[device.user], "seed \(seed): \(device.name)'s leaderboards differ")
      }
    }
    let alice = firsts["alice"] ?? [:]
    for (id, standings) in firsts["bob"] ?? [:] where alice[id] != nil {
      #expect(standings == alice[id], "seed \(seed): bob's copy of \(id) differs from alice's")
    }
    try expectAccess(seed: seed)
  }

  /// The access oracle (issue 49): each of alice's shared games is on
  /// bob's devices exactly when her share says he is in it, with the role
  /// it gives him; removed, invited again or gone, he holds none of it.
  func expectAccess(seed: UInt64) throws {
    guard let alice = devices.first(where: { $0.user == "alice" }) else { return }
    let shared = (try json(alice, ["list"]) as! [String: Any])["games"] as! [[String: Any]]
    var expected: [String: String] = [:]
    for game in shared where game["isShared"] as? Bool == true {
      let id = game["id"] as! String
      let people =
        (try json(alice, ["share", id, "--people"]) as! [String: Any])["people"] as! [[String: Any]]
      if let bob = people.first(where: { $0["user"] as? String == "bob" }),
        bob["status"] as? String == "joined",
        let role = (bob["role"] as? String).flatMap(ShareRole.init(rawValue:))
      {
        expected[id] = role.permission.rawValue
      }
    }
    for device in devices where device.user == "bob" {
      let games = (try json(device, ["list"]) as! [String: Any])["games"] as! [[String: Any]]
      let held = Dictionary(
        uniqueKeysWithValues: games.filter { $0["owner"] as? String == "alice" }.map {
          ($0["id"] as! String, $0["permission"] as! String)
        })
      #expect(
        held == expected, "seed \(seed): \(device.name) holds alice's games with other roles than hers say")
    }
  }
}
