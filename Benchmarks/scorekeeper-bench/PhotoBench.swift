import Glibc
import ScorekeeperCore
import ThrowawayPostgres

/// A 5 MiB photo through whole scorekeeper processes: set on one device
/// (its automatic sync uploads it), then fetched by another device's
/// sync, each against what the issue names: the sqlite3 tool writing the
/// same bytes into a database and reading them back (two processes,
/// timed together). Targets: within 2×. And `list` of a game whose 1,000 players
/// all have photos against one whose players have none (≈ 1×: the bytes
/// column is last and never read).
enum PhotoBench {
  /// Two 5 MiB PNGs of noise (incompressible, as a photo's data is):
  /// each run replaces one with the other.
  static func photos(in directory: String) throws -> [(path: String, bytes: [UInt8])] {
    var generator = SystemRandomNumberGenerator()
    return try (0..<2).map { index in
      // 1,024 × 1,706 RGB pixels: 5 MiB and a few bytes of PNG.
      let bytes = PNGEncoder.encode(width: 1024, height: 1706) { _, _ in
        let noise = generator.next()
        return (
          UInt8(truncatingIfNeeded: noise), UInt8(truncatingIfNeeded: noise >> 8),
          UInt8(truncatingIfNeeded: noise >> 16)
        )
      }
      let path = directory + "/photo\(index).png"
      try write(bytes, to: path)
      return (path, bytes)
    }
  }

  static func write(_ bytes: [UInt8], to path: String) throws {
    guard let file = fopen(path, "w") else { throw BenchError("cannot write \(path)") }
    defer { fclose(file) }
    guard fwrite(bytes, 1, bytes.count, file) == bytes.count else { throw BenchError("cannot write \(path)") }
  }

  struct Row {
    let name: String
    /// Untimed, before each run: puts the databases where the run starts.
    let prepare: (Int) throws -> Void
    let ours: (Int) -> [String]
    /// Commands timed one after another, their times added.
    let theirs: [[String]]
  }

  /// Medians over `runs` runs, ours and theirs alternating; prints and
  /// returns whether each met 2×.
  static func measure(_ rows: [Row], runs: Int) throws -> [String] {
    var missed: [String] = []
    for row in rows {
      var ours: [Double] = []
      var theirs: [Double] = []
      for run in 0..<runs {
        try row.prepare(run)
        ours.append(try ProcessTimer.milliseconds(row.ours(run)))
        theirs.append(try row.theirs.reduce(0) { $0 + (try ProcessTimer.milliseconds($1)) })
      }
      let ratio = median(ours) / median(theirs)
      let met = ratio <= 2
      print(
        pad(row.name, 40) + pad(format(median(ours)) + " ms", 12) + pad(format(median(theirs)) + " ms", 12)
          + pad(format(ratio) + "×", 8) + "≤ 2× \(met ? "ok" : "MISSED")")
      if !met { missed.append(row.name) }
    }
    return missed
  }
}

extension PhotoBench {
  /// The mock rows, with their own device databases and cloud file.
  static func mockRows(scorekeeper: String, sqlite3: String, directory: String, runs: Int) throws -> [String]
  {
    let photos = try photos(in: directory).map(\.path)
    let cloud = directory + "/photo-cloud.sqlite"
    func device(_ name: String) -> [String] {
      [scorekeeper, "--db", directory + "/photo-\(name).sqlite", "--cloud", cloud, "--user", "bench"]
    }
    try ProcessTimer.run(device("a") + ["add-game", "Photos"])
    try ProcessTimer.run(device("a") + ["add-player", "Photos", "Ann"])
    try ProcessTimer.run(device("b") + ["sync"])
    let baseline = directory + "/photo-baseline.sqlite"
    try ProcessTimer.run([
      sqlite3, baseline,
      "PRAGMA journal_mode = WAL; CREATE TABLE photos (id INTEGER PRIMARY KEY, bytes BLOB); INSERT INTO photos VALUES (1, NULL);",
    ])
    let sqlite = [sqlite3, "-batch", "-cmd", ".timeout 5000", baseline]
    let writeAndReadBack = [
      sqlite + ["UPDATE photos SET bytes = readfile('\(photos[0])')"],
      sqlite + ["SELECT writefile('\(directory)/photo-read.png', bytes) FROM photos"],
    ]
    print("\nA 5 MiB photo, medians of \(runs), against sqlite3 writing its bytes and reading them back:")
    var missed = try measure(
      [
        Row(
          name: "set-photo + sync (mock)", prepare: { _ in },
          ours: { device("a") + ["set-photo", "Photos", "Ann", photos[$0 % 2]] }, theirs: writeAndReadBack),
        Row(
          name: "its fetch on another device (mock)",
          prepare: { try ProcessTimer.run(device("a") + ["set-photo", "Photos", "Ann", photos[$0 % 2]]) },
          ours: { _ in device("b") + ["sync"] }, theirs: writeAndReadBack),
      ], runs: runs)
    missed += try listRow(scorekeeper: scorekeeper, directory: directory, runs: runs)
    return missed
  }

