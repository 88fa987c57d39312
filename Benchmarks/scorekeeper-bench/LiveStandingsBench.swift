import Foundation
import Glibc
import ScorekeeperCore
import ScorekeeperHarness
import ThrowawayPostgres

/// `watch` and `serve` (issue 34): how soon a score made on one device
/// shows on another's watch (on the mock's file and on a live server,
/// beside the same on one device), how idle a waiting watch and serve
/// are, how fast 200 event-stream clients of one serve hear of a change,
/// and how many `/api/game/ID` requests one serve answers a second
/// (beside `list GAME --json` as a process).
enum LiveStandingsBench {
  static func run(scorekeeper: String, directory: String, runs: Int, server: TestPostgres) throws -> [String]
  {
    var missed: [String] = []
    print("\nLive standings: from a score's exit to the change on a watch, \(runs) scores each")
    print(
      "(the change often shows before the score's process has exited: it is sent and committed first; "
        + "\"from start\" counts the whole score command)")
    print(pad("", 34) + pad("median", 10) + pad("95th", 10) + pad("from start", 12) + "target")
    let database = try server.newCloudDatabase()
    let live = server.connectionString(database: database, user: LiveBench.user)
    for (name, cloud, targets) in [
      ("mock cloud, another device", directory + "/watch-cloud.sqlite", (300.0, 500.0)),
      ("live server, another device", live, (100.0, 300.0)),
    ] {
      let scorer = [
        scorekeeper, "--db", directory + "/watch-a-\(name.count).sqlite", "--cloud", cloud, "--user",
        LiveBench.user,
      ]
      let watcher = [
        scorekeeper, "--db", directory + "/watch-b-\(name.count).sqlite", "--cloud", cloud, "--user",
        LiveBench.user,
      ]
      try ProcessTimer.run(scorer + ["add-game", "Poker"])
      try ProcessTimer.run(scorer + ["add-player", "Poker", "Ann"])
      try ProcessTimer.run(watcher + ["sync"])
      for (label, watching, target) in [
        ("  same device (baseline)", scorer, nil), ("  " + name, watcher, targets),
      ] as [(String, [String], (Double, Double)?)] {
        let (latencies, fromStart) = try latency(
          scorer: scorer, watcher: watching + ["watch", "Poker", "--json"], runs: runs)
        let (middle, high) = (median(latencies), percentile(latencies, 0.95))
        var line =
          pad(label, 34) + pad(format(middle) + " ms", 10) + pad(format(high) + " ms", 10)
          + pad(format(median(fromStart)) + " ms", 12)
        if let target {
          let met = middle <= target.0 && high <= target.1
          line += "≤ \(Int(target.0)) / \(Int(target.1)) ms \(met ? "ok" : "MISSED")"
          if !met { missed.append("watch latency, \(name)") }
        }
        print(line)
      }
    }
    missed += try idle(scorekeeper: scorekeeper, directory: directory, live: live)
    missed += try serveRows(scorekeeper: scorekeeper, directory: directory, runs: runs)
    return missed
  }

  /// Milliseconds from each `score`'s exit, and from its start, to the
  /// watch's next line.
  static func latency(scorer: [String], watcher: [String], runs: Int) throws -> ([Double], [Double]) {
    let watch = try Spawned(watcher)
    defer { watch.stop() }
    guard watch.line(within: 30) != nil else { throw BenchError("the watch printed nothing") }
    var (latencies, fromStart): ([Double], [Double]) = ([], [])
    for index in 0..<runs {
      let started = Deadline.now()
      try ProcessTimer.run(scorer + ["score", "Poker", "Ann", index % 2 == 0 ? "+1" : "-1"])
      let exited = Deadline.now()
      guard watch.line(within: 30) != nil else { throw BenchError("the watch missed a change") }
      let seen = Deadline.now()
      latencies.append((seen - exited) * 1000)
      fromStart.append((seen - started) * 1000)
    }
    return (latencies, fromStart)
  }

  /// Share of a core an idle watch and an idle serve use over 60 s, from
  /// /proc, beside `sleep`'s.
  static func idle(scorekeeper: String, directory: String, live: String) throws -> [String] {
    let command = [
      scorekeeper, "--db", directory + "/idle.sqlite", "--cloud", live, "--user", LiveBench.user,
    ]
    try ProcessTimer.run(command + ["add-game", "Poker"])
    let processes = [
      ("sleep (baseline)", try Spawned(["sleep", "70"])),
      ("watch GAME, live", try Spawned(command + ["watch", "Poker", "--json"])),
      ("serve, live", try Spawned(command + ["serve", "--port", "0"])),
    ]
    defer { processes.forEach { $0.1.stop() } }
    for (_, process) in processes.dropFirst() { _ = process.line(within: 30) }
    let before = processes.map { ticks($0.1.pid) }
    sleep(60)
    let after = processes.map { ticks($0.1.pid) }
    print("\nIdle for 60 s, share of one core (/proc, utime + stime):")
    var missed: [String] = []
    for (index, (name, _)) in processes.enumerated() {
      let share = Double(after[index] - before[index]) / Double(sysconf(Int32(_SC_CLK_TCK))) / 60 * 100
      let target = index == 0 ? "" : "≤ 1% " + (share < 1 ? "ok" : "MISSED")
      if index > 0 && share >= 1 { missed.append("idle \(name)") }
      print(pad("  " + name, 34) + pad(format(share) + " %", 10) + target)
    }
    return missed
  }

