import Glibc
import ScorekeeperCore

// `make bench`: times whole scorekeeper processes against the sqlite3
// command-line tool doing the equivalent SQL on the same database, in the
// same run, and prints medians and ratios against the targets.
//
// Usage: scorekeeper-bench [--scorekeeper PATH] [--sqlite3 PATH] [--runs N]
//          [--sync-only | --bulk-only | --photos-only | --ratings-only | --import-only | --watch-only
//           | --attacks-only | --bgstats-only | --table-only | --tracking-only | --roles-only | --scale-out-only
//           | --flushes-only]
//        scorekeeper-bench cloud-writer …   (see CloudWriter.swift)

var arguments = CommandLine.arguments.dropFirst()
if arguments.first == "cloud-writer" {
  exit(try CloudWriter.run(Array(arguments.dropFirst())))
}
// The leaderboard rows' database, made at a path for working on them by
// hand (of a number of games: `list`'s row makes 10,000).
if arguments.first == "rating-database", let path = arguments.dropFirst().first {
  try RatingDatabase.create(
    at: path, games: arguments.dropFirst(2).first.flatMap { Int($0) } ?? RatingDatabase.games)
  exit(0)
}
var scorekeeper = siblingBinary("scorekeeper")
var sqlite3 = "sqlite3"
var runs = 40
// Only the sync engine and the live server's rows: for working on them,
// and what a whole run runs in a second process.
var syncOnly = false
// Only the bulk send and fetch rates: for working on throughput.
var bulkOnly = false
// Only the photo rows: for working on assets.
var photosOnly = false
// Only the rows on a league of 100,000 games (leaderboards, export, backup).
var ratingsOnly = false
// Only the import rows.
var importOnly = false
// Only the rows of watch and serve.
var watchOnly = false
// Only what issue 44's attacks cost serve and import.
var attacksOnly = false
// Only the BG Stats import row (issue 45).
var bgstatsOnly = false
// Only issue 48's rows (a result entered, chart, list's filters).
var tableOnly = false
var trackingOnly = false
// Only issue 49's rows (a scorer's online score, share --people).
var rolesOnly = false
// Only issue 50's rows (a score through PgBouncer, recovery after a promotion).
var scaleOutOnly = false
// Only issue 51's rows (flushes to disk per command, a slow disk).
var flushesOnly = false
while let argument = arguments.popFirst() {
  switch argument {
  case "--scorekeeper": scorekeeper = arguments.popFirst() ?? scorekeeper
  case "--sqlite3": sqlite3 = arguments.popFirst() ?? sqlite3
  case "--runs": runs = arguments.popFirst().flatMap { Int($0) } ?? runs
  case "--sync-only": syncOnly = true
  case "--bulk-only": (syncOnly, bulkOnly) = (true, true)
  case "--photos-only": photosOnly = true
  case "--ratings-only": ratingsOnly = true
  case "--import-only": importOnly = true
  case "--watch-only": (syncOnly, watchOnly) = (true, true)
  case "--attacks-only": attacksOnly = true
  case "--bgstats-only": bgstatsOnly = true
  case "--table-only": tableOnly = true
  case "--tracking-only": trackingOnly = true
  case "--roles-only": (syncOnly, rolesOnly) = (true, true)
  case "--scale-out-only": (syncOnly, scaleOutOnly) = (true, true)
  case "--flushes-only": (syncOnly, flushesOnly) = (true, true)
  default:
    print(
      "usage: scorekeeper-bench [--scorekeeper PATH] [--sqlite3 PATH] [--runs N] [--sync-only | --bulk-only | --photos-only | --ratings-only | --import-only | --watch-only | --attacks-only | --bgstats-only | --table-only | --tracking-only | --roles-only | --scale-out-only | --flushes-only]"
    )
    exit(2)
  }
}

func siblingBinary(_ name: String) -> String {
  let me = CommandLine.arguments[0]
  guard let slash = me.lastIndex(of: "/") else { return name }
  return String(me[...slash]) + name
}

var template = Array("/tmp/scorekeeper-bench.XXXXXX".utf8CString)
guard let created = mkdtemp(&template) else { fatalError("mkdtemp failed") }
let directory = String(cString: created)
// Gone however the run ends by exit (targets missed, a failed benchmark),
// not only when it finishes: each run leaves hundreds of megabytes.
atexit { _ = system("rm -rf '\(directory)'") }
let database = directory + "/bench.sqlite"

