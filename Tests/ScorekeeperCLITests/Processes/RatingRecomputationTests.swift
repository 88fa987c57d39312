import Foundation
import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

/// Ratings and statistics are a pure fold over the finished games, and
/// the results a database keeps (`finishedResults`) only an optimisation.
/// Through the binary, alice plays a random season on two devices: games
/// won, tied, won by hand, reopened, corrected, undone, people merged and
/// split and taken back, a device offline finishing games that arrive
/// late. Every few commands, what a device shows (both boards, every
/// person's statistics) must be exactly what the binary computes from
/// scratch on a copy of its database with nothing kept.
///
/// Replay one seed with `SCOREKEEPER_CLI_SEED=<seed> swift test --filter RatingRecomputationTests`.
@Suite(.tags(.process, .random), .runAsTagged) struct RatingRecomputationTests {
  static let seeds: [UInt64] =
    ProcessInfo.processInfo.environment["SCOREKEEPER_CLI_SEED"].flatMap(UInt64.init).map { [$0] }
    ?? Array(1...10)

  @Test("every board equals one computed from scratch, after any history", arguments: seeds)
  func recompute(seed: UInt64) throws {
    try play(seed: seed, in: try CLIWorld())
  }

  @Test(
    "every board equals one computed from scratch, after any history, on a live server [postgres]",
    arguments: seeds.prefix(3))
  func recomputeLive(seed: UInt64) throws {
    let server = try TestCloud(.postgres)
    _ = try server.connectionString(for: "alice")
    try play(seed: seed, in: try CLIWorld(cloud: server.location))
  }

  static let titles = ["G1", "G2", "G3"]
  static let names = ["Ann", "Bo", "Cy", "Robert"]

  func play(seed: UInt64, in world: CLIWorld) throws {
    var random = SplitMix64(seed: seed)
    let devices = Array(world.devices.prefix(2))  // alice's two
    for title in Self.titles {
      let device = devices.randomElement(using: &random)!
      try run(world, device, ["add-game", title, "--lowest-wins", "--target", "30"], seed: seed)
      for name in Self.names.shuffled(using: &random).prefix(3) {
        try run(world, device, ["add-player", title, name], seed: seed)
      }
    }
    var keptReads = 0
    for step in 1...18 {
      let device = devices.randomElement(using: &random)!
      var arguments = Self.command(&random)
      // Offline a third of the time: its changes arrive late elsewhere.
      if Int.random(in: 0..<3, using: &random) == 0, arguments != ["sync"] {
        arguments.insert("--offline", at: 0)
      }
      try run(world, device, arguments, seed: seed)
      if step.isMultiple(of: 3) {
        keptReads += try expectFromScratch(world, devices.randomElement(using: &random)!, seed: seed)
      }
    }
    for device in devices { try run(world, device, ["sync"], seed: seed) }
    for device in devices { keptReads += try expectFromScratch(world, device, seed: seed) }
    // Kept results were read, or the comparisons prove nothing of them.
    #expect(keptReads > 0, "seed \(seed): no board read kept results")
  }

  static func command(_ random: inout SplitMix64) -> [String] {
    let game = titles.randomElement(using: &random)!
    let name = names.randomElement(using: &random)!
    let other = names.randomElement(using: &random)!
    let points = Int.random(in: 0...12, using: &random)
    let choices: [[String]] = [
      ["round", game, "\(name)=\(points)", "\(other)=\(points + 2)"],
      ["round", game, "\(name)=\(points)"], ["score", game, name, "+\(points)"],
      ["round", game, "--fix", "1", "\(name)=\(points)"], ["finish", game], ["finish", game],
      ["finish", game, "--winner", name], ["reopen", game], ["undo"], ["undo"],
      ["merge-people", name, other], ["split-person", name, game], ["rename-player", game, name, other],
      ["add-player", game, name],
      ["set-rules", game, "--kind", ["Hearts", "Skat"].randomElement(using: &random)!],
      ["sync"],
    ]
    return choices.randomElement(using: &random)!
  }

  /// Runs a command; it may be refused (status 1), never fail otherwise.
  private func run(_ world: CLIWorld, _ device: CLIWorld.Device, _ arguments: [String], seed: UInt64) throws {
    let result = try world.start(device, arguments)()
    #expect([0, 1].contains(result.status), "seed \(seed): \(device.name) \(arguments): \(result)")
    #expect(!result.stderr.contains("SQLITE_") && !result.stderr.contains("Fatal"), "seed \(seed): \(result)")
  }

  /// Compares the device's boards with those of a copy of its database
  /// with no kept results; returns 1 when the device had results kept.
  private func expectFromScratch(_ world: CLIWorld, _ device: CLIWorld.Device, seed: UInt64) throws -> Int {
    let reads = [
      ["leaderboard"], ["leaderboard", "--system", "elo"], ["stats"], ["people"],
      ["rating", Self.names.first!, "--explain"],
    ]
    let path = world.directory.file("\(device.name).sqlite")
    guard FileManager.default.fileExists(atPath: path) else { return 0 }  // (it ran no command yet)
    // Offline: nothing may change between what it shows and its copy.
    func shown(on device: CLIWorld.Device) throws -> [String] {
      try reads.map { read in try world.start(device, ["--offline", "--json"] + read)().stdout }
    }
    let boards = try shown(on: device)
    let scratch = CLIWorld.Device(name: "\(device.name)-scratch", user: device.user, number: 9)
    let (from, to) = (path, world.directory.file("\(scratch.name).sqlite"))
    for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: from + suffix) {
      try? FileManager.default.removeItem(atPath: to + suffix)
      try FileManager.default.copyItem(atPath: from + suffix, toPath: to + suffix)
    }
    let copy = try Database(path: to, create: false)
    let kept = try copy.fetchOne("SELECT count(*) FROM finishedResults") { try $0.int(0) }!
    try copy.execute("DELETE FROM finishedResults")
    copy.close()
    #expect(try shown(on: scratch) == boards, "seed \(seed): \(device.name)'s boards are not recomputed ones")
    return kept > 0 ? 1 : 0
  }
}
