/// One benchmark: the same work done by scorekeeper and by the sqlite3
/// command-line tool, run alternately so both see the same machine load.
struct Comparison {
  var name: String
  var scorekeeper: [String]
  var baseline: [String]
  /// The largest acceptable median-time ratio (scorekeeper / sqlite3).
  var timeTarget: Double
  /// The largest acceptable peak-memory ratio, when memory matters here.
  var memoryTarget: Double? = nil
  /// Run, untimed, before each run of scorekeeper's command, warm-up
  /// included (a new game for the command to take in, the player it adds
  /// removed).
  var prepare: [String]? = nil

  struct Result {
    /// Median milliseconds, scorekeeper and sqlite3.
    var ours: Double
    var theirs: Double
    var ratio: Double { ours / theirs }
  }

  /// Median wall times over `runs` alternating runs, after a warm-up.
  func measureTime(runs: Int, warmUp: Int = 3) throws -> Result {
    for _ in 0..<warmUp {
      if let prepare { try ProcessTimer.run(prepare) }
      try ProcessTimer.run(scorekeeper)
      try ProcessTimer.run(baseline)
    }
    var ours: [Double] = []
    var theirs: [Double] = []
    for run in 0..<runs {
      // Alternate which goes first, so neither always follows the other's cache effects.
      if let prepare { try ProcessTimer.run(prepare) }
      if run.isMultiple(of: 2) {
        ours.append(try ProcessTimer.milliseconds(scorekeeper))
        theirs.append(try ProcessTimer.milliseconds(baseline))
      } else {
        theirs.append(try ProcessTimer.milliseconds(baseline))
        ours.append(try ProcessTimer.milliseconds(scorekeeper))
      }
    }
    return Result(ours: median(ours), theirs: median(theirs))
  }

  /// Median peak memory in KiB over `runs` runs each.
  func measureMemory(runs: Int, scratch: String) throws -> Result {
    var ours: [Double] = []
    var theirs: [Double] = []
    for _ in 0..<runs {
      ours.append(Double(try ProcessTimer.peakKilobytes(scorekeeper, scratch: scratch)))
      theirs.append(Double(try ProcessTimer.peakKilobytes(baseline, scratch: scratch)))
    }
    return Result(ours: median(ours), theirs: median(theirs))
  }
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return .nan }
  let middle = sorted.count / 2
  return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
}

extension Comparison {
  /// Times each comparison and prints its row; returns the names of those
  /// that missed their target.
  static func reportTimes(of comparisons: [Comparison], runs: Int) throws -> [String] {
    try comparisons.filter { comparison in
      !report(
        comparison.name, try comparison.measureTime(runs: runs), unit: { format($0) + " ms" },
        target: comparison.timeTarget)
    }.map(\.name)
  }
}
