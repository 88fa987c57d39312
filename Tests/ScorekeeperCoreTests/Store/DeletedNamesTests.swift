import Foundation
import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// What is deleted is gone from the database file: no table keeps a
/// deleted game's or player's names (the change log included), and the
/// bytes they took are overwritten. The change log keeps only what undo
/// can reach, and at most `Store.localChangeLimit` entries.
@Suite struct DeletedNamesTests {
  let world: SyncScenario
  var a: TestDevice { world[0] }
  var b: TestDevice { world[1] }

  init() throws {
    world = try SyncScenario(devices: 2)
    _ = try a.store.addGame(title: "Gloomhaven Zeta")
    _ = try a.store.addPlayer(to: "Gloomhaven Zeta", name: "Blobfish Senior", score: 3)
    _ = try a.store.score(in: "Gloomhaven Zeta", "Blobfish Senior", .add(4))
    _ = try a.store.photos.set(
      in: "Gloomhaven Zeta", "Blobfish Senior", bytes: TestImages.gif(width: 1, height: 1))
    _ = try a.store.renamePlayer(in: "Gloomhaven Zeta", "Blobfish Senior", to: "Blobfish Elder")
    _ = try a.store.addGame(title: "Keep")
    _ = try a.store.addPlayer(to: "Keep", name: "Ann", score: 1)
    try a.sync()  // the server's copies become each record's base
    _ = try a.store.renameGame("Gloomhaven Zeta", to: "Gloomhaven Omega")
  }

  /// Every text cell of every table that holds `word`: "table: value".
  func cells(containing word: String, on device: TestDevice) throws -> [String] {
    let db = device.store.database
    let tables = try db.fetchAll("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") {
      try $0.text(0)
    }
    var found: [String] = []
    for table in tables {
      try db.forEachRow("SELECT * FROM \"\(table)\"") { row in
        for column in 0..<row.count {
          if case .text(let text) = row.value(column), text.contains(word) {
            found.append("\(table): \(text)")
          }
        }
      }
    }
    return found
  }

  /// Whether the database file's bytes hold `word` anywhere, once the
  /// write-ahead log is folded in (as when the last process closes it).
  func fileHolds(_ word: String, on device: TestDevice) throws -> Bool {
    try device.store.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: device.store.database.path)))
    let needle = Array(word.utf8)
    return bytes.indices.dropLast(needle.count - 1).contains {
      bytes[$0..<$0 + needle.count].elementsEqual(needle)
    }
  }

  @Test("deleting a game leaves none of its names in any table or in the file")
  func deleteGame() throws {
    #expect(try fileHolds("Blobfish", on: a), "the test's premise: the names are there to remove")
    _ = try a.store.deleteGame("Gloomhaven Omega")
    for word in ["Blobfish", "Gloomhaven"] {
      expectNoDifference(try cells(containing: word, on: a), [])
      #expect(try !fileHolds(word, on: a), "\(word)")
    }
    #expect(throws: StoreError.lastChangeNotAScore(description: "deleted a game")) {
      try a.store.history.undo()
    }
    // Still sent, and gone everywhere.
    try world.converge()
    #expect(try a.store.games().map(\.game.title) == ["Keep"])
  }

  @Test("removing a player leaves none of its names in any table or in the file")
  func removePlayer() throws {
    _ = try a.store.removePlayer(from: "Gloomhaven Omega", "Blobfish Elder")
    expectNoDifference(try cells(containing: "Blobfish", on: a), [])
    #expect(try !fileHolds("Blobfish", on: a))
    #expect(
      throws: StoreError.lastChangeNotAScore(description: "removed a player from \"Gloomhaven Omega\"")
    ) { try a.store.history.undo() }
  }

  @Test("a game deleted on another device leaves none of its names here once received")
  func deletedElsewhere() throws {
    try world.converge()
    _ = try b.store.deleteGame("Gloomhaven Omega")
    try world.converge()
    for word in ["Blobfish", "Gloomhaven"] {
      expectNoDifference(try cells(containing: word, on: a), [])
      #expect(try !fileHolds(word, on: a), "\(word)")
    }
    // This device's last change is still named, without the names.
    #expect(
      throws: StoreError.lastChangeNotAScore(description: "changed a game since deleted")
    ) { try a.store.history.undo() }
  }

  @Test("the change log holds what undo can reach: nothing before the last other change, at most the limit")
  func logIsBounded() throws {
    let log = { try a.store.database.fetchOne("SELECT count(*) FROM localChanges") { try $0.int(0) }! }
    // Only the rename is left: undo never reaches past it.
    #expect(try log() == 1)
    for _ in 0..<(Store.localChangeLimit + 5) { _ = try a.store.score(in: "Keep", "Ann", .add(1)) }
    #expect(try log() == Store.localChangeLimit)
    for _ in 0..<Store.localChangeLimit { _ = try a.store.history.undo() }
    #expect(throws: StoreError.nothingToUndo) { try a.store.history.undo() }
    #expect(try a.store.players(of: "Keep").map(\.score) == [6])
  }
}
