import Foundation
import Glibc
import ScorekeeperCore
import ThrowawayPostgres

/// Issue 50's "200 followers on one server": that many `watch GAME
/// --json`, each a device with its own database, following one game on a
/// server sized as Docs/deployment.md says (`max_connections` = followers
/// + 30). Rows: the server connections they hold (one each at most), how
/// soon all of them show one score (from the score's exit, as the watch
/// latency row counts), and the memory each holds.
enum FollowersBench {
  static let followers = 200

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
    let held =
      try PGConnection(server.connectionString()).query(
        "SELECT count(*) FROM pg_stat_activity WHERE datname = $1 AND usename = $2",
        [database, LiveBench.user]
      ).scalar.flatMap { Int($0) } ?? -1
    try ProcessTimer.run(device("scorer") + ["score", "Club", "Ann", "+1"])
    let arrivals = try nextLines(of: watches, from: Deadline.now(), within: 30)
    let sizes = watches.map { residentMiB($0.pid) }.sorted()
    var missed: [String] = []
    let fewConnections = held <= followers
    if !fewConnections { missed.append("server connections of \(followers) followers") }
    print(
      pad("  server connections held", 34) + pad("\(held)", 10)
        + "≤ \(followers) (one each) \(fewConnections ? "ok" : "MISSED")")
    let (middle, last) = (arrivals.isEmpty ? .infinity : median(arrivals), arrivals.max() ?? .infinity)
    let heard = arrivals.count == followers && middle <= 1000 && last <= 5000
    if !heard { missed.append("\(followers) followers showing a score") }
    print(
      pad("  showed the score", 34) + pad("\(arrivals.count)", 10)
        + "median \(format(middle)) ms, last \(format(last)) ms (≤ 1000 / 5000 ms) \(heard ? "ok" : "MISSED")"
    )
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

  /// A process's resident memory, from /proc.
  static func residentMiB(_ pid: pid_t) -> Double {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
      let kilobytes = Double(line.split(separator: " ")[1])
    else { return 0 }
    return kilobytes / 1024
  }
}
