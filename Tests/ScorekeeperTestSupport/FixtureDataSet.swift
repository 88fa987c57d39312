@_spi(Testing) import ScorekeeperCore
import Synchronization

/// The data each schema version's fixture holds, and what it must become
/// after an upgrade to the current schema.
///
/// A fixture is written once, by the code of its version, and never again;
/// so is its entry here. When schema v(N+1) changes how data is stored, it
/// adds `expectedAfterUpgrade` cases describing how every older fixture's
/// rows look in the new schema, which is exactly what its migration must do.
public enum FixtureDataSet {
  /// Rows per table, in the current schema, as `Database.rows(of:columns:)`
  /// returns them (every column, sorted).
  public typealias Tables = [String: [[SQLValue]]]

  /// Fills a fresh database of the current version with its fixture data,
  /// through the store, as that version's users would have.
  public static func fill(_ store: Store, version: Int) throws {
    switch version {
    case 1:
      _ = try store.addGame(title: "Poker night")
      _ = try store.addPlayer(to: "Poker night", name: "Alice", score: 42)
      _ = try store.addPlayer(to: "Poker night", name: "Bob \"the bluff\" O'Neil; --", score: -17)
      _ = try store.addPlayer(to: "Poker night", name: "Z", score: Points(Int64.max))
      _ = try store.addPlayer(to: "Poker night", name: "Zoë 🃏 شطرنج 麻雀", score: Points(Int64.min))
      // A second Alice: v1 allowed two players of one name (v19 refuses it).
      _ = try store.addPlayer(to: "Poker night", name: "Alice", score: 0, allowingSameName: true)
      _ = try store.addGame(title: longTitle)
      _ = try store.addPlayer(to: longTitle, name: longName, score: 1)
      _ = try store.addGame(title: "Ω")
    case 2:
      // v1's data, entered through v2 (starting scores become events), then
      // score changes and an undo.
      try fill(store, version: 1)
      _ = try store.score(in: "Poker night", "Bob \"the bluff\" O'Neil; --", .add(5))
      _ = try store.score(in: "Poker night", "Z", .add(-1))
      _ = try store.history.undo()
    case 3, 4, 5, 6, 7:
      // v2's data; v3 adds the sync metadata the triggers record for it,
      // v4 makes those triggers part of the schema, v7 lists the changes.
      try fill(store, version: 2)
    case 8:
      // v7's, and photos: one kept, one replaced, one removed.
      try fill(store, version: 7)
      let (poker, bob) = ("Poker night", "Bob \"the bluff\" O'Neil; --")
      _ = try store.photos.set(in: poker, "Z", bytes: TestImages.gif(width: 1, height: 1))
      _ = try store.photos.set(in: poker, "Z", bytes: photoOfZ)
      _ = try store.photos.set(in: poker, bob, bytes: TestImages.jpeg(width: 640, height: 480))
      _ = try store.photos.remove(in: poker, bob)
      _ = try store.photos.set(in: longTitle, longName, bytes: photoOfLongName)
    case 9, 10, 11, 12:
      // v8's: v9 adds an index, v10 a table of archived games, v11 changes
      // triggers, v12 trims the change log as it goes; no data of their own.
      try fill(store, version: 8)
    case 13:
      // v12's, and a game played by v13's rules: lowest wins at 100, in
      // rounds, with teams, a correction undone, finished and reopened.
      try fill(store, version: 12)
      _ = try store.addGame(title: "Hearts", rules: GameRules(winner: .lowest, target: 100))
      _ = try store.addPlayer(to: "Hearts", name: "Ann", team: "Owls")
      _ = try store.addPlayer(to: "Hearts", name: "Bob")
      _ = try store.addRound(in: "Hearts", [("Ann", 60), ("Bob", 13)])
      _ = try store.addRound(in: "Hearts", [("Ann", 0), ("Bob", 26)])
      _ = try store.fixRound(in: "Hearts", number: 1, [("Bob", 12)])
      _ = try store.history.undo()
      _ = try store.setTeam(in: "Hearts", "Bob", to: "Larks")
      _ = try store.finish("Hearts")
      _ = try store.reopen("Hearts")
    case 14:
      // v13's: v14's notes of results changed by a sync need a sync.
      try fill(store, version: 13)
    case 15:
      // v14's, and who is who: Alice is Ann, and Bob in Hearts is a
      // person of his own. (Results are cached only when read.)
      try fill(store, version: 14)
      _ = try store.people.merge("Ann", "Alice")
      _ = try store.people.split("Bob", games: ["Hearts"])
    case 16:
      // v15's, and points with decimals: a chess match to 2.5 in half
      // points, Ann starting on 0.5, Bob docked 0.125 outside the rounds.
      try fill(store, version: 15)
      let half = Points(thousandths: 500)
      _ = try store.addGame(title: "Chess", rules: GameRules(target: Points(thousandths: 2500)))
      _ = try store.addPlayer(to: "Chess", name: "Ann", score: half)
      _ = try store.addPlayer(to: "Chess", name: "Bob")
      _ = try store.addRound(in: "Chess", [("Ann", 1), ("Bob", 0)])
      _ = try store.addRound(in: "Chess", [("Ann", half), ("Bob", half)])
      _ = try store.score(in: "Chess", "Bob", .add(Points(thousandths: -125)))
    case 17:
      // v16's, and Chess kept out of statistics, then finished naming Bob,
      // who ranks first although Ann leads.
      try fill(store, version: 16)
      _ = try store.setRules(in: "Chess", winner: nil, target: nil, rounds: nil, counted: false)
      _ = try store.finish("Chess", winners: ["Bob"])
    case 18:
      // v17's: v18 adds an index and rewrites two triggers; no data of its own.
      try fill(store, version: 17)
    case 19:
      // v18's, its finish now saying it is competitive; no data of its own.
      try fill(store, version: 18)
    case 20:
      // v19's: v20 adds a column no data set fills (a restore's mark).
      try fill(store, version: 19)
    case 21:
      // v20's: v21 adds a table no data set fills (the sync's tombstones).
      try fill(store, version: 20)
    case 22:
      // v21's: v22 adds a column no data set fills (a lead to win by).
      try fill(store, version: 21)
    case 23:
      // v22's: v23 adds columns no data set fills (a start, a bust).
      try fill(store, version: 22)
    case 24:
      // v23's: v24 adds a column no data set fills (a round's name).
      try fill(store, version: 23)
    case 25:
      // v24's: v25 adds columns no data set fills (when a backdated change was entered).
      try fill(store, version: 24)
    case 26:
      // v25's: v26 adds a table no data set fills (kinds' rules).
      try fill(store, version: 25)
    case 27:
      // v26's: v27 adds a column no data set fills (a team's seat).
      try fill(store, version: 26)
    case 28:
      // v27's: v28 adds columns only a sync fills (who made a change).
      try fill(store, version: 27)
    case 29:
      // v28's: v29 changes only what a sync fills (a scorer's role in a zone).
      try fill(store, version: 28)
    case 30:
      // v29's: v30 adds an index and no data.
      try fill(store, version: 29)
    case 31:
      // v30's: v31 rewrites the sync triggers, which record the same rows.
      try fill(store, version: 30)
    case 32:
      // v31's: v32 moves what a sync fills (merge bases) into syncRecords.
      try fill(store, version: 31)
    case 33:
      // v32's: v33 makes syncRecords again with the same rows.
      try fill(store, version: 32)
    default:
      preconditionFailure("No fixture data set for schema version \(version): add one")
    }
  }

