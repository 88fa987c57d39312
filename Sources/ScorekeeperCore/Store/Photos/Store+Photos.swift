/// What a photo change did, for the command to echo.
public struct PhotoChange: Hashable, Sendable {
  public var game: GameSummary
  public var player: Player
  public var previous: Photo?
  public var photo: Photo?
}

/// A player's photo with its bytes.
public struct PhotoWithBytes: Hashable, Sendable {
  public var game: GameSummary
  public var player: Player
  public var photo: Photo
  public var bytes: [UInt8]
}

extension Store {
  /// Players' photos: set, read with their bytes, removed.
  public var photos: Photos { Photos(store: self) }

  /// A room of the store: the use cases of players' photos, on the
  /// store's connection and in its transactions.
  public struct Photos {
    let store: Store

    /// Gives a player a photo, replacing any it had; the same photo again
    /// writes nothing.
    public func set(in gameReference: String, _ playerReference: String, _ checked: CheckedPhoto) throws
      -> PhotoChange
    {
      let photo = checked.photo
      return try store.write {
        let (game, player) = try findWritablePlayer(gameReference, playerReference)
        let previous = try currentPhoto(of: player.id)
        if previous != photo {
          // The bytes go in place through the row id (`Database.writeBlob`).
          try store.database.withRoomForLargeBlobs {
            let rowID = try store.database.fetchOne(
              """
              INSERT INTO playerPhotos (id, type, width, height, byteCount, sha256, bytes)
              VALUES (?1, ?2, ?3, ?4, ?5, ?6, zeroblob(?5))
              ON CONFLICT (id) DO UPDATE SET type = excluded.type, width = excluded.width,
                height = excluded.height, byteCount = excluded.byteCount, sha256 = excluded.sha256,
                bytes = excluded.bytes
              RETURNING rowid
              """,
              [
                .text(player.id), .text(photo.type.rawValue), .integer(Int64(photo.width)),
                .integer(Int64(photo.height)), .integer(Int64(photo.byteCount)), .text(photo.sha256),
              ]
            ) { try $0.int64(0) }!
            try store.database.writeBlob(checked.bytes, table: "playerPhotos", column: "bytes", rowID: rowID)
          }
          try store.recordLocalChange(
            "set the photo of \(quote(player.name)) in \(quote(game.title))", game: game.id, player: player.id
          )
        }
        return PhotoChange(
          game: try store.summary(of: game), player: player, previous: previous, photo: photo)
      }
    }

    /// A player's photo and its bytes.
    public func withBytes(in gameReference: String, _ playerReference: String) throws -> PhotoWithBytes {
      try store.read {
        let game = try store.findGame(gameReference)
        let player = try store.findPlayer(playerReference, in: game)
        guard
          let (photo, bytes) = try store.database.fetchOne(
            "SELECT \(Photo.columns()), rowid FROM playerPhotos WHERE id = ?1 AND sha256 IS NOT NULL",
            [.text(player.id)],
            {
              (
                try Photo.read($0, from: 0),
                try store.database.readBlob(table: "playerPhotos", column: "bytes", rowID: try $0.int64(5))
              )
            }),
          let photo
        else { throw StoreError.noPhoto(player: player, game: game) }
        return PhotoWithBytes(game: try store.summary(of: game), player: player, photo: photo, bytes: bytes)
      }
    }

    /// Removes a player's photo. The row stays with every column NULL, so
    /// the removal syncs as a change (see `Migration.playerPhotos`).
    public func remove(in gameReference: String, _ playerReference: String) throws -> PhotoChange {
      try store.write {
        let (game, player) = try findWritablePlayer(gameReference, playerReference)
        guard let previous = try currentPhoto(of: player.id) else {
          throw StoreError.noPhoto(player: player, game: game)
        }
        try store.database.execute(
          """
          UPDATE playerPhotos SET type = NULL, width = NULL, height = NULL, byteCount = NULL,
            sha256 = NULL, bytes = NULL
          WHERE id = ?1
          """, [.text(player.id)])
        try store.recordLocalChange(
          "removed the photo of \(quote(player.name)) in \(quote(game.title))", game: game.id,
          player: player.id
        )
        return PhotoChange(game: try store.summary(of: game), player: player, previous: previous, photo: nil)
      }
    }

    private func currentPhoto(of playerID: String) throws -> Photo? {
      try store.database.fetchOne(
        "SELECT \(Photo.columns()) FROM playerPhotos WHERE id = ?1", [.text(playerID)],
        { try Photo.read($0, from: 0) }) ?? nil
    }

    private func findWritablePlayer(_ gameReference: String, _ playerReference: String) throws
      -> (Game, Player)
    {
      let game = try store.findGame(gameReference)
      try store.requireWritable(game)
      return (game, try store.findPlayer(playerReference, in: game))
    }
  }
}

extension Store {
  /// SQL: how many players of the game whose id is the SQL `game` have a
  /// photo, counted from the photos: a game of 100,000 players, none with
  /// a photo, reads none of them for it (a join from the players probed
  /// the photos once a player).
  static func photoCount(ofGame game: String) -> String {
    """
    (SELECT count(*) FROM playerPhotos AS f CROSS JOIN players AS fp ON fp.id = f.id
      WHERE fp.gameID = \(game) AND \(isPlayer("fp")) AND f.sha256 IS NOT NULL)
    """
  }
}

extension Photo {
  /// Every column of a photo but its bytes, in `read(_:from:)`'s order
  /// (of the table under `alias` in a join).
  static func columns(of alias: String? = nil) -> String {
    columnList(["type", "width", "height", "byteCount", "sha256"], of: alias)
  }

  /// A photo from `columns` starting at column `first`; nil when the
  /// player has none (no row, or a removed photo's NULLs).
  static func read(_ row: Row, from first: Int) throws -> Photo? {
    guard let typeName = try row.optionalText(first) else { return nil }
    guard let type = ImageType(rawValue: typeName) else {
      throw row.mismatch(first, expected: "an image type")
    }
    return Photo(
      type: type, width: try row.int(first + 1), height: try row.int(first + 2),
      byteCount: try row.int(first + 3), sha256: try row.text(first + 4))
  }
}
