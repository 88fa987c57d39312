import Glibc
@_spi(Testing) import ScorekeeperCore

/// The leaderboard and one person's statistics on a league of 100,000
/// finished four-player games (`RatingDatabase`), against `list` on the
/// same database: with nothing changed since the last call, and after a
/// game finished just before. And the whole board read and folded in this
/// process, from the kept results and from the games' logs.
enum LeaderboardBench {
  static func run(scorekeeper: String, directory: String, runs: Int) throws -> [String] {
    let path = directory + "/league.sqlite"
    print(
      "\nCreating \(path): \(RatingDatabase.games) finished games of four, \(RatingDatabase.people) people…")
    try RatingDatabase.create(at: path)
    let ours = [scorekeeper, "--offline", "--db", path]
    var missed: [String] = []
    print("Reading every finished game, median of 3 (in-process):")
    for (label, clearing) in [("from their logs (first read)", true), ("from the kept results", false)] {
      let times = try (0..<3).map { _ in
        let store = try Store(path: path, dependencies: .live)
        defer { store.close() }
        if clearing { try store.database.execute("DELETE FROM finishedResults") }
        return try milliseconds { _ = Leaderboard(folding: try store.finishedResults(), system: .openskill) }
      }
      let rate = Double(RatingDatabase.games) / (median(times) / 1000)
      let met = clearing || median(times) <= 1000
      print(
        pad("  " + label + ", folded", 48) + pad(format(median(times)) + " ms", 14)
          + pad(format(rate / 1000) + "k games/s", 18)
          + (clearing ? "" : "≤ 1000 ms \(met ? "ok" : "MISSED")"))
      if !met { missed.append("leaderboard read and folded in-process") }
    }
    // Each timed run after one game more, finished now (so last).
    let newGame = [
      "/bin/sh", "-c",
      """
      set -e; n=$(od -An -N4 -tu4 /dev/urandom | tr -d ' '); k="$1 --offline --db $2"
      $k add-game "New $n" >/dev/null; $k add-player "New $n" "Person 1" --score 3 >/dev/null
      $k add-player "New $n" "Person 2" >/dev/null; $k finish "New $n" >/dev/null
      """, "sh", scorekeeper, path,
    ]
    let list = ours + ["list"]
    let comparisons = [
      Comparison(
        name: "leaderboard, nothing new", scorekeeper: ours + ["leaderboard"], baseline: list, timeTarget: 1.5
      ),
      Comparison(
        name: "stats PERSON, nothing new", scorekeeper: ours + ["stats", "Person 5"], baseline: list,
        timeTarget: 1.5),
      Comparison(
        name: "leaderboard after a new game", scorekeeper: ours + ["leaderboard"], baseline: list,
        timeTarget: 3,
        prepare: newGame),
    ]
    print("\nOn that league, each command \(runs) times, alternating with list; medians:")
    print(pad("command", 30) + pad("scorekeeper", 14) + pad("list", 12) + pad("ratio", 8) + "target")
    return missed + (try Comparison.reportTimes(of: comparisons, runs: runs))
  }
}
