import Foundation
import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// Three devices of one user make random changes, sync at random, through
/// random cloud failures, with clocks that tie, with imports of each
/// other's exports, and with the cloud put back from an older copy;
/// after a final sync all hold the same games, players
/// and scores, nothing waits, and every score event made is on every
/// device unless its player was removed (`EventLedger`).
///
/// A failing seed is in the test's name; replay it alone with
/// `SCOREKEEPER_SYNC_SEED=<seed> swift test --filter SyncRandomTests`.
@Suite(.tags(.random), .runAsTagged) struct SyncRandomTests {
  /// What hostile names start with in an edited export (JSON escapes):
  /// terminal escapes, a bidirectional override, a zero-width space, BEL.
  static let hostileNames = [#"\u001b]0;owned\u0007\u001b[2J"#, #"\u202e"#, #"\u200b"#, #"\u0007"#]

  static let seeds: [UInt64] =
    ProcessInfo.processInfo.environment["SCOREKEEPER_SYNC_SEED"].flatMap(UInt64.init).map { [$0] }
    ?? Array(1...200)

  @Test("three devices converge with no score event lost", arguments: CloudBacking.backends, seeds)
  func converge(backing: CloudBacking, seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let world = try SyncScenario(devices: 3, backing: backing)
    var ledger = EventLedger()
    // One seed in two on the mock, its administrator copies the cloud at
    // one step and puts it back at a later one, marking it restored:
    // what it acknowledged in between is gone but for the devices.
    let scratch = try TemporaryDirectory()
    let copy = scratch.file("cloud-copy.sqlite")
    let backUpAt = Int.random(in: 0..<20, using: &random)
    let putBackAt = Int.random(in: (backUpAt + 1)..<30, using: &random)
    let restores = !backing.isLive && Bool.random(using: &random)
    for index in 0..<30 {
      if restores && index == backUpAt { try world.cloud.cloud.backUp(into: copy) }
      if restores && index == putBackAt {
        try world.cloud.cloud.putBack(from: copy)
        try world.cloud.markRestored()
      }
      let device = world[Int.random(in: 0..<3, using: &random)]
      try step(device, world: world, random: &random, ledger: &ledger)
      if Bool.random(using: &random) {
        world.clock.advance(milliseconds: Int64.random(in: 0...1500, using: &random))
      }
    }
    world.cloud.clearFaults()
    let contents = try world.converge()
    ledger.expectOwedEvents(in: contents, "seed \(seed)")
  }

  @Test(
    "two users: alice on two devices shares a game with bob; all converge on what each may see",
    arguments: CloudBacking.backends, seeds)
  func sharedGame(backing: CloudBacking, seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let world = try SyncScenario(devices: 2, backing: backing)
    let bob = try TestDevice(3, user: "bob", cloud: world.cloud, clock: world.clock)
    let poker = try world[0].store.addGame(title: "Poker").id
    _ = try world[0].store.addPlayer(to: "Poker", name: "Ann")
    try world[0].sync()
    try world[1].sync()
    // Shared a few steps in, from either of alice's devices, while the
    // other may hold unsent changes to the game.
    let sharedAt = Int.random(in: 0..<8, using: &random)
    var ledger = EventLedger()
    for index in 0..<30 {
      if index == sharedAt {
        let owner = [world[0], world[1]].randomElement(using: &random)!
        world.cloud.clearFaults()
        do {
          let share = try owner.engine().share(gameID: poker, permission: .readWrite)
          _ = try bob.engine().accept(link: share.link)
        } catch SharingError.deletedElsewhere {
          // The other device deleted the game first: nothing to share.
        }
        continue
      }
      let device = [world[0], world[1], bob].randomElement(using: &random)!
      if device !== bob, index > sharedAt, Int.random(in: 0..<10, using: &random) == 0 {
        try shareAgain(poker, from: device, with: bob, world: world, random: &random)
        continue
      }
      // (Bob's BG Stats collection would be his own, of other plays: alice's alone here.)
      try step(
        device, world: world, random: &random, ledger: &ledger, mayDeleteGames: device !== bob,
        importsBGStats: device !== bob, observing: world.devices + [bob])
      if Bool.random(using: &random) {
        world.clock.advance(milliseconds: Int64.random(in: 0...1500, using: &random))
      }
    }
    world.cloud.clearFaults()
    for _ in 0..<5 {
      for device in [world[0], world[1], bob] { try device.sync() }
    }
    let aliceContents = try world.converge()
    #expect(try bob.unsynced() == [], "seed \(seed)")
    #expect(try bob.scoresMatchEvents(), "seed \(seed)")
    // Bob holds the shared game as alice does (or not at all, if she
    // deleted it), and none of alice's private games; once its sharing
    // ended for him, only a read-only copy, outside his games.
    if try bob.store.archivedGames().contains(where: { $0.summary.game.id == poker }) {
      #expect(try !bob.store.games().contains { $0.game.id == poker }, "seed \(seed)")
    } else {
      expectNoDifference(
        try world[0].contents(ofGame: poker), try bob.contents(ofGame: poker), "seed \(seed)")
    }
    // The access oracle (issue 49): bob holds the game exactly when
    // alice's share says he is in it, with the role it gives him.
    let share = try? world[0].engine().participants(gameID: poker)
    let bobInShare = share?.participants.first { $0.userName == "bob" && $0.acceptance == .accepted }
    let expected = bobInShare.map {
      GameAccess.sharedWithMe(owner: "alice", permission: $0.permission, onlyPlayer: $0.onlyPlayer)
    }
    let held =
      try bob.store.games().contains { $0.game.id == poker }
      ? try bob.store.access(toGame: poker).access : nil
    #expect(held == expected, "seed \(seed)")
    let aliceGames = Set(try world[0].store.games().map(\.game.id)).subtracting([poker])
    #expect(try bob.store.games().allSatisfy { !aliceGames.contains($0.game.id) }, "seed \(seed)")
    ledger.expectOwedEvents(in: aliceContents, "seed \(seed)")
  }

  /// One of alice's devices (which may not have fetched for a while)
  /// shares the game again, or stops sharing it and shares it anew, and
  /// bob joins by the new link: the other device is left holding a stale
  /// share, as when the owner works on two devices. Bob syncs first, so
  /// stopping drops none of his changes.
  private func shareAgain(
    _ game: String, from device: TestDevice, with bob: TestDevice, world: SyncScenario,
    random: inout SplitMix64
  ) throws {
    guard try device.store.games().contains(where: { $0.game.id == game }) else { return }
    world.cloud.clearFaults()
    try bob.sync()
    do {
      switch Int.random(in: 0..<6, using: &random) {
      case 0:
        try device.engine().stopSharing(gameID: game)
        let share = try device.engine().share(gameID: game, permission: .readWrite)
        _ = try bob.engine().accept(link: share.link)
      case 1:
        _ = try device.engine().share(gameID: game, permission: .readWrite)
      case 2:
        // Roles (issue 49): bob's changed, now and then to one player.
        let role = ShareRole.allCases.randomElement(using: &random)!
        let player = role == .scorer ? try device.store.players(of: game).randomElement(using: &random) : nil
        _ = try device.engine().changeShare(gameID: game, .role(role, user: "bob", onlyPlayer: player?.id))
      case 3:
        _ = try device.engine().changeShare(gameID: game, .remove(user: "bob"))
      case 4:
        // A new link, which bob tries (removed, he is refused).
        let share = try device.engine().changeShare(gameID: game, .newLink)
        _ = try bob.engine().accept(link: share.link)
      default:
        _ = try device.engine().share(
          gameID: game, permission: ShareRole.allCases.randomElement(using: &random)!.permission,
          everyone: false)
        _ = try device.engine().changeShare(
          gameID: game, .linkExpiry(Bool.random(using: &random) ? nil : Timestamp(millisecondsSince1970: 1)))
      }
    } catch SharingError.deletedElsewhere, SharingError.notShared, SharingError.neverJoined,
      SharingError.alreadyRemoved, SharingError.linkRefused
    {
      // The other device deleted the game or stopped sharing it since this
      // one last fetched; bob is not in the share (removed, or left with
      // it stopped); the link does not admit him.
    }
    // Bob learns his role before his next change, as he would by the
    // command's own sync (a role changed under a change he made offline
    // is SharingTests' and ForgedRoleProcessTests').
    try bob.sync()
  }

  /// Photos of each kind a step may give a player.
  /// The BG Stats collection every device's backups come from.
  static let bgstatsCollection: UInt64 = 45

  static let photos = [
    TestImages.gif(width: 1, height: 1), TestImages.png(width: 2, height: 2),
    TestImages.jpeg(width: 3, height: 3), TestImages.webP(width: 4, height: 4, .lossless),
  ]

  /// One random action on `device`: a change, a sync, or a fault.
  private func step(
    _ device: TestDevice, world: SyncScenario, random: inout SplitMix64, ledger: inout EventLedger,
    mayDeleteGames: Bool = true, importsBGStats: Bool = true, observing: [TestDevice]? = nil
  ) throws {
    let store = device.store
    let games = try store.games().map(\.game)
    let game = games.randomElement(using: &random)
    let players = try game.map { try store.players(of: $0.id) } ?? []
    switch Int.random(in: 0..<100, using: &random) {
    case 0..<60:
      do {
        try change(store, game: game, players: players, random: &random, mayDeleteGames: mayDeleteGames)
      } catch StoreError.gameFinished, StoreError.alreadyFinished, StoreError.rulesOfFinishedGame,
        StoreError.gameNotFinished, StoreError.nothingToUndo,
        StoreError.lastChangeNotAScore, StoreError.noPhoto, StoreError.noSuchRound,
        StoreError.roundLimitBelowPlayed, StoreError.samePerson, StoreError.personNotFound,
        StoreError.tableResultNeeded, StoreError.winnersOfTableResult, GameRulesError.cooperativeEndsByItself,
        GameRulesError.winByWithoutTarget, GameRulesError.bustWithoutTarget, GameRulesError.startAtTarget,
        GameRulesError.countdownHighestWins, StoreError.roundNameTaken, StoreError.noRoundNamed,
        StoreError.timeBeforeGameBegan, StoreError.personNameTaken, StoreError.personNamedAlready,
        StoreError.playerExists, StoreError.teamAndPlayerNamed, StoreError.readOnlyGame, StoreError
          .scorerOnly,
        StoreError.onlyOnePlayer, StoreError.notYourRound
      {
        // Refused as the rules say (a finished game, nothing to undo, a
        // change bob's role does not allow, …).
      }
    case 60..<62 where importsBGStats:
      // A BG Stats backup of the user's collection, some of its plays, in
      // one of two versions (plays edited in between), imported or only
      // counted: devices may import different versions before they sync.
      let file = RandomBGStatsFile.make(
        plays: Int.random(in: 1...4, using: &random), seed: Self.bgstatsCollection,
        version: UInt64.random(in: 0...1, using: &random), using: &random)
      _ = try store.transfer.importBGStats(
        from: ImportSource(bytes: Array(file.utf8)), dryRun: Bool.random(using: &random),
        timeZone: .fixed(minutesAheadOfUTC: 120, name: "Europe/Berlin"))
    case 62..<64:
      // A person moving games by file: another of this user's devices
      // exports its games, this one imports them (or only counts, dry).
      if let other = world.devices.filter({ $0.user == device.user && $0 !== device }).randomElement(
        using: &random)
      {
        var bytes: [UInt8] = []
        try other.store.transfer.exportJSON(games: []) { bytes.append(contentsOf: $0) }
        // Now and then with a name the commands refuse (a file edited, or
        // made by another program): refused whole, nothing written.
        let text = String(decoding: bytes, as: UTF8.self)
        if Int.random(in: 0..<3, using: &random) == 0, text.contains(#""name": ""#) {
          let hostile = Self.hostileNames.randomElement(using: &random)!
          let edited = text.replacing(#""name": ""#, with: #""name": ""# + hostile, maxReplacements: 1)
          let before = try device.contents()
          #expect(throws: ImportError.self) {
            try store.transfer.importExport(from: ImportSource(bytes: Array(edited.utf8)), dryRun: false)
          }
          #expect(try device.contents() == before)
        } else {
          _ = try store.transfer.importExport(
            from: ImportSource(bytes: bytes), dryRun: Bool.random(using: &random))
        }
      }
    case 64..<70:
      let faults = [
        "network-unavailable", "request-rate-limited:2", "zone-busy:1", "quota-exceeded",
        "service-unavailable:30",
      ]
      world.cloud.inject(try CloudFault.parse(faults.randomElement(using: &random)!))
    default:
      do {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: try device.sync()
        case 1: try device.send()
        case 2: try device.fetch()
        default:
          // Another process on this device removes a player while this
          // one's save is out (the player may be new, not yet on the cloud).
          let player = players.randomElement(using: &random)
          let other = try device.secondProcess()
          defer { other.close() }
          _ = try device.engine(whileSending: {
            if let game, let player { _ = try? other.removePlayer(from: game.id, player.id) }
          }).sync()
        }
      } catch let error as SyncError {
        guard case .stopped = error else { throw error }  // an injected fault: expected
      }
    }
    try ledger.record(madeOn: device)
    // Every device the test plays, bob's too: a player his sync removed
    // (deleted elsewhere) takes his events on it with it, though alice's
    // import may bring the player back later.
    try ledger.observe(observing ?? world.devices)
  }

  /// One random change to `store`'s data: every kind a person can make.
  private func change(
    _ store: Store, game: Game?, players: [Player], random: inout SplitMix64, mayDeleteGames: Bool
  ) throws {
    let player = players.randomElement(using: &random)
    let names = ["Ann", "Bob", "Cy", "Di"]
    switch Int.random(in: 0..<100, using: &random) {
    case 0..<6:
      // A third are countdowns with busts (darts, from 31): players start
      // there, and throws past 0 bust.
      // Or a game of a kind, with its rules: a built-in one, or the
      // user's own (its rounds take its names).
      let countdown = try GameRules(winner: .lowest, target: 0, start: 31, bust: true)
      let title = ["Poker", "Chess", "Go"].randomElement(using: &random)!
      switch Int.random(in: 0..<4, using: &random) {
      case 0: _ = try store.addGame(title: title, rules: countdown)
      case 1:
        let kind = ["Quiz", "Hearts", "Yahtzee"].randomElement(using: &random)!
        _ = try store.addGame(
          title: title, rules: try store.kindRules.forNewGame(kind: kind, KindRulesEdit()).rules, kind: kind)
      default: _ = try store.addGame(title: title)
      }
    case 6..<8:
      // Again, same players (issue 48): of any game here, shared ones too
      // (the rematch is this user's own game). Or a game entered from its
      // result, now or backdated (`--at`).
      if let game, Bool.random(using: &random) {
        _ = try store.rematch(game.id)
      } else {
        let at = [nil, Timestamp(iso8601: "2025-12-01T20:00:00.000Z")!].randomElement(using: &random)!
        _ = try store.recording(at: at) {
          try store.addResult(
            title: ["Poker", "Chess"].randomElement(using: &random)!,
            points: names.shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random)).map {
              ($0, Points.randomEntered(in: 0...20, using: &random))
            })
        }
      }
    case 8..<20:
      if let game { _ = try store.addPlayer(to: game.id, name: names.randomElement(using: &random)!) }
    case 20..<39:
      if let game, let player {
        _ = try store.score(in: game.id, player.id, .add(Points.randomEntered(in: -5...5, using: &random)))
      }
    case 39..<41:
      // Who is who: a merge of two names, or a name set apart in a game.
      if Bool.random(using: &random) {
        _ = try store.people.merge(names.randomElement(using: &random)!, names.randomElement(using: &random)!)
      } else if Bool.random(using: &random) {
        _ = try store.people.rename(
          names.randomElement(using: &random)!, to: ["Robin", "Sam"].randomElement(using: &random)!)
      } else if let game, let player, Bool.random(using: &random) {
        _ = try store.people.split(player.name, games: [game.id])
      } else if Bool.random(using: &random) {
        // A kind's rules, the user's own: synced to their devices alone.
        _ = try store.kindRules.set(
          ["Quiz", "hearts"].randomElement(using: &random)!,
          [
            KindRulesEdit(target: .set(Points.randomEntered(in: 5...30, using: &random))),
            KindRulesEdit(winner: .lowest, roundNames: .set(["Film", names.randomElement(using: &random)!])),
            KindRulesEdit(target: .remove, teamSize: .set(2)),
          ].randomElement(using: &random)!)
      } else if let kind = try store.kindRules.own().randomElement(using: &random) {
        _ = try store.kindRules.forget(kind.name)
      }
    case 41..<44:
      if let game, let player {
        try store.photos.set(in: game.id, player.id, bytes: Self.photos.randomElement(using: &random)!)
      }
    case 44..<45:
      if let game, let player { _ = try store.photos.remove(in: game.id, player.id) }
    case 45..<50:
      _ = try store.history.undo()
    case 50..<56:
      if let game { _ = try store.renameGame(game.id, to: names.randomElement(using: &random)! + "'s game") }
    case 56..<62:
      if let game, let player {
        _ = try store.renamePlayer(in: game.id, player.id, to: names.randomElement(using: &random)! + "!")
      }
    case 62..<66:
      if let game, let player { _ = try store.removePlayer(from: game.id, player.id) }
    case 66..<68:
      // A participant "deleting" leaves, through the CLI; not exercised here.
      if let game, mayDeleteGames { _ = try store.deleteGame(id: game.id) }
    case 68..<80:
      // A round: random points for some of the players.
      if let game, !players.isEmpty {
        let named = players.filter { _ in Bool.random(using: &random) }
        // Now, or entered late: in a game that began before, it goes in
        // among the rounds played since.
        let at = [nil, nil, nil, Timestamp(iso8601: "2025-12-01T21:00:00.000Z")!].randomElement(
          using: &random)!
        var points = named.map { (player: $0.id, points: Points.randomEntered(in: -3...12, using: &random)) }
        // A team's own points (Spades), named in any case, when the game
        // has teams; often a player joins one first, so that games of
        // teams are common enough (most rounds meet a finished game).
        var teams = Set(try store.gameStandings(of: game.id).rows.compactMap(\.team)).sorted()
        if teams.isEmpty, let player, Bool.random(using: &random) {
          _ = try store.setTeam(in: game.id, player.id, to: "Owls")
          teams = ["Owls"]
        }
        if let team = teams.randomElement(using: &random), Int.random(in: 0..<3, using: &random) > 0 {
          points.append(
            (
              player: Bool.random(using: &random) ? team : team.uppercased(),
              points: Points.randomEntered(in: -5...20, using: &random)
            ))
        }
        _ = try store.recording(at: at) {
          try store.addRound(
            in: game.id, points, name: [nil, nil, "Military", "Science"].randomElement(using: &random)!)
        }
      }
    case 80..<85:
      if let game, let player {
        _ = try store.fixRound(
          in: game.id,
          [.number(Int.random(in: 1...3, using: &random)), .name("science")].randomElement(using: &random)!,
          [(player: player.id, points: Points.randomEntered(in: 0...9, using: &random))])
      }
    case 85..<90:
      if let game {
        _ = try store.setRules(
          in: game.id, winner: [nil, .highest, .lowest].randomElement(using: &random)!,
          target: [nil, .remove, .set(Points.randomEntered(in: 5...30, using: &random))].randomElement(
            using: &random)!,
          winBy: [nil, nil, .remove, .set(Int.random(in: 1...3, using: &random))].randomElement(
            using: &random)!,
          rounds: [nil, .remove, .set(Int.random(in: 3...8, using: &random))].randomElement(using: &random)!,
          counted: [nil, nil, true, false].randomElement(using: &random)!,
          cooperative: [nil, nil, nil, true, false].randomElement(using: &random)!,
          bust: [nil, nil, nil, true, false].randomElement(using: &random)!)
      }
    case 90..<95:
      if let game {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: _ = try store.finish(game.id, winners: player.map { [$0.id] })
        // Everyone named (a draw), or the table's result.
        case 1: _ = try store.finish(game.id, winners: try store.players(of: game.id).map(\.id))
        case 2: _ = try store.finish(game.id, table: TableResult.allCases.randomElement(using: &random)!)
        default:
          _ = try store.reopen(game.id)
        }
      }
    case 95..<97:
      // A read-only copy made a game again, when there is one.
      if Bool.random(using: &random), let copy = try store.archivedGames().randomElement(using: &random) {
        _ = try store.reviveArchivedGame(copy.summary.game.id)
      } else if let game {
        _ = try store.setKind(
          in: game.id, to: ["Hearts", "hearts", "Chess", nil].randomElement(using: &random)!)
      }
    default:
      if let game, let player {
        _ = try store.setTeam(
          in: game.id, player.id, to: ["Owls", "Larks", nil].randomElement(using: &random)!)
      }
    }
  }
}