  /// 200 event-stream clients of one serve, and requests a second.
  static func serveRows(scorekeeper: String, directory: String, runs: Int) throws -> [String] {
    let command = [scorekeeper, "--offline", "--db", directory + "/serve.sqlite"]
    try ProcessTimer.run(command + ["add-game", "Big"])
    for number in 1...100 { try ProcessTimer.run(command + ["add-player", "Big", "Player \(number)"]) }
    let serve = try Spawned(command + ["serve", "--port", "0"])
    defer { serve.stop() }
    guard let address = serve.line(within: 30),
      let port = address.firstMatch(of: /:(\d+)\//).map({ Int($0.output.1)! })
    else { throw BenchError("serve printed no address") }
    let list = try Spawned(command + ["--json", "list"])
    var listed = ""
    while let line = list.line(within: 30) { listed += line }
    list.stop()
    guard let id = try JSON.parse(listed)["games"]?.arrayValue?.first?["id"]?.stringValue else {
      throw BenchError("no game listed")
    }
    var clients: [RawHTTPClient] = []
    for _ in 0..<200 {
      let client = try RawHTTPClient(port: port)
      client.send("GET /game/\(id)/events HTTP/1.1\r\nHost: localhost\r\n\r\n")
      clients.append(client)
    }
    for client in clients { _ = client.read(within: 30, until: RawHTTPClient.hasEvent) }
    try ProcessTimer.run(command + ["score", "Big", "Player 7", "+1"])
    let scored = Deadline.now()
    var arrivals: [Double] = []
    for client in clients where RawHTTPClient.hasEvent(client.read(within: 5, until: RawHTTPClient.hasEvent))
    {
      arrivals.append((Deadline.now() - scored) * 1000)
    }
    print("\nserve, a game of 100 players:")
    var missed: [String] = []
    let last = arrivals.max() ?? .infinity
    let allHeard = arrivals.count == clients.count && last <= 1000
    if !allHeard { missed.append("200 event-stream clients within 1 s") }
    print(
      pad("  200 event streams: heard of it", 34) + pad("\(arrivals.count)", 10)
        + "last after \(format(last)) ms (≤ 1000 ms) \(allHeard ? "ok" : "MISSED")")
    // Requests a second on one keep-alive connection, for 3 s.
    let client = try RawHTTPClient(port: port)
    let started = Deadline.now()
    var answered = 0
    while Deadline.now() - started < 3 {
      client.send("GET /api/game/\(id) HTTP/1.1\r\nHost: localhost\r\n\r\n")
      try expectResponse(client)
      answered += 1
    }
    let rate = Double(answered) / (Deadline.now() - started)
    let process = median(
      try (0..<runs).map { _ in try ProcessTimer.milliseconds(command + ["list", id, "--json"]) })
    let met = rate >= 2000
    if !met { missed.append("/api/game/ID requests a second") }
    print(
      pad("  /api/game/ID, keep-alive", 34) + pad("\(Int(rate))/s", 10)
        + "≥ 2000/s \(met ? "ok" : "MISSED"); "
        + "list GAME --json as a process: \(format(process)) ms (\(Int(1000 / process))/s)")
    return missed
  }

  static func percentile(_ values: [Double], _ share: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count) * share).rounded(.up)) - 1)]
  }

  static func ticks(_ pid: pid_t) -> Int {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = text.lastIndex(of: ")")
    else { return 0 }
    let fields = text[text.index(after: close)...].split(separator: " ")
    // utime and stime: fields 14 and 15, counted from the pid.
    return (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
  }
}

/// A process started with its stdout on a pipe this one reads line by line.
final class Spawned {
  let pid: pid_t
  /// The read end of its standard output.
  let output: Int32
  private var buffer: [UInt8] = []

  /// Runs `arguments`, its standard error to the file `errors` (none
  /// kept without one).
  init(_ arguments: [String], errors: String = "/dev/null") throws {
    var pipe: [Int32] = [0, 0]
    guard Glibc.pipe(&pipe) == 0 else { throw BenchError("pipe failed") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
    posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_APPEND, 0o644)
    posix_spawn_file_actions_addclose(&actions, pipe[0])
    var pid: pid_t = 0
    let argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let status = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ)
    posix_spawn_file_actions_destroy(&actions)
    close(pipe[1])
    guard status == 0 else { throw BenchError("cannot start \(arguments[0])") }
    self.pid = pid
    output = pipe[0]
  }

  /// The next line it writes, or nil after `seconds`.
  func line(within seconds: Double) -> String? {
    let deadline = Deadline.after(seconds)
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      if let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: buffer[..<end], as: UTF8.self)
        buffer.removeFirst(end + 1)
        return line
      }
      var entry = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
      guard !deadline.hasPassed, poll(&entry, 1, 100) >= 0 else { return nil }
      if entry.revents != 0 {
        let count = read(output, &chunk, chunk.count)
        if count <= 0 { return nil }
        buffer += chunk[..<count]
      }
    }
  }

  func stop() {
    kill(pid, SIGTERM)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    close(output)
  }
}
