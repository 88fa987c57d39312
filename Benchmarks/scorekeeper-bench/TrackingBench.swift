import Glibc
import ScorekeeperCore

/// What recording changes for sync costs: the same score change through
/// the store, in this process, on two copies of the bench database, one
/// with the tracking triggers recording and one with them silent (an
/// option of the API only: the program always records).
enum TrackingBench {
  static let target = 1.2

  /// Prints the result; returns the names of missed targets.
  static func run(database: String, directory: String, runs: Int) throws -> [String] {
    let tracked = try copy(database, to: directory + "/tracked.sqlite", tracksChanges: true)
    let silent = try copy(database, to: directory + "/silent.sqlite", tracksChanges: false)
    var on: [Double] = []
    var off: [Double] = []
    for _ in 0..<runs {
      on.append(try milliseconds { _ = try tracked.score(in: BenchDatabase.smallGame, "Player 8", .add(1)) })
      off.append(try milliseconds { _ = try silent.score(in: BenchDatabase.smallGame, "Player 8", .add(1)) })
    }
    let ratio = median(on) / median(off)
    let met = ratio <= target
    print(
      "\n" + pad("score, sync tracking on/off", 30) + pad(format(median(on)) + " ms", 14)
        + pad(format(median(off)) + " ms", 12) + pad(format(ratio) + "×", 8)
        + "≤ \(format(target))× \(met ? "ok" : "MISSED")  (in-process)")
    return met ? [] : ["score, sync tracking on/off"]
  }

  private static func copy(_ source: String, to path: String, tracksChanges: Bool) throws -> Store {
    _ = system("cp '\(source)' '\(path)'")
    return try Store(path: path, dependencies: .live, tracksChanges: tracksChanges)
  }
}
