extension SyncEngine {
  /// The results of the games a zone's fetch changes, each read before
  /// its first change arrives; once the zone is fetched, each finished
  /// game whose result then differs is noted (`Store.noteResultChange`),
  /// so `history` can say why its winners changed.
  final class ResultWatch {
    fileprivate var before: [String: GameResult] = [:]
    fileprivate var seen: Set<String> = []
    fileprivate var gameOfPlayer: [String: String?] = [:]
  }

  /// Reads, inside the write that applies them, the results of the games
  /// that `changed` records and `deleted` record names touch, for those
  /// not read yet. A game's rules, rounds, points and players decide its
  /// result; its title and photos do not.
  func watchResults(changed: [CloudRecord], deleted: [String], in watch: ResultWatch) throws {
    var games: [String] = []
    for record in changed {
      guard let row = SyncedRow(record: record) else { continue }
      if let game = try gameID(of: row.table, row.id, parent: row.parentID, watch) { games.append(game) }
    }
    for name in deleted {
      for table in SyncedTable.all {
        guard let id = table.rowID(ofRecordName: name) else { continue }
        if let game = try gameID(of: table, id, parent: nil, watch) { games.append(game) }
      }
    }
    for game in games where watch.seen.insert(game).inserted {
      if let result = try store.result(ofGameWithID: game), result.winners != nil {
        watch.before[game] = result
      }
    }
  }

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

  /// The game a row belongs to: through its parent when the record names
  /// one (a new row is not here yet), else found here. A player's game is
  /// looked up once per fetch of a zone.
  private func gameID(of table: SyncedTable, _ id: String, parent: String?, _ watch: ResultWatch) throws
    -> String?
  {
    func lookUp(_ sql: String, _ id: String) throws -> String? {
      try store.database.fetchOne("\(SyncTracking.marker) \(sql)", [.text(id)]) { try $0.text(0) }
    }
    switch table {
    case .players, .rounds, .gameEvents:
      return try parent ?? lookUp("SELECT gameID FROM \(table.name) WHERE id = ?1", id)
    case .scoreEvents:
      guard let player = try parent ?? lookUp("SELECT playerID FROM scoreEvents WHERE id = ?1", id) else {
        return nil
      }
      if let game = watch.gameOfPlayer[player] { return game }
      let game = try lookUp("SELECT gameID FROM players WHERE id = ?1", player)
      watch.gameOfPlayer[player] = game
      return game
    default:
      return nil
    }
  }
}
