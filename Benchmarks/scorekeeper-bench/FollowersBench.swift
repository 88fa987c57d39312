import Foundation
import Glibc
import ScorekeeperCore
import ThrowawayPostgres

/// Issue 50's "200 followers on one server": that many `watch GAME
/// --json`, each a device with its own database, following one game on a
/// server sized as Docs/deployment.md says (`max_connections` = followers
/// + 30). Rows: the server connections they hold (one each at most), how
/// soon all of them show a score (from the `score` command's start; the
/// 200 followers share this machine's cores with the server, where a
/// club's run on machines of their own), and what each costs the server
/// (CPU for each change, memory) and its own machine (memory).
enum FollowersBench {
  static let followers = 200
  static let scores = 5

  static func run(scorekeeper: String, directory: String) throws -> [String] {
    print("\n\(followers) followers (watch GAME --json, a database each) of one game on one server:")
    let server = try TestPostgres.started(settings: ["max_connections=\(followers + 30)"])
    try server.ensureUser(LiveBench.user)
    let database = try server.newCloudDatabase()
    func device(_ name: String) -> [String] {
      [
        scorekeeper, "--db", directory + "/follower-\(name).sqlite", "--cloud",
        server.connectionString(database: database, user: LiveBench.user), "--user", LiveBench.user,
      ]
    }
    try ProcessTimer.run(device("scorer") + ["add-game", "Club"])
    try ProcessTimer.run(device("scorer") + ["add-player", "Club", "Ann"])
    let restoreInstances = try inotifyInstancesFor(followers)
    defer { restoreInstances() }
    for index in 0..<followers { try ProcessTimer.run(device("\(index)") + ["sync"]) }
    let watches = try (0..<followers).map {
      try Spawned(
        device("\($0)") + ["watch", "Club", "--json"], errors: directory + "/follower-\($0).err")
    }
    defer { watches.forEach { $0.stop() } }
    if let silent = watches.indices.first(where: { watches[$0].line(within: 120) == nil }) {
      let words = (try? String(contentsOfFile: directory + "/follower-\(silent).err", encoding: .utf8)) ?? ""
      throw BenchError("follower \(silent) showed nothing within 120 s: \(words)")
    }
    let backends = try PGConnection(server.connectionString()).query(
      "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND usename = $2", [database, LiveBench.user]
    ).rows.compactMap { $0[0].flatMap { pid_t($0) } }
    let held = backends.count
    // From each score's start: a follower may show it before the score's
    // process has exited (it is committed, then the process ends).
    var arrivals: [Double] = []
    var complete = true
    let serverTicks = { backends.map { LiveStandingsBench.ticks($0) }.reduce(0, +) }
    let ticksBefore = serverTicks()
    for _ in 0..<scores {
      let started = Deadline.now()
      try ProcessTimer.run(device("scorer") + ["score", "Club", "Ann", "+1"])
      let heard = try nextLines(of: watches, from: started, within: 30)
      complete = complete && heard.count == followers
      arrivals += heard
    }
    // (The score's own backend is not among them: it is counted apart.)
    let serverCPU =
      Double(serverTicks() - ticksBefore) / Double(sysconf(Int32(_SC_CLK_TCK))) * 1000
      / Double(followers * scores)
    let sizes = watches.map { mebibytes($0.pid, "status", "VmRSS") }.sorted()
    var missed: [String] = []
    let fewConnections = held <= followers
    if !fewConnections { missed.append("server connections of \(followers) followers") }
    print(
      pad("  server connections held", 34) + pad("\(held)", 10)
        + "≤ \(followers) (one each) \(fewConnections ? "ok" : "MISSED")")
    let (middle, last) = (arrivals.isEmpty ? .infinity : median(arrivals), arrivals.max() ?? .infinity)
    let heard = complete && middle <= 2000 && last <= 5000
    if !heard { missed.append("\(followers) followers showing a score") }
    print(
      pad("  showed each of \(scores) scores", 34) + pad("\(arrivals.count / scores)", 10)
        + "median \(format(middle)) ms, last \(format(last)) ms from the score's start (≤ 2000 / 5000 ms) "
        + (heard ? "ok" : "MISSED")
    )
    print(
      pad("  server CPU a follower, a change", 34) + pad(format(serverCPU) + " ms", 10)
        + "(its backend's user and system time)")
    let serverSizes = backends.map { mebibytes($0, "smaps_rollup", "Pss") }.sorted()
    print(
      pad("  server memory of each (PSS)", 34) + pad(format(median(serverSizes)) + " MiB", 10)
        + "largest \(format(serverSizes.last ?? 0)) MiB (its backend process, shared pages divided)")
    print(
      pad("  memory of each (resident)", 34) + pad(format(median(sizes)) + " MiB", 10)
        + "largest \(format(sizes.last ?? 0)) MiB")
    return missed
  }

  /// Milliseconds from `start` to each process's next line, for those that
  /// wrote one within `seconds`: all read at once, so a slow one does not
  /// delay the time taken of the others.
  static func nextLines(of processes: [Spawned], from start: Double, within seconds: Double) throws
    -> [Double]
  {
    var waiting = Set(processes.indices)
    var arrivals: [Double] = []
    let deadline = Deadline.after(seconds)
    while !waiting.isEmpty && !deadline.hasPassed {
      var entries = waiting.sorted().map {
        pollfd(fd: processes[$0].output, events: Int16(POLLIN), revents: 0)
      }
      guard poll(&entries, nfds_t(entries.count), 100) >= 0 else { throw BenchError("poll: errno \(errno)") }
      let now = Deadline.now()
      for (index, entry) in zip(waiting.sorted(), entries) where entry.revents != 0 {
        guard processes[index].line(within: 1) != nil else { continue }
        arrivals.append((now - start) * 1000)
        waiting.remove(index)
      }
    }
    return arrivals
  }

  /// A watch takes an inotify instance (to see its own database change),
  /// and a user may have 128 by default: more than that many followers
  /// of one user on one machine need the limit raised (as root), which
  /// followers on machines of their own do not. Returns what puts the
  /// limit back.
  static func inotifyInstancesFor(_ count: Int) throws -> () -> Void {
    let path = "/proc/sys/fs/inotify/max_user_instances"
    let text = try String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(
      in: .whitespacesAndNewlines)
    guard let limit = Int(text), limit < count + 64 else { return {} }
    guard geteuid() == 0 else {
      throw BenchError(
        "\(count) watches of one user need \(path) above \(count); it is \(limit) (raise it as root)")
    }
    try String(count + 64).write(toFile: path, atomically: false, encoding: .utf8)
    print("  (\(path) raised from \(limit) to \(count + 64) for this row, put back after it)")
    return { try? text.write(toFile: path, atomically: false, encoding: .utf8) }
  }

  /// A process's memory from /proc, in MiB: the `field` (in kB) of its
  /// `file`: `status`'s VmRSS (resident), or `smaps_rollup`'s Pss (its
  /// own pages and its share of those it shares: what a server backend
  /// costs).
  static func mebibytes(_ pid: pid_t, _ file: String, _ field: String) -> Double {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/\(file)", encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
      let kilobytes = line.dropFirst(field.count + 1).split(whereSeparator: \.isWhitespace).first
        .flatMap({ Double($0) })
    else { return 0 }
    return kilobytes / 1024
  }
}