  /// `list` of a game of 1,000 players with 64 KiB photos, against one of
  /// 1,000 players without: photos must cost `list` nothing.
  static func listRow(scorekeeper: String, directory: String, runs: Int) throws -> [String] {
    let path = directory + "/photo-list.sqlite"
    let store = try Store(path: path, dependencies: .live)
    for title in ["With photos", "Without photos"] {
      _ = try store.addGame(title: title)
      for number in 1...1000 { _ = try store.addPlayer(to: title, name: "Player \(number)") }
    }
    var generator = SystemRandomNumberGenerator()
    for number in 1...1000 {
      let bytes = PNGEncoder.encode(width: 148, height: 148) { _, _ in
        let noise = generator.next()
        return (
          UInt8(truncatingIfNeeded: noise), UInt8(truncatingIfNeeded: noise >> 8),
          UInt8(truncatingIfNeeded: noise >> 16)
        )
      }
      _ = try store.photos.set(in: "With photos", "Player \(number)", try CheckedPhoto(bytes: bytes))
    }
    let list = [scorekeeper, "--offline", "--db", path, "list"]
    let time = try Comparison(
      name: "list, 1,000 players with photos", scorekeeper: list + ["With photos"],
      baseline: list + ["Without photos"], timeTarget: 1.2
    ).measureTime(runs: runs)
    let met = time.ratio <= 1.2
    print(
      pad("list, 1,000 with photos/without", 40) + pad(format(time.ours) + " ms", 12)
        + pad(format(time.theirs) + " ms", 12) + pad(format(time.ratio) + "×", 8)
        + "≤ 1.2× \(met ? "ok" : "MISSED")")
    return met ? [] : ["list with photos"]
  }
}

extension PhotoBench {
  /// The live rows: the same two commands through a live server on its
  /// socket, against psql writing the same bytes into a table (`\copy`,
  /// bytea as hex, the way psql moves bytes) and reading them back out.
  static func liveRows(_ server: TestPostgres, scorekeeper: String, directory: String, runs: Int) throws
    -> [String]
  {
    let photos = try photos(in: directory)
    let cloud = server.connectionString(database: try server.newCloudDatabase(), user: nil)
    func device(_ name: String) -> [String] {
      [
        scorekeeper, "--db", directory + "/live-photo-\(name).sqlite", "--cloud", cloud, "--user",
        LiveBench.user,
      ]
    }
    try ProcessTimer.run(device("a") + ["add-game", "Photos"])
    try ProcessTimer.run(device("a") + ["add-player", "Photos", "Ann"])
    try ProcessTimer.run(device("b") + ["sync"])
    let psql =
      try LiveBench.psql() + [
        "-X", "-q", "-d", server.connectionString(database: try server.newCloudDatabase()),
      ]
    try ProcessTimer.run(psql + ["-c", "CREATE TABLE photos (bytes bytea)"])
    // COPY's text format: `\\x` and hex (the backslash escaped).
    let copy = directory + "/photo.copy"
    let hexDigits = Array("0123456789abcdef".utf8)
    try write(
      Array("\\\\x".utf8) + photos[0].bytes.flatMap { [hexDigits[Int($0 >> 4)], hexDigits[Int($0 & 0xf)]] }
        + [10],
      to: copy)
    let writeAndReadBack = [
      psql + ["-c", "TRUNCATE photos", "-c", "\\copy photos FROM '\(copy)'"],
      psql + ["-c", "\\copy (SELECT bytes FROM photos) TO '\(directory)/photo-read.copy'"],
    ]
    print(
      "\nA 5 MiB photo through a live server (socket), medians of \(runs), against psql writing its bytes and reading them back:"
    )
    return try measure(
      [
        Row(
          name: "set-photo + sync (live)", prepare: { _ in },
          ours: { device("a") + ["set-photo", "Photos", "Ann", photos[$0 % 2].path] },
          theirs: writeAndReadBack),
        Row(
          name: "its fetch on another device (live)",
          prepare: {
            try ProcessTimer.run(device("a") + ["set-photo", "Photos", "Ann", photos[$0 % 2].path])
          },
          ours: { _ in device("b") + ["sync"] }, theirs: writeAndReadBack),
      ], runs: runs)
  }
}
