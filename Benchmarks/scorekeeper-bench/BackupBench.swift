import Glibc

/// `backup` of a large database against the sqlite3 tool's `.backup` of
/// the same file, alternating, each writing a new file (the one before
/// removed, untimed).
enum BackupBench {
  static let target = 1.3

  static func run(database: String, scorekeeper: String, sqlite3: String, directory: String, runs: Int) throws
    -> [String]
  {
    var status = stat()
    let megabytes = stat(database, &status) == 0 ? Double(status.st_size) / 1_048_576 : 0
    let (ours, theirs) = (directory + "/backup-ours.sqlite", directory + "/backup-theirs.sqlite")
    let comparison = Comparison(
      name: "backup (\(format(megabytes)) MiB)",
      scorekeeper: [scorekeeper, "--offline", "--db", database, "backup", ours, "--force"],
      baseline: [sqlite3, database, ".backup '\(theirs)'"], timeTarget: target,
      prepare: ["/bin/rm", "-f", ours, theirs])
    print("\nA backup, \(runs) times, alternating with sqlite3's .backup; medians:")
    let result = try comparison.measureTime(runs: runs, warmUp: 1)
    return report(comparison.name, result, unit: { format($0) + " ms" }, target: target)
      ? [] : [comparison.name]
  }
}