  /// What the fixture of `version` holds once upgraded to the current schema.
  public static func expectedAfterUpgrade(fromVersion version: Int) -> Tables {
    var tables = withExactTotals(withSyncMetadata(userData(fromVersion: version), version: version))
    tables["archivedGames"] = []  // v10's; no fixture archived a game
    tables["syncTombstones"] = []  // v21's; no fixture synced
    tables["kindRules"] = []  // v26's; no fixture set a kind's rules
    tables["resultChanges"] = []  // v14's; no fixture synced
    tables["personLinks"] = tables["personLinks"] ?? []  // v15's
    tables["finishedResults"] = []  // v15's cache, filled when results are read
    tables["games"] = tables["games"]?.map { $0 + [.null] }  // v14's kind: none said
    if version >= 13 {
      tables["players"] = tables["players"]?.map { row in
        guard case .text(let id) = row[0] else { preconditionFailure("ids are text") }
        return row + [teamsMadeByV13[id].map(SQLValue.text) ?? .null]
      }
    } else {
      // v13: players have no team, score events no round, and no game
      // has rounds or game events.
      tables["players"] = tables["players"]?.map { $0 + [.null] }
      tables["scoreEvents"] = tables["scoreEvents"]?.map { $0 + [.null] }
      tables["rounds"] = []
      tables["gameEvents"] = []
      tables["localDevice"] = tables["localDevice"]?.map { $0 + [.null] }  // no log entry stamped yet
    }
    if version < 12 {
      // v12 names what each entry is about; older entries name nothing.
      tables["localChanges"] = tables["localChanges"]?.map { $0 + [.null, .null] }
    }
    if version < 16 {
      // v16: every older change and target is whole (no thousandths).
      tables["scoreEvents"] = tables["scoreEvents"]?.map { $0 + [.null] }
      tables["gameEvents"] = tables["gameEvents"]?.map { $0 + [.null] }
    }
    if version < 17 {
      // v17: no older finish gave places, and every older game counts.
      tables["gameEvents"] = tables["gameEvents"]?.map { $0 + [.null, .null] }
    }
    if version < 19 {
      // v19: no older rule change or finish said whether it was co-operative.
      tables["gameEvents"] = tables["gameEvents"]?.map { $0 + [.null] }
    }
    // v22: no rule change of any data set sets a lead to win by; v23: nor
    // a start, its thousandths, a bust or a target of 0.
    tables["gameEvents"] = tables["gameEvents"]?.map { $0 + [.null, .null, .null, .null, .null] }
    // v24: no round of any data set has a name.
    tables["rounds"] = tables["rounds"]?.map { $0 + [.null] }
    // v25: no change of any data set was entered after it happened.
    for table in ["scoreEvents", "rounds", "gameEvents"] {
      tables[table] = tables[table]?.map { $0 + [.null] }
    }
    // v16 keeps a total's thousandths, after the team: none but Bob's in Chess.
    tables["players"] = tables["players"]?.map { row in
      guard case .text(let id) = row[0] else { preconditionFailure("ids are text") }
      return row + [.integer(version >= 16 ? totalThousandthsMadeByV16[id] ?? 0 : 0)]
    }
    // v27: no player of any data set is a team's seat.
    tables["players"] = tables["players"]?.map { $0 + [.null] }
    // v28: every change of every data set was made on its own device (no author).
    for table in ["scoreEvents", "rounds", "gameEvents"] {
      tables[table] = tables[table]?.map { $0 + [.null] }
    }
    return tables
  }

