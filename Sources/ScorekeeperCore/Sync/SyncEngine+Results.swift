extension SyncEngine {
  /// The results of the games a zone's fetch changes, each read before
  /// its first change arrives; once the zone is fetched, each finished
  /// game whose result then differs is noted (`Store.noteResultChange`),
  /// so `history` can say why its winners changed.
  final class ResultWatch {
    fileprivate var before: [String: GameResult] = [:]
    fileprivate var seen: Set<String> = []
    /// The game of each record name looked up, nil for none here.
    fileprivate var gameOfRecord: [String: String?] = [:]
  }

  /// Reads, inside the write that applies them, the results of the games
  /// that `changed` records and `deleted` record names touch, for those
  /// not read yet. A game's rules, rounds, points and players decide its
  /// result; its title and photos do not. A changed record's game is its
  /// parent's (a new row is not here yet, its parent may be), so a fetch
  /// of many score events looks up each player's game once.
  func watchResults(changed: [CloudRecord], deleted: [String], in watch: ResultWatch) throws {
    var games: [String] = []
    for record in changed {
      guard Self.decidesResults.contains(record.type),
        let parent = record.parent?.name, let game = try gameID(ofRecordNamed: parent, watch)
      else { continue }
      games.append(game)
    }
    for name in deleted {
      if let game = try gameID(ofRecordNamed: name, watch) { games.append(game) }
    }
    for game in games where watch.seen.insert(game).inserted {
      if let result = try store.result(ofGameWithID: game), result.winners != nil {
        watch.before[game] = result
      }
    }
  }

  /// By name: a table hashed whole was most of what a fetched record's
  /// check cost.
  private static let decidesResults: Set<String> = Set(
    [SyncedTable.players, .rounds, .gameEvents, .scoreEvents].map(\.name))

  /// Notes each watched game, finished before, whose result changed.
  func noteResultChanges(_ watch: ResultWatch) throws {
    guard !watch.before.isEmpty else { return }
    try applying {
      for (game, before) in watch.before.sorted(by: { $0.key < $1.key }) {
        guard let previous = before.winners, let now = try store.result(ofGameWithID: game), now != before
        else { continue }
        try store.noteResultChange(gameID: game, from: previous, to: now)
      }
    }
  }

  /// The game of the row a record name names, as this device has it (a
  /// game's own record names the game; a photo's, none that matters),
  /// looked up once a fetch.
  private func gameID(ofRecordNamed name: String, _ watch: ResultWatch) throws -> String? {
    if let known = watch.gameOfRecord[name] { return known }
    guard let table = SyncedTable.all.first(where: { $0.rowID(ofRecordName: name) != nil }),
      let id = table.rowID(ofRecordName: name)
    else { return nil }
    let lookup: String
    switch table {
    case .games: return id
    case .players, .rounds, .gameEvents: lookup = "SELECT gameID FROM \(table.name) WHERE id = ?1"
    case .scoreEvents:
      lookup = "SELECT p.gameID FROM scoreEvents AS e JOIN players AS p ON p.id = e.playerID WHERE e.id = ?1"
    default: return nil
    }
    let game = try store.database.fetchOne("\(SyncTracking.marker) \(lookup)", [.text(id)]) { try $0.text(0) }
    watch.gameOfRecord[name] = game
    return game
  }
}
