/// Who a game belongs to and what this user may do with it, as far as
/// this device knows (from its last sync).
public enum GameAccess: Hashable, Sendable {
  /// This user's game, not shared.
  case mine
  /// This user's game, shared through `link` with `permission` for those
  /// who join.
  case sharedByMe(link: String?)
  /// Someone else's game, shared with this user; a scorer may be limited
  /// to one player (`onlyPlayer`, its id).
  case sharedWithMe(owner: String, permission: SharePermission, onlyPlayer: String? = nil)

  public var isShared: Bool { self != .mine }

  public var canWrite: Bool {
    if case .sharedWithMe(_, let permission, _) = self { return permission == .readWrite }
    return true
  }
}

extension Store {
  /// Every game with its player count and access, most players first
  /// (one query, however many games).
  public func gamesWithAccess() throws -> [(summary: GameSummary, access: GameAccess)] {
    try read { try gamesWithAccessInRead() }
  }

  /// The same, inside a read.
  ///
  /// `kinds` keeps the games of these spellings of a kind alone (`list
  /// --kind`: the other games' rows are not read).
  func gamesWithAccessInRead(kinds: [String]? = nil) throws -> [(summary: GameSummary, access: GameAccess)] {
    try database.fetchAll(
      """
      SELECT g.id, g.title, \(Self.playerCount(ofGame: "g.id")),
             \(SyncTables.accessColumns)
      FROM games AS g \(SyncTables.accessJoin(games: "g"))
      WHERE g.id NOT IN (SELECT gameID FROM archivedGames) \(Self.kindCondition(kinds, games: "g"))
      ORDER BY 3 DESC, g.title COLLATE NOCASE, g.title, g.id
      """, (kinds ?? []).map(SQLValue.text)
    ) { row in
      (
        GameSummary(game: try Game(row: row), playerCount: try row.int(2)),
        try SyncTables.access(row, from: 3)
      )
    }
  }

  /// The access to the game a reference names.
  public func access(toGame reference: String, archived: Bool = false) throws -> (
    game: Game, access: GameAccess
  ) {
    try read {
      let game = try findGame(reference, archived: archived)
      return (game, try access(ofGameID: game.id))
    }
  }

  func access(ofGameID id: String) throws -> GameAccess {
    try SyncTables.access(ofGameID: id, in: database)
  }

  /// What a change asks of this user's role in a game shared with them.
  enum RoleNeed {
    /// Anything but scoring: an editor's (or the owner's).
    case editing
    /// Points for these players (ids): a score change, a round, a
    /// correction or an undo of one.
    case points(players: [String])
    /// A round or its correction or undo, which a scorer of one player
    /// cannot make (its record is the game's, not their player's).
    case round
  }

  /// Refuses, before anything is written, a change to a game shared with
  /// this user that their role does not allow (the cloud would refuse it);
  /// returns the access it read.
  @discardableResult
  func requireWritable(_ game: Game, for need: RoleNeed = .editing) throws -> GameAccess {
    let access = try access(ofGameID: game.id)
    guard case .sharedWithMe(let owner, let permission, let onlyPlayer) = access, permission != .readWrite
    else { return access }
    guard permission == .scoring else { throw StoreError.readOnlyGame(game: game, owner: owner) }
    switch need {
    case .editing:
      throw StoreError.scorerOnly(game: game, owner: owner)
    case .points(let players) where players.allSatisfy({ $0 == onlyPlayer ?? $0 }):
      return access
    case .points, .round:
      guard let onlyPlayer else { return access }
      throw StoreError.onlyOnePlayer(
        game: game, owner: owner, player: try nameOfPlayer(onlyPlayer) ?? onlyPlayer)
    }
  }

  /// Refuses a scorer's correction or undo of a round someone else
  /// entered: the cloud would refuse it, as it names a record they did
  /// not make. (NULL: made here, so their own.) `access`: the game's, as
  /// `requireWritable` read it.
  func requireOwnRound(_ id: String, number: Int, in game: Game, access: GameAccess) throws {
    guard case .sharedWithMe(_, .scoring, _) = access else { return }
    let author =
      try database.fetchOne(
        "SELECT author, (SELECT userName FROM syncState) FROM rounds WHERE id = ?1", [.text(id)]
      ) { row in try row.optionalText(0).flatMap { $0 == (try row.optionalText(1)) ? nil : $0 } } ?? nil
    if let author {
      throw StoreError.notYourRound(
        game: game, number: number, author: author.isEmpty ? "someone unknown" : author)
    }
  }

  /// The name of the player of this id, if they are here.
  public func playerName(id: String) throws -> String? {
    try read { try nameOfPlayer(id) }
  }

  private func nameOfPlayer(_ id: String) throws -> String? {
    try database.fetchOne("SELECT name FROM players WHERE id = ?1", [.text(id)]) { try $0.text(0) }
  }

  /// This database's device id, inside a transaction the caller holds.
  func localDeviceID() throws -> String {
    try database.fetchOne("SELECT id FROM localDevice") { try $0.text(0) }!
  }
}

extension Store {
  /// `AND <games>.kind IN (?1, ?2, …)` for `kinds` (nil: no condition).
  static func kindCondition(_ kinds: [String]?, games: String) -> String {
    guard let kinds else { return "" }
    return "AND \(games).kind IN (" + kinds.indices.map { "?\($0 + 1)" }.joined(separator: ", ") + ")"
  }
}
