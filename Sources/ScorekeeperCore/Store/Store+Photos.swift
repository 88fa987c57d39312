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
  /// Gives a player a photo, replacing any it had; the same photo again
  /// writes nothing.
  public func setPhoto(in gameReference: String, _ playerReference: String, _ checked: CheckedPhoto) throws
    -> PhotoChange
  {
    let photo = checked.photo
    return try write {
      let (game, player) = try findWritablePlayer(gameReference, playerReference)
      let previous = try currentPhoto(of: player.id)
      if previous != photo {
        // The bytes go in place through the row id (`Database.writeBlob`).
        let rowID = try database.fetchOne(
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
        try database.writeBlob(checked.bytes, table: "playerPhotos", column: "bytes", rowID: rowID)
        try recordLocalChange(
          "set the photo of \(quote(player.name)) in \(quote(game.title))", game: game.id, player: player.id)
      }
      return PhotoChange(game: try summary(of: game), player: player, previous: previous, photo: photo)
    }
  }

  /// A player's photo and its bytes.
  public func photo(in gameReference: String, _ playerReference: String) throws -> PhotoWithBytes {
    try read {
      let game = try findGame(gameReference)
      let player = try findPlayer(playerReference, in: game)
      guard
        let (photo, bytes) = try database.fetchOne(
          "SELECT \(Self.photoColumns()), rowid FROM playerPhotos WHERE id = ?1 AND sha256 IS NOT NULL",
          [.text(player.id)],
          {
            (
              try Self.photo($0, from: 0),
              try database.readBlob(table: "playerPhotos", column: "bytes", rowID: try $0.int64(5))
            )
          }),
        let photo
      else { throw StoreError.noPhoto(player: player, game: game) }
      return PhotoWithBytes(game: try summary(of: game), player: player, photo: photo, bytes: bytes)
    }
  }

  /// Removes a player's photo. The row stays with every column NULL, so
  /// the removal syncs as a change (see `Migration.playerPhotos`).
  public func removePhoto(in gameReference: String, _ playerReference: String) throws -> PhotoChange {
    try write {
      let (game, player) = try findWritablePlayer(gameReference, playerReference)
      guard let previous = try currentPhoto(of: player.id) else {
        throw StoreError.noPhoto(player: player, game: game)
      }
      try database.execute(
        """
        UPDATE playerPhotos SET type = NULL, width = NULL, height = NULL, byteCount = NULL,
          sha256 = NULL, bytes = NULL
        WHERE id = ?1
        """, [.text(player.id)])
      try recordLocalChange(
        "removed the photo of \(quote(player.name)) in \(quote(game.title))", game: game.id, player: player.id
      )
      return PhotoChange(game: try summary(of: game), player: player, previous: previous, photo: nil)
    }
  }

  /// Every column of a photo but its bytes, in `photo(_:from:)`'s order
  /// (of the table under `alias` in a join).
  static func photoColumns(of alias: String? = nil) -> String {
    ["type", "width", "height", "byteCount", "sha256"].map { (alias.map { $0 + "." } ?? "") + $0 }
      .joined(separator: ", ")
  }

  /// A photo from `photoColumns` starting at column `first`; nil when the
  /// player has none (no row, or a removed photo's NULLs).
  static func photo(_ row: Row, from first: Int) throws -> Photo? {
    guard let typeName = try row.optionalText(first) else { return nil }
    guard let type = ImageType(rawValue: typeName) else {
      throw row.mismatch(first, expected: "an image type")
    }
    return Photo(
      type: type, width: try row.int(first + 1), height: try row.int(first + 2),
      byteCount: try row.int(first + 3), sha256: try row.text(first + 4))
  }

  private func currentPhoto(of playerID: String) throws -> Photo? {
    try database.fetchOne(
      "SELECT \(Self.photoColumns()) FROM playerPhotos WHERE id = ?1", [.text(playerID)],
      { try Self.photo($0, from: 0) }) ?? nil
  }

  private func findWritablePlayer(_ gameReference: String, _ playerReference: String) throws
    -> (Game, Player)
  {
    let game = try findGame(gameReference)
    try requireWritable(game)
    return (game, try findPlayer(playerReference, in: game))
  }
}
