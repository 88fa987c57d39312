import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

@Suite struct PhotoTests {
  let test: TestStore
  var store: Store { test.store }
  let poker: Seed.SeededGame
  var ann: Player { poker.players[0] }
  var summary: GameSummary { GameSummary(game: poker.game, playerCount: 1) }

  init() throws {
    test = try TestStore()
    var seed = try Seed(test.database)
    poker = try seed.game("Poker", players: [("Ann", 5)])
  }

  /// The photo table's rows: id, the columns before the bytes, the bytes.
  func rows() throws -> [[SQLValue]] {
    try test.database.rows(
      of: "playerPhotos", columns: ["id", "type", "width", "height", "byteCount", "sha256", "bytes"])
  }

  /// The database file's and its WAL's hashes: equal means byte-identical.
  func fileHashes() throws -> [String] {
    [try sha256Hex(fileAt: test.path), try sha256Hex(fileAt: test.path + "-wal")]
  }

  func row(_ player: Player, _ photo: Photo, _ bytes: [UInt8]) -> [SQLValue] {
    [
      .text(player.id), .text(photo.type.rawValue), .integer(Int64(photo.width)),
      .integer(Int64(photo.height)), .integer(Int64(bytes.count)), .text(sha256Hex(bytes)), .blob(bytes),
    ]
  }

  @Test("set-photo keeps the bytes as they came, with the type and size from the header and the hash")
  func set() throws {
    let bytes = TestImages.jpeg(width: 640, height: 480)
    let photo = Photo(type: .jpeg, width: 640, height: 480, byteCount: bytes.count, sha256: sha256Hex(bytes))
    #expect(
      try store.photos.set(in: "poker", "ann", bytes: bytes)
        == PhotoChange(game: summary, player: ann, previous: nil, photo: photo))
    #expect(try rows() == [row(ann, photo, bytes)])
    #expect(
      try store.photos.withBytes(in: "Poker", "Ann")
        == PhotoWithBytes(game: summary, player: ann, photo: photo, bytes: bytes))
  }

  /// The page cache is the connection's (1 MiB) but while a photo's bytes
  /// are written (`Database.withRoomForLargeBlobs`): a read of many pages
  /// (a game of 100,000 players) keeps no more than that.
  @Test("the page cache is the connection's before and after a photo's write")
  func pageCache() throws {
    func cacheSize() throws -> Int { try test.database.fetchOne("PRAGMA cache_size") { try $0.int(0) }! }
    #expect(try cacheSize() == -1024)
    _ = try store.photos.set(in: "Poker", "Ann", bytes: TestImages.png(width: 3, height: 2))
    #expect(try cacheSize() == -1024)
  }

  @Test("a new photo replaces the old; the same photo again writes nothing")
  func replace() throws {
    let first = TestImages.png(width: 3, height: 2)
    let second = TestImages.gif(width: 7, height: 9)
    let old = try store.photos.set(in: "Poker", "Ann", bytes: first).photo!
    let new = try store.photos.set(in: "Poker", "Ann", bytes: second)
    #expect(new.previous == old)
    #expect(try rows() == [row(ann, new.photo!, second)])
    let changes = try test.database.fetchAll("SELECT count(*) FROM localChanges") { try $0.int(0) }
    #expect(try store.photos.set(in: "Poker", "Ann", bytes: second).previous == new.photo)
    #expect(try test.database.fetchAll("SELECT count(*) FROM localChanges") { try $0.int(0) } == changes)
  }

  @Test("remove-photo clears the row, which stays for sync; a player without a photo is an error")
  func remove() throws {
    let bytes = TestImages.png(width: 3, height: 2)
    let photo = try store.photos.set(in: "Poker", "Ann", bytes: bytes).photo!
    #expect(
      try store.photos.remove(in: "Poker", "Ann")
        == PhotoChange(game: summary, player: ann, previous: photo, photo: nil))
    #expect(try rows() == [[.text(ann.id), .null, .null, .null, .null, .null, .null]])
    let none = StoreError.noPhoto(player: ann, game: poker.game)
    #expect(none.description == "\"Ann\" in \"Poker\" has no photo.")
    #expect(throws: none) { try store.photos.remove(in: "Poker", "Ann") }
    #expect(throws: none) { try store.photos.withBytes(in: "Poker", "Ann") }
  }

  @Test("removing the player removes its photo")
  func removedWithPlayer() throws {
    _ = try store.photos.set(in: "Poker", "Ann", bytes: TestImages.png(width: 3, height: 2))
    _ = try store.removePlayer(from: "Poker", "Ann")
    #expect(try rows() == [])
  }

  /// Bytes a photo cannot be, named so a failure does not print them.
  struct Refusal: CustomTestStringConvertible, Sendable {
    let name: String
    let bytes: [UInt8]
    let error: PhotoError
    var testDescription: String { name }
  }

  static let onePixel = TestImages.png(width: 1, height: 1)
  static let refusals = [
    Refusal(
      name: "BMP", bytes: Array("BM".utf8) + [UInt8](repeating: 0, count: 60),
      error: .notAnImage(.unsupported(found: "a BMP image"))),
    Refusal(name: "empty", bytes: [], error: .notAnImage(.unsupported(found: "an empty file"))),
    Refusal(
      name: "PNG cut short", bytes: Array(onePixel.prefix(20)),
      error: .notAnImage(.malformed(type: .png, reason: "it is cut short at byte 20"))),
    Refusal(
      name: "one byte over the limit",
      bytes: onePixel + [UInt8](repeating: 0, count: Photo.maximumByteCount - onePixel.count + 1),
      error: .tooLarge(byteCount: Photo.maximumByteCount + 1)),
  ]

  @Test("bytes that are not a photo, or too many, are refused and nothing is written", arguments: refusals)
  func refused(refusal: Refusal) throws {
    _ = try store.photos.set(in: "Poker", "Ann", bytes: TestImages.png(width: 3, height: 2))
    let before = try fileHashes()
    #expect(throws: refusal.error) { try store.photos.set(in: "Poker", "Ann", bytes: refusal.bytes) }
    #expect(try fileHashes() == before)
  }

  @Test("a photo of exactly the limit is kept")
  func atTheLimit() throws {
    let bytes = Self.onePixel + [UInt8](repeating: 7, count: Photo.maximumByteCount - Self.onePixel.count)
    #expect(try store.photos.set(in: "Poker", "Ann", bytes: bytes).photo?.byteCount == Photo.maximumByteCount)
    #expect(try store.photos.withBytes(in: "Poker", "Ann").bytes == bytes)
  }

  @Test("refusals name what was found and what is accepted")
  func reasons() {
    #expect(
      PhotoError.notAnImage(.unsupported(found: "a BMP image")).reason
        == "is a BMP image; a photo must be a PNG, JPEG, GIF, WebP or HEIC image")
    #expect(
      PhotoError.tooLarge(byteCount: 12_000_000).reason == "is larger than 10.0 MiB, the largest photo kept")
    #expect(
      [0, 1, 812, 1024, 1536, 1_048_575, 5 * 1_048_576].map(Photo.size)
        == ["0 bytes", "1 byte", "812 bytes", "1.0 KiB", "1.5 KiB", "1023.9 KiB", "5.0 MiB"])
  }
}
