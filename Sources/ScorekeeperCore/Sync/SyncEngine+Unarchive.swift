extension SyncEngine {
  // A game kept here as a read-only copy (`archivedGames`) whose zone the
  // cloud reaches again (shared again and re-joined, or sent again by a
  // copy of the database) becomes the game again. The copy holds what the
  // game held when it left; the game changed since, and a row deleted
  // meanwhile must not stay. So that zone is fetched whole (`fetchZone`);
  // when the game's record arrives, the copy's rows are given the metadata
  // of rows synced once, under a tag no server copy has, so each is
  // overwritten by the server's copy or, gone from the server, deleted as
  // any stale row is; and only once that fetch is complete is the copy the
  // game again (one interrupted half way starts over).

  /// The tag of a read-only copy's rows taken back: no server copy has it.
  static let readOnlyCopyTag = "read-only copy"

  /// The game kept as a read-only copy whose zone `zone` is, if any.
  func archivedGame(in zone: ZoneID) throws -> String? {
    guard zone.name.hasPrefix("game-") else { return nil }
    let gameID = String(zone.name.dropFirst("game-".count))
    return try metadata.archivedGame(gameID)
  }

  /// The copy's rows take the metadata of rows synced once (its game's
  /// record arrived: its own metadata is the server's).
  func adoptArchivedRows(of gameID: String, zoneName: String, ownerKey: String) throws {
    guard try metadata.isArchived(gameID) else { return }
    for table in SyncedTable.all {
      guard let parentTable = table.parentTable, let parentColumn = table.parentColumn else { continue }
      // A game's rows sit at most two levels below it (a player's events
      // and photo): a deeper table needs a deeper join here.
      precondition(
        parentTable == SyncedTable.games.name
          || SyncedTable.named(parentTable)?.parentTable == SyncedTable.games.name,
        "\(table.name) sits deeper below a game than adoptArchivedRows reaches")
      let rows =
        parentTable == SyncedTable.games.name
        ? "SELECT id, \(parentColumn) AS parent FROM \(table.name) WHERE gameID = ?1"
        : """
        SELECT t.id, t.\(parentColumn) AS parent FROM \(table.name) AS t
        JOIN \(parentTable) AS p ON p.id = t.\(parentColumn) WHERE p.gameID = ?1
        """
      try metadata.adopt(
        rows, of: table, parentTable: parentTable, gameID: gameID, zone: zoneName, ownerKey: ownerKey,
        tag: Self.readOnlyCopyTag)
    }
  }

  /// The zone's full fetch is complete: the copy is the game again, if
  /// the game's record came (else the game is not on the server: the copy
  /// stays one).
  func unarchive(_ gameID: String) throws {
    try metadata.unarchive(gameID)
  }
}