if photosOnly {
  var missed = try PhotoBench.mockRows(
    scorekeeper: scorekeeper, sqlite3: sqlite3, directory: directory, runs: runs)
  do {
    missed += try PhotoBench.liveRows(
      try LiveBench.server(), scorekeeper: scorekeeper, directory: directory, runs: runs)
  } catch {
    // NB: exit, not a crash: the throwaway cluster is stopped at exit.
    print("\nThe live photo rows failed: \(error)")
    exit(1)
  }
  exit(missed.isEmpty ? 0 : 1)
}

// Each run of a leaderboard row takes a second or two: a few runs do.
let leaderboardRuns = max(5, runs / 4)
/// The rows on the league database: ratings, and a backup of it.
@MainActor func leagueRows() throws -> [String] {
  try LeaderboardBench.run(scorekeeper: scorekeeper, directory: directory, runs: leaderboardRuns)
    + ExportBench.run(
      database: directory + "/league.sqlite", scorekeeper: scorekeeper, sqlite3: sqlite3,
      runs: leaderboardRuns)
    + BackupBench.run(
      database: directory + "/league.sqlite", scorekeeper: scorekeeper, sqlite3: sqlite3,
      directory: directory,
      runs: leaderboardRuns)
}
if ratingsOnly {
  exit(try leagueRows().isEmpty ? 0 : 1)
}
/// A million score changes imported: time, rate and memory.
@MainActor func importRows() throws -> [String] {
  try ImportBench.run(
    scorekeeper: scorekeeper, sqlite3: sqlite3, directory: directory, runs: max(3, runs / 10))
    + BGStatsImportBench.run(scorekeeper: scorekeeper, directory: directory, runs: max(5, runs / 4))
}
if importOnly {
  exit(try importRows().isEmpty ? 0 : 1)
}
if bgstatsOnly {
  exit(try BGStatsImportBench.run(scorekeeper: scorekeeper, directory: directory, runs: 9).isEmpty ? 0 : 1)
}
if attacksOnly {
  exit(try AttackBench.run(scorekeeper: scorekeeper, directory: directory).isEmpty ? 0 : 1)
}

let baselineDatabase = directory + "/baseline.sqlite"
let trackedBaselineDatabase = directory + "/tracked-baseline.sqlite"
// (The sync rows make their own databases.)
if !syncOnly {
  print(
    "Creating \(database): 2 games of 20 players, 2 of 8 (one of \(BenchDatabase.longGameRounds) rounds), "
      + "1 of \(BenchDatabase.bigGameSize)…")
  try BenchDatabase.create(at: database)
  try BenchDatabase.copyForSQLite3(database, to: baselineDatabase)
  try BenchDatabase.copyForSQLite3(database, to: trackedBaselineDatabase, keepingSyncTracking: true)
}

if trackingOnly {
  exit(try TrackingBench.run(database: database, directory: directory, runs: runs * 5).isEmpty ? 0 : 1)
}
if tableOnly {
  exit(
    try TableBench.run(
      scorekeeper: scorekeeper, sqlite3: sqlite3, database: database,
      trackedBaseline: trackedBaselineDatabase,
      directory: directory, runs: runs
    ).isEmpty ? 0 : 1)
}

// Online commands sync around themselves; with nothing to send or fetch
// they should cost about what the same command costs offline.
let onlineDatabase = directory + "/online.sqlite"
let online = [
  scorekeeper, "--db", onlineDatabase, "--cloud", directory + "/online-cloud.sqlite", "--user", "bench",
]
if !syncOnly { try ProcessTimer.run(online + ["demo"]) }

let small = BenchDatabase.smallGame
let big = BenchDatabase.bigGame
// Offline: these rows time the local command; syncing is timed below.
let ours = [scorekeeper, "--offline", "--db", database]
let theirs = [sqlite3, "-batch", "-cmd", ".timeout 5000", baselineDatabase]
let round =
  ours + ["round", BenchDatabase.roundGame]
  + BenchDatabase.roundPlayers.enumerated().map { "\($1)=\($0 + 1)" }
