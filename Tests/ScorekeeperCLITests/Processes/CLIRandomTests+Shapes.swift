import ScorekeeperTestSupport
import Testing

/// The shapes where "a deletion wins" is hardest to keep (issue 46, item
/// 3), played whole within a random run, on a game of their own (`title`)
/// so that each step finds what the one before made. Random choices pick
/// devices, orders and changes; the run's final convergence judges them.
enum DeletionShape: CustomStringConvertible {
  /// alice shares a game with bob, whose devices join it; the sharing
  /// ends (alice stops it, or bob leaves) and bob's devices hear so
  /// (keeping a read-only copy, or not); alice changes the game (removes
  /// a player, scores, adds one), then shares it again and bob re-joins
  /// through the new link.
  case rejoin
  /// A device adds a game and players offline, the database is copied
  /// with `cp`, and then, in either order, one side deletes (a player or
  /// the game) and the other changes what the first deleted, each online
  /// or offline.
  case copiedNewRows

  var description: String {
    switch self {
    case .rejoin: "Quiz"
    case .copiedNewRows: "Darts"
    }
  }

  func play(
    in world: inout CLIWorld, named title: String, seed: UInt64, links: inout [String],
    random: inout SplitMix64
  ) throws {
    let alices = world.devices.filter { $0.user == "alice" }
    let bobs = world.devices.filter { $0.user == "bob" }
    let (first, second) = (CLIRandomTests.names[0], CLIRandomTests.names[1])
    var steps: [(CLIWorld.Device, [String])] = []
    func step(_ device: CLIWorld.Device, _ arguments: [String]) throws {
      let arguments = arguments.map { $0 == Self.lastLink ? links.last ?? "x" : $0 }
      let result = try world.start(device, arguments)()
      CLIRandomTests.expectSound(result, of: arguments, on: device, seed: seed, links: &links)
    }
    switch self {
    case .rejoin:
      let alice = alices.randomElement(using: &random)!
      steps = [
        (alice, ["add-game", title]), (alice, ["add-player", title, first, "--score", "2"]),
        (alice, ["add-player", title, second]), (alice, ["share", title]),
      ]
      steps += bobs.map { ($0, ["accept-share", Self.lastLink]) }
      steps.append(
        Bool.random(using: &random)
          ? (alices.randomElement(using: &random)!, ["share", title, "--stop", "--force"])
          : (bobs.randomElement(using: &random)!, ["leave", title, "--force"]))
      steps += bobs.filter { _ in Bool.random(using: &random) }.map { ($0, ["sync"]) }
      steps.append(
        (
          alices.randomElement(using: &random)!,
          [
            ["remove-player", title, second, "--force"], ["score", title, first, "+1"],
            ["add-player", title, CLIRandomTests.names[2]],
          ].randomElement(using: &random)!
        ))
      let sharer = alices.randomElement(using: &random)!
      steps += [
        (sharer, ["share", title]), (bobs.randomElement(using: &random)!, ["accept-share", Self.lastLink]),
      ]
      for (device, arguments) in steps { try step(device, arguments) }
    case .copiedNewRows:
      let original = alices.randomElement(using: &random)!
      for arguments in [["add-game", title], ["add-player", title, first], ["add-player", title, second]] {
        try step(original, ["--offline"] + arguments)
      }
      guard world.devices.count < 8 else { return }
      let copy = try world.copy(original)
      let deletion = [["remove-player", title, first, "--force"], ["delete-game", title, "--force"]]
        .randomElement(using: &random)!
      let change = [["score", title, first, "+3"], ["rename-player", title, first, "Flo"]].randomElement(
        using: &random)!
      let (deleter, changer) = Bool.random(using: &random) ? (original, copy) : (copy, original)
      var sides = [(deleter, deletion), (changer, change)]
      if Bool.random(using: &random) { sides.reverse() }
      var deleted = false
      for (device, arguments) in sides {
        let arguments = (Bool.random(using: &random) ? ["--offline"] : []) + arguments
        let result = try world.start(device, arguments)()
        CLIRandomTests.expectSound(result, of: arguments, on: device, seed: seed, links: &links)
        if arguments.last == "--force" { deleted = result.status == 0 }
      }
      // The deletion wins, whatever the other side did to what it deleted,
      // once both have synced: the two agreeing is not enough.
      guard deleted else { return }
      for device in [deleter, changer, deleter, changer] { try step(device, ["sync"]) }
      for device in [deleter, changer] {
        let list = try world.json(device, ["list"]) as! [String: Any]
        let game = (list["games"] as! [[String: Any]]).first { ($0["title"] as? String) == title }
        if deletion[0] == "delete-game" {
          #expect(game == nil, "seed \(seed): \(title), deleted, is on \(device.name)")
        } else {
          let players = try game.map {
            try world.json(device, ["list", $0["id"] as! String]) as! [String: Any]
          }
          let names = (players?["standings"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
          #expect(names == [second], "seed \(seed): \(title) on \(device.name): \(names ?? [])")
        }
      }
    }
  }

  /// Stands for the last link a command printed, when the step runs.
  static let lastLink = "<last link>"
}
