import Foundation
import ScorekeeperTestSupport
import Testing

/// The primary killed during scoring by several devices, each a process
/// of the binary, and a standby that was behind promoted (issue 50): the
/// commands go on (their syncs fail, then find the new primary through
/// the same multi-host string), none runs on past its syncs' deadlines,
/// and after the dust settles every device agrees with every other, with
/// each device's every score counted.
@Suite(.tags(.process, .postgres), .runAsTagged(hardTimeLimit: 180)) struct FailoverProcessTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// Scores each device makes on its own player, one every 0.1 s.
  static let scores = 12

  static let historyWarning = HistoryWentBackProcessTests.warning

  @Test(
    "devices scoring while the primary dies and a standby that was behind takes over: all converge, nothing lost"
  )
  func scoringThroughFailover() throws {
    let pair = try TestStandbyPair()
    try pair.ensureUser("alice")
    // Real time and ids: an outage's retry falls due as the clock moves.
    let devices = (1...3).map { number in
      BinaryProcess(
        directory: directory,
        overrides: [
          "SCOREKEEPER_DB": directory.file("device-\(number).sqlite"), "SCOREKEEPER_DEVICE": String(number),
          "SCOREKEEPER_CLOUD": pair.primaryConnectionString(user: "alice"),
        ], unset: ["SCOREKEEPER_IDS", "SCOREKEEPER_NOW"])
    }
    var setUp = [(devices[0], ["add-game", "Club"])]
    setUp += (1...3).map { (devices[0], ["add-player", "Club", "P\($0)"]) }
    setUp += devices.dropFirst().map { ($0, ["sync"]) }
    for (device, arguments) in setUp {
      let result = try device.run(arguments)
      guard result.status == 0, result.stderr.isEmpty else { throw SetUpFailure("\(arguments): \(result)") }
    }
    try pair.waitForStandby()
    // From here the primary alone has what is sent: lost with it.
    try pair.holdStandbyBehind()

    // Each device a shell loop: a line per score, its exit status and the
    // milliseconds it took (stderr, the commands' warnings, kept apart).
    let loop = """
      for _ in $(seq \(Self.scores)); do
        start=$(date +%s%3N)
        "$0" score Club "$1" +1 >/dev/null
        status=$?
        echo "$status $(( $(date +%s%3N) - start ))"
        sleep 0.1
      done
      """
    let scorers = try devices.enumerated().map { index, device in
      try device.startShell(loop, name: "scorer-\(index + 1)", arguments: ["P\(index + 1)"])
    }
    usleep(700_000)
    try pair.crashPrimary()
    usleep(700_000)
    try pair.promoteStandby()
    let results = try scorers.map { try $0() }
    let runs = results.map { result in
      result.stdout.split(separator: "\n").map { line in
        let fields = line.split(separator: " ")
        return (status: Int32(fields[0])!, seconds: Double(fields[1])! / 1000)
      }
    }
    #expect(
      runs.map { $0.map(\.status) } == Array(repeating: Array(repeating: 0, count: Self.scores), count: 3))
    // A score's two automatic syncs may wait 2 s each; a command waiting
    // on a dead server with no deadline would run on to the test's limit.
    let slowest = runs.joined().map(\.seconds).max() ?? 0
    #expect(slowest < 15, "a score took \(slowest) s")
    // The dust settles: each device syncs, then each once more.
    let settling = try (0..<2).map { _ in try devices.map { try $0.run(["sync"]) } }
    #expect(settling.joined().map(\.status) == Array(repeating: 0, count: 6))
    // Each device found the history gone back, and said so once: while
    // scoring, or (had its retry not fallen due by then) at its sync. What
    // else it said is that a sync failed while there was no primary.
    for (index, result) in results.enumerated() {
      let said = (result.stderr + settling[0][index].stderr + settling[1][index].stderr)
        .split(separator: "\n")
      #expect(said.filter { $0 == Self.historyWarning }.count == 1, "\(said)")
      #expect(
        said.allSatisfy { $0 == Self.historyWarning || $0.hasPrefix("warning: not synced: ") }, "\(said)")
    }
    let sheets = try devices.map { try $0.run(["list", "Club", "--json"]).stdout }
    #expect(sheets[1] == sheets[0] && sheets[2] == sheets[0])
    for number in 1...3 {
      #expect(sheets[0].contains(#""name": "P\#(number)", "score": \#(Self.scores)"#), "\(sheets[0])")
    }
    for device in devices {
      #expect(
        try device.run(["sync"]) == ProcessResult(status: 0, stdout: "0 sent, 0 received.\n", stderr: ""))
    }
  }
}