let comparisons = [
  Comparison(
    name: "score (20 players)", scorekeeper: ours + ["score", small, "Player 7", "+1"],
    baseline: theirs + [BenchDatabase.scoreSQL(small, "Player 7")], timeTarget: 1.2),
  Comparison(
    name: "add-player (20 players)",
    scorekeeper: ours + ["add-player", BenchDatabase.addGame, BenchDatabase.newcomer],
    baseline: theirs + [BenchDatabase.addPlayerSQL(BenchDatabase.addGame, BenchDatabase.newcomer)],
    timeTarget: 1.2,
    prepare: ours + ["remove-player", BenchDatabase.addGame, BenchDatabase.newcomer, "--force"]),
  Comparison(
    name: "list GAME (20 players)", scorekeeper: ours + ["list", small],
    baseline: theirs + [BenchDatabase.standingsSQL(small)], timeTarget: 1.3),
  // The same inserts: a round writes 9 rows that sync must send, and
  // their 9 entries in sync tracking (about a third of the pages it
  // writes), so sqlite3 makes those entries too. The next row is the same
  // command against sqlite3 making the game's rows alone: what tracking
  // costs a round (1.4-1.56× on the machine it was written on), kept from
  // growing.
  Comparison(
    name: "round (8 players)", scorekeeper: round,
    baseline: theirs.dropLast() + [trackedBaselineDatabase, BenchDatabase.roundSQL(BenchDatabase.roundGame)],
    timeTarget: 1.3),
  Comparison(
    name: "  without sync tracking", scorekeeper: round,
    baseline: theirs + [BenchDatabase.roundSQL(BenchDatabase.roundGame)], timeTarget: 1.6),
  Comparison(
    name: "sheet (1000 rounds × 8)", scorekeeper: ours + ["sheet", BenchDatabase.longGame],
    // The sheet says whether the game ended, and its totals are what
    // counts: the log decides, as for list GAME.
    baseline: theirs + [
      BenchDatabase.sheetSQL(BenchDatabase.longGame)
        + BenchDatabase.endSQL(BenchDatabase.longGame, target: BenchDatabase.longGameTarget)
    ], timeTarget: 1.3),
  Comparison(
    name: "list GAME (1000 rounds × 8)", scorekeeper: ours + ["list", BenchDatabase.longGame],
    baseline: theirs + [
      BenchDatabase.standingsSQL(BenchDatabase.longGame)
        + BenchDatabase.endSQL(BenchDatabase.longGame, target: BenchDatabase.longGameTarget)
    ], timeTarget: 1.3),
  Comparison(
    name: "list GAME online/offline", scorekeeper: online + ["list", "Poker night"],
    baseline: online + ["--offline", "list", "Poker night"], timeTarget: 1.5),
  Comparison(
    name: "list GAME (100,000 players)", scorekeeper: ours + ["list", big],
    baseline: theirs + [BenchDatabase.standingsSQL(big)], timeTarget: 1.5, memoryTarget: 1.5),
]

var missed: [String] = []
if !syncOnly {
  print("Each command \(runs) times, alternating with sqlite3 \(sqliteVersion(sqlite3)); medians.\n")
  print(pad("command", 30) + pad("scorekeeper", 14) + pad("sqlite3", 12) + pad("ratio", 8) + "target")
}
/// Prints a row; returns whether the target was met.
func report(_ label: String, _ result: Comparison.Result, unit: (Double) -> String, target: Double)
  -> Bool
{
  let met = result.ratio <= target
  print(
    pad(label, 30) + pad(unit(result.ours), 14) + pad(unit(result.theirs), 12)
      + pad(format(result.ratio) + "×", 8) + "≤ \(format(target))× \(met ? "ok" : "MISSED")")
  return met
}
for comparison in comparisons where !syncOnly {
  let time = try comparison.measureTime(runs: runs)
  if !report(comparison.name, time, unit: { format($0) + " ms" }, target: comparison.timeTarget) {
    missed.append(comparison.name + " time")
  }
  if let memoryTarget = comparison.memoryTarget {
    let memory = try comparison.measureMemory(runs: 5, scratch: directory)
    if !report("  peak memory", memory, unit: { format($0 / 1024) + " MiB" }, target: memoryTarget) {
      missed.append(comparison.name + " memory")
    }
  }
}

// Where start-up time goes: spawning any process, starting the Swift
// runtime, then opening and checking a small database.
let tiny = directory + "/tiny.sqlite"
if !syncOnly {
  try ProcessTimer.run([scorekeeper, "--offline", "--db", tiny, "add-game", "Chess"])
  print("\nStart-up, medians of \(runs):")
}
for (label, command) in syncOnly
  ? []
  : [
    ("spawn /bin/true", ["/bin/true"]),
    ("sqlite3 :memory: 'SELECT 1'", [sqlite3, ":memory:", "SELECT 1"]),
    ("scorekeeper --version (no database)", [scorekeeper, "--version"]),
    ("sqlite3 tiny.sqlite 'SELECT * FROM games'", [sqlite3, tiny, "SELECT * FROM games"]),
    ("scorekeeper list (open, check schema, query)", [scorekeeper, "--offline", "--db", tiny, "list"]),
  ]
{
  let times = try (0..<runs).map { _ in try ProcessTimer.milliseconds(command) }
  print(pad("  " + label, 48) + format(median(times)) + " ms")
}