  /// The thousandths of the totals v16's data set left: Bob's 0.375.
  static let totalThousandthsMadeByV16 = [negativeID(38): Int64(375)]

  /// The teams v13's data set gave its players, by id: Bob joined his
  /// after he was added (his record changed twice).
  static let teamsMadeByV13 = [negativeID(19): "Owls", negativeID(20): "Larks"]

  /// How many times v8's data set changed each photo (Z's was replaced,
  /// Bob's removed).
  static let photoChangeCounts = [negativeID(5): Int64(2), negativeID(3): 2, negativeID(11): 1]
  static let photoOfZ = TestImages.png(width: 3, height: 2)
  static let photoOfLongName = TestImages.webP(width: 1920, height: 1080, .lossy)

  /// The games, players, events and device of each fixture, in the current schema.
  static func userData(fromVersion version: Int) -> Tables {
    let id = { (n: UInt64) in SQLValue.text(negativeID(n)) }
    let device: SQLValue = .text(UUIDGenerator.format(high: 0xd000_0000_0000_0000, low: 1))
    let time: SQLValue = "2026-01-01T00:00:00.000Z"
    /// A score event row: id, playerID, delta, time, device, undoes.
    func event(_ n: UInt64, player: UInt64, _ delta: Int64, undoes: UInt64? = nil) -> [SQLValue] {
      [id(n), id(player), .integer(delta), time, device, undoes.map(id) ?? .null]
    }
    switch version {
    case 1:
      let game = id
      return [
        "playerPhotos": [],
        "localDevice": [[1, device, thisFile]],
        // v2's migration: one event per non-zero score, in the players'
        // insertion order, ids from the generator's start.
        "scoreEvents": [
          event(0, player: 1, 42), event(1, player: 2, -17), event(2, player: 3, .max),
          event(3, player: 4, .min), event(4, player: 7, 1),
        ].sorted(by: sqlOrder),
        "games": [
          [game(0), "Poker night"],
          [game(6), .text(longTitle)],
          [game(8), "Ω"],
        ].sorted(by: sqlOrder),
        // v7's migration lists this device's events, in the order made.
        "localChanges": (0...4).map { [.integer($0 + 1), id(UInt64($0)), .null] },
        "players": [
          [.text(negativeID(1)), game(0), "Alice", 42],
          [.text(negativeID(2)), game(0), "Bob \"the bluff\" O'Neil; --", -17],
          [.text(negativeID(3)), game(0), "Z", .integer(Int64.max)],
          [.text(negativeID(4)), game(0), "Zoë 🃏 شطرنج 麻雀", .integer(Int64.min)],
          [.text(negativeID(5)), game(0), "Alice", 0],
          [.text(negativeID(7)), game(6), .text(longName), 1],
        ].sorted(by: sqlOrder),
      ]
    case 8:
      var tables = userData(fromVersion: 7)
      let photoChanges = [
        "set the photo of \(quote("Z")) in \(quote("Poker night"))",
        "set the photo of \(quote("Z")) in \(quote("Poker night"))",
        "set the photo of \(quote("Bob \"the bluff\" O'Neil; --")) in \(quote("Poker night"))",
        "removed the photo of \(quote("Bob \"the bluff\" O'Neil; --")) in \(quote("Poker night"))",
        "set the photo of \(quote(longName)) in \(quote(longTitle))",
      ]
      let made = tables["localChanges"]!.count
      tables["localChanges"]! += photoChanges.enumerated().map {
        [.integer(Int64(made + $0 + 1)), .null, .text($1)]
      }
      func photo(_ player: UInt64, _ type: String, _ width: Int64, _ height: Int64, _ bytes: [UInt8])
        -> [SQLValue]
      {
        [
          id(player), .text(type), .integer(width), .integer(height), .integer(Int64(bytes.count)),
          .text(sha256Hex(bytes)), .blob(bytes),
        ]
      }
      tables["playerPhotos"] = [
        photo(5, "png", 3, 2, photoOfZ),
        [id(3), .null, .null, .null, .null, .null, .null],
        photo(11, "webp", 1920, 1080, photoOfLongName),
      ].sorted(by: sqlOrder)
      return tables
    case 9, 10, 11:
      return userData(fromVersion: 8)
    case 14:
      return userData(fromVersion: 13)
    case 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33:
      return userData(fromVersion: 19)
    case 19:
      // v18's, in v19's columns: each finish says it is competitive, as
      // every finish v19's store makes without --cooperative does.
      var tables = userData(fromVersion: 18)
      tables["gameEvents"] = tables["gameEvents"]!.map { $0 + [$0[4] == "finish" ? 0 : .null] }
      return tables
    case 18:
      return userData(fromVersion: 17)
    case 17:
      // v16's (in v17's columns), and Chess's two events, ids 45 and 46,
      // a millisecond apart after v16's last change (12 ms): the rules
      // (counted 0, nothing else changed) and the finish naming Bob.
      var tables = userData(fromVersion: 16)
      let chess = SQLValue.text(negativeID(34))
      tables["gameEvents"] =
        (tables["gameEvents"]!.map { $0 + [.null, .null] } + [
          [
            id(45), chess, "2026-01-01T00:00:00.013Z", device, "rules", .null, .null, .null, .null, .null,
            .null, 0,
          ],
          [
            id(46), chess, "2026-01-01T00:00:00.014Z", device, "finish", .null, .null, .null, id(38), .null,
            .null,
            .null,
          ],
        ]).sorted(by: sqlOrder)
      tables["localDevice"] = [[1, device, thisFile, "2026-01-01T00:00:00.014Z"]]
      // The log keeps the last change that is not a score change: the finish.
      tables["localChanges"] = [[41, .null, .text("finished \(quote("Chess"))"), chess, .null]]
      return tables
    case 16:
      // v15's (in v16's columns), and Chess: ids 34 to 44 in the order
      // v16's store made them, each a millisecond after the
      // one before (v15's last log entry was the reopening, at 7 ms).
      var tables = userData(fromVersion: 15)
      tables["scoreEvents"] = tables["scoreEvents"]!.map { $0 + [.null] }
      tables["gameEvents"] = tables["gameEvents"]!.map { $0 + [.null] }
      let chess = id(34)
      func at(_ milliseconds: Int) -> SQLValue {
        .text("2026-01-01T00:00:00.0" + (milliseconds < 10 ? "0" : "") + "\(milliseconds)Z")
      }
      func event(
        _ n: UInt64, player: UInt64, _ delta: Int64, _ thousandths: Int64?, round: UInt64?, _ ms: Int
      )
        -> [SQLValue]
      {
        [
          id(n), id(player), .integer(delta), at(ms), device, .null, round.map(id) ?? .null,
          thousandths.map(SQLValue.integer) ?? .null,
        ]
      }
      tables["games"] = (tables["games"]! + [[chess, "Chess"]]).sorted(by: sqlOrder)
      // Ann: 0.5 + 1 + 0.5 = 2 (no thousandths left); Bob: 0.5 - 0.125 =
      // 0.375, as v16 keeps a total: its whole part rounded down, then
      // the thousandths.
      tables["players"] = (tables["players"]! + [[id(36), chess, "Ann", 2], [id(38), chess, "Bob", 0]])
        .sorted(by: sqlOrder)
      tables["rounds"] =
        (tables["rounds"]! + [
          [id(39), chess, at(10), device, .null, .null], [id(41), chess, at(11), device, .null, .null],
        ]).sorted(by: sqlOrder)
      tables["scoreEvents"] =
        (tables["scoreEvents"]! + [
          event(37, player: 36, 0, 500, round: nil, 9), event(40, player: 36, 1, nil, round: 39, 10),
          event(42, player: 36, 0, 500, round: 41, 11), event(43, player: 38, 0, 500, round: 41, 11),
          event(44, player: 38, 0, -125, round: nil, 12),
        ]).sorted(by: sqlOrder)
      tables["gameEvents"] =
        (tables["gameEvents"]! + [
          [id(35), chess, at(8), device, "rules", "highest", 2, .null, .null, 500]
        ]).sorted(by: sqlOrder)
      tables["localDevice"] = [[1, device, thisFile, at(12)]]
      // The log keeps the last change that is not a score change, and those since.
      tables["localChanges"] = [
        [36, .null, .text("added \(quote("Bob")) to \(quote("Chess"))"), chess, id(38)],
        [37, id(39), .null, .null, .null], [38, id(41), .null, .null, .null],
        [39, id(44), .null, .null, .null],
      ]
      return tables
    case 15:
      // v14's, and two person links (ids 32 and 33), each listed for undo.
      var tables = userData(fromVersion: 14)
      tables["personLinks"] = [
        [id(32), "merge", time, device, "ann", "alice", .null, .null, .null],
        [id(33), "split", time, device, "bob", .null, "Bob", .text("[\"\(negativeID(17))\"]"), .null],
      ].sorted(by: sqlOrder)
      tables["localChanges"]! += [[31, id(32), .null, .null, .null], [32, id(33), .null, .null, .null]]
      return tables
    case 13:
      // v12's, and Hearts: ids 17 to 31 in the order v13's store made
      // them, each round and game event a millisecond after the one before
      // (under the fixtures' fixed clock; the rules came with the game).
      var tables = userData(fromVersion: 12)
      let hearts = id(17)
      func at(_ milliseconds: Int) -> SQLValue { .text("2026-01-01T00:00:00.00\(milliseconds)Z") }
      func round(_ n: UInt64, _ milliseconds: Int, fixes: UInt64? = nil, undoes: UInt64? = nil) -> [SQLValue]
      {
        [id(n), hearts, at(milliseconds), device, fixes.map(id) ?? .null, undoes.map(id) ?? .null]
      }
      func event(_ n: UInt64, player: UInt64, _ delta: Int64, round: UInt64, _ ms: Int, undoes: UInt64? = nil)
        -> [SQLValue]
      {
        [id(n), id(player), .integer(delta), at(ms), device, undoes.map(id) ?? .null, id(round)]
      }
      func gameEvent(
        _ n: UInt64, _ kind: String, at milliseconds: Int, winner: SQLValue = .null, target: SQLValue = .null
      ) -> [SQLValue] {
        [id(n), hearts, at(milliseconds), device, .text(kind), winner, target, .null, .null]
      }
      tables["games"] = (tables["games"]! + [[hearts, "Hearts"]]).sorted(by: sqlOrder)
      tables["players"] = (tables["players"]! + [[id(19), hearts, "Ann", 60], [id(20), hearts, "Bob", 39]])
        .sorted(by: sqlOrder)
      tables["rounds"] = [
        round(21, 2), round(24, 3), round(26, 4, fixes: 21), round(28, 5, undoes: 26),
      ].sorted(by: sqlOrder)
      // Round 1: Ann 60, Bob 13; round 2: Bob 26 (Ann's 0 is not written);
      // the correction of round 1 (Bob 12), undone.
      tables["scoreEvents"] =
        (tables["scoreEvents"]!.map { $0 + [.null] } + [
          event(22, player: 19, 60, round: 21, 2), event(23, player: 20, 13, round: 21, 2),
          event(25, player: 20, 26, round: 24, 3), event(27, player: 20, -1, round: 26, 4),
          event(29, player: 20, 1, round: 28, 5, undoes: 27),
        ]).sorted(by: sqlOrder)
      tables["gameEvents"] = [
        // Each after this device's latest log entry (v12's score changes at
        // 0 ms, the undo at 5 ms).
        gameEvent(18, "rules", at: 1, winner: "lowest", target: 100), gameEvent(30, "finish", at: 6),
        gameEvent(31, "reopen", at: 7),
      ].sorted(by: sqlOrder)
      // The device's latest log entry: the reopening.
      tables["localDevice"] = [[1, device, thisFile, at(7)]]
      // The log keeps the last change (reopen), which names the game.
      tables["localChanges"] = [[30, .null, .text("reopened \(quote("Hearts"))"), hearts, .null]]
      return tables
    case 12:
      // From v12 the log keeps only what undo can reach: v8's last change,
      // a photo set (no score change came after it), with what it names.
      var tables = userData(fromVersion: 8)
      let last = tables["localChanges"]!.last!
      tables["localChanges"] = [last + [id(10), id(11)]]
      return tables
    case 2, 3, 4, 5, 6, 7:
      return [
        "playerPhotos": [],
        "localChanges": version < 7
          // v7's migration: this device's events but the undo, in the order made.
          ? [2, 4, 6, 8, 12, 14, 15].enumerated().map { [.integer(Int64($0 + 1)), id($1), .null] }
          : localChangesMadeByV7(id),
        "localDevice": [[1, device, thisFile]],
        "games": [[id(0), "Poker night"], [id(10), .text(longTitle)], [id(13), "Ω"]].sorted(by: sqlOrder),
        "players": [
          [id(1), id(0), "Alice", 42],
          [id(3), id(0), "Bob \"the bluff\" O'Neil; --", -12],
          [id(5), id(0), "Z", .integer(Int64.max)],
          [id(7), id(0), "Zoë 🃏 شطرنج 麻雀", .integer(Int64.min)],
          [id(9), id(0), "Alice", 0],
          [id(11), id(10), .text(longName), 1],
        ].sorted(by: sqlOrder),
        "scoreEvents": [
          event(2, player: 1, 42), event(4, player: 3, -17), event(6, player: 5, .max),
          event(8, player: 7, .min), event(12, player: 11, 1), event(14, player: 3, 5),
          event(15, player: 5, -1), event(16, player: 5, 1, undoes: 15),
        ].sorted(by: sqlOrder),
      ]
    default:
      preconditionFailure("No expected data for the v\(version) fixture: add it")
    }
  }

  /// v2's data entered through v7's store: each addition after its
  /// starting score, then the two score changes (the undo is not listed).
  static func localChangesMadeByV7(_ id: (UInt64) -> SQLValue) -> [[SQLValue]] {
    enum Change {
      case event(UInt64)
      case other(String)
    }
    let poker = quote("Poker night")
    let changes: [Change] = [
      .other("added the game \(poker)"),
      .event(2), .other("added \(quote("Alice")) to \(poker) with 42 points"),
      .event(4), .other("added \(quote("Bob \"the bluff\" O'Neil; --")) to \(poker) with -17 points"),
      .event(6), .other("added \(quote("Z")) to \(poker) with \(Int64.max) points"),
      .event(8), .other("added \(quote("Zoë 🃏 شطرنج 麻雀")) to \(poker) with \(Int64.min) points"),
      .other("added \(quote("Alice")) to \(poker)"),
      .other("added the game \(quote(longTitle))"),
      .event(12), .other("added \(quote(longName)) to \(quote(longTitle)) with 1 point"),
      .other("added the game \(quote("Ω"))"),
      .event(14), .event(15),
    ]
    return changes.enumerated().map { index, change in
      switch change {
      case .event(let n): [.integer(Int64(index + 1)), id(n), .null]
      case .other(let description): [.integer(Int64(index + 1)), .null, .text(description)]
      }
    }
  }

  /// v7 keeps each player's exact total beside the clamped score: every
  /// fixture's totals fit in 64 bits, so the parts are the score's.
  static func withExactTotals(_ tables: Tables) -> Tables {
    var tables = tables
    tables["players"] = tables["players"]?.map { row in
      guard case .integer(let score) = row[3] else { preconditionFailure("scores are integers") }
      return row + [.integer(score >> 32), .integer(score & 0xffff_ffff)]
    }
    return tables
  }

  /// The sync metadata of never-synced rows, all pending save, as v3's
  /// migration (for older fixtures) and the tracking triggers (for newer
  /// ones) both record them: every row at the fixtures' clock time.
  static func withSyncMetadata(_ tables: Tables, version: Int) -> Tables {
    var tables = tables
    let time: SQLValue = "2026-01-01T00:00:00.000Z"
    var records: [[SQLValue]] = []
    var times: [[SQLValue]] = []
    func text(_ value: SQLValue) -> String {
      guard case .text(let text) = value else { preconditionFailure("ids are text") }
      return text
    }
    let gameOfPlayer = Dictionary(
      uniqueKeysWithValues: (tables["players"] ?? []).map { (text($0[0]), text($0[1])) })
    for game in tables["games"] ?? [] {
      let id = text(game[0])
      records.append([
        .text("\(id):games"), "games", game[0], .text("game-\(id)"), "", .null, .null, "pendingSave", 1,
      ])
      times.append([.text("\(id):games"), "title", time])
    }
    for player in tables["players"] ?? [] {
      let (id, game) = (text(player[0]), text(player[1]))
      records.append([
        .text("\(id):players"), "players", player[0], .text("game-\(game)"), "", .text("\(game):games"),
        .null, "pendingSave", .integer(teamsMadeByV13[id] == "Larks" && version >= 13 ? 2 : 1),
      ])
      times.append([.text("\(id):players"), "name", time])
      // From v13 a team is timed from when it is set.
      if version >= 13, teamsMadeByV13[id] != nil { times.append([.text("\(id):players"), "team", time]) }
    }
    for table in ["rounds", "gameEvents"] {
      for row in tables[table] ?? [] {
        let (id, game) = (text(row[0]), text(row[1]))
        records.append([
          .text("\(id):\(table)"), .text(table), row[0], .text("game-\(game)"), "", .text("\(game):games"),
          .null, "pendingSave", 1,
        ])
      }
    }
    for link in tables["personLinks"] ?? [] {
      records.append([
        .text("\(text(link[0])):personLinks"), "personLinks", link[0], "people", "", .null, .null,
        "pendingSave", 1,
      ])
    }
    for event in tables["scoreEvents"] ?? [] {
      let (id, player) = (text(event[0]), text(event[1]))
      records.append([
        .text("\(id):scoreEvents"), "scoreEvents", event[0], .text("game-\(gameOfPlayer[player]!)"), "",
        .text("\(player):players"), .null, "pendingSave", 1,
      ])
      // Score events are append-only: no field times (since v4).
    }
    for photo in tables["playerPhotos"] ?? [] {
      let id = text(photo[0])
      records.append([
        .text("\(id):playerPhotos"), "playerPhotos", photo[0], .text("game-\(gameOfPlayer[id]!)"), "",
        .text("\(id):players"), .null, "pendingSave", .integer(photoChangeCounts[id]!),
      ])
      // Fields that change together are timed by their key alone.
      times.append([.text("\(id):playerPhotos"), "sha256", time])
    }
    // v32: no fixture synced, so no record has a merge base.
    tables["syncRecords"] = records.map { $0 + [.blob([])] }.sorted(by: sqlOrder)
    tables["syncFieldTimes"] = times.sorted(by: sqlOrder)
    tables["syncZones"] = []
    tables["syncState"] = [[1, .null, .null, .null, .null, .null, .null, .null, .null, .null, .null, .null]]
    return tables
  }

  /// Stands for `localDevice.file` when it names the file the row is in:
  /// tests replace the real device and inode numbers with it.
  public static let thisFile: SQLValue = "<this file>"

  /// 200 characters, the longest title allowed, in several scripts.
  static let longTitle = String(repeating: "Long night ", count: 17) + "of 🎲 and ♣︎♦︎!!"
  static let longName = String(repeating: "n", count: 199) + "é"
}

/// Orders rows as SQLite's ORDER BY over all columns would, for values of
/// one storage class per column: integers numerically, text by UTF-8 bytes.
public func sqlOrder(_ lhs: [SQLValue], _ rhs: [SQLValue]) -> Bool {
  for (left, right) in zip(lhs, rhs) where left != right {
    switch (left, right) {
    case (.integer(let a), .integer(let b)): return a < b
    case (.text(let a), .text(let b)): return Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
    default: return left.storageClass < right.storageClass
    }
  }
  return lhs.count < rhs.count
}

extension UUIDGenerator {
  /// ffffffff-ffff-ffff-ffff-ffffffffffff, then …fffe, …: ids that never
  /// meet the incrementing generator's.
  public static func negative() -> UUIDGenerator {
    let counter = Counter()
    return UUIDGenerator { negativeID(counter.next()) }
  }
}

private final class Counter: Sendable {
  private let value = Mutex<UInt64>(0)
  func next() -> UInt64 {
    value.withLock { value in
      defer { value += 1 }
      return value
    }
  }
}