if !syncOnly {
  missed += try TableBench.run(
    scorekeeper: scorekeeper, sqlite3: sqlite3, database: database, trackedBaseline: trackedBaselineDatabase,
    directory: directory, runs: runs)
  missed += try TrackingBench.run(database: database, directory: directory, runs: runs * 5)
  missed += try RatingBench.run(runs: 5)
  missed += try leagueRows()
  missed += try importRows()
  missed += try AttackBench.run(scorekeeper: scorekeeper, directory: directory)
  missed += try CloudBench.run(directory: directory, runs: runs * 5)
  missed += try CompletionBench.run(
    scorekeeper: scorekeeper, sqlite3: sqlite3, directory: directory, runs: runs)
  missed += try PhotoBench.mockRows(
    scorekeeper: scorekeeper, sqlite3: sqlite3, directory: directory, runs: max(2, runs / 4 * 2))
}
if syncOnly {
  missed += liveRows()
} else {
  // The sync engine's and live server's rows run in a fresh process, as
  // each command does: in this one, after the 100,000-record benchmarks
  // above, even the in-process mock's bulk rates came out a tenth lower.
  fflush(nil)
  do {
    try ProcessTimer.run(
      [CommandLine.arguments[0], "--sync-only", "--scorekeeper", scorekeeper, "--runs", "\(runs)"],
      showingOutput: true)
  } catch {
    missed.append("the sync and live rows (above)")
  }
}

/// The sync engine's and the live server's rows; what they missed.
@MainActor func liveRows() -> [String] {
  // NB: exit, not a crash, on an error here: the throwaway cluster is
  // stopped at exit.
  do {
    var missed: [String] = []
    let liveServer = try LiveBench.server()
    if watchOnly {
      return try LiveStandingsBench.run(
        scorekeeper: scorekeeper, directory: directory, runs: runs, server: liveServer)
    }
    if rolesOnly {
      return try RoleBench.run(scorekeeper: scorekeeper, directory: directory, runs: runs, server: liveServer)
    }
    if scaleOutOnly {
      return try ScaleOutBench.run(
        scorekeeper: scorekeeper, directory: directory, runs: runs, server: liveServer)
    }
    if flushesOnly {
      return try FlushBench.run(
        scorekeeper: scorekeeper, sqlite3: sqlite3, directory: directory, runs: runs, server: liveServer)
    }
    if !bulkOnly { missed += try ScaleBench.run(liveServer, runs: runs * 5) }
    let mock = SyncBench.Backend(name: "mock") { label in
      let cloud = try FileCloud(path: directory + "/sync-\(label).sqlite", clock: .live)
      return SyncBench.Cloud(container: cloud.container(for: "alice"), location: cloud.path) {
        try removeDatabaseFile(cloud.path)
      }
    }
    try LiveBench.settle(liveServer)
    missed += try SyncBench.run(
      directory: directory, runs: runs, backends: [mock] + LiveBench.backends(liveServer), bulkOnly: bulkOnly)
    if !bulkOnly {
      missed += try LiveBench.automaticSync(
        liveServer, scorekeeper: scorekeeper, directory: directory, runs: runs)
      missed += try PhotoBench.liveRows(
        liveServer, scorekeeper: scorekeeper, directory: directory, runs: max(2, runs / 4 * 2))
      missed += try LiveStandingsBench.run(
        scorekeeper: scorekeeper, directory: directory, runs: runs, server: liveServer)
      missed += try RoleBench.run(
        scorekeeper: scorekeeper, directory: directory, runs: runs, server: liveServer)
      missed += try ScaleOutBench.run(
        scorekeeper: scorekeeper, directory: directory, runs: runs, server: liveServer)
      missed += try FlushBench.run(
        scorekeeper: scorekeeper, sqlite3: sqlite3, directory: directory, runs: runs, server: liveServer)
    }
    return missed
  } catch {
    print("\nThe live benchmarks failed: \(error)")
    exit(1)
  }
}

if missed.isEmpty {
  print("\nAll targets met.")
} else {
  print("\nMissed: " + missed.joined(separator: ", "))
  exit(1)
}

func sqliteVersion(_ sqlite3: String) -> String {
  guard let pipe = popen("\(sqlite3) -version", "r") else { return "?" }
  defer { pclose(pipe) }
  var buffer = [CChar](repeating: 0, count: 256)
  guard fgets(&buffer, 256, pipe) != nil else { return "?" }
  let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  return line.split(separator: " ").first.map(String.init) ?? "?"
}

func format(_ value: Double) -> String {
  let hundredths = Int((value * 100).rounded())
  let fraction = hundredths % 100
  return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}

func pad(_ text: String, _ width: Int) -> String {
  text + String(repeating: " ", count: max(1, width - text.count))
}
