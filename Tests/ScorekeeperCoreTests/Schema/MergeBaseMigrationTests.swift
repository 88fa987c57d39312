import Foundation
import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// Schema v32 packs each record's merge base, rows of `syncServerFields`
/// until then, into its `syncRecords` row. No fixture synced, so the
/// fixtures hold no base: these databases are made at v31 with bases of
/// every kind, as v31's engine wrote them (`FieldCoding`).
@Suite struct MergeBaseMigrationTests {
  let directory: TemporaryDirectory
  let dependencies = Dependencies(uuid: .incrementing(), clock: .constant(testNow), device: .device(1))

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// The bases v31 held: a score event's, at every edge of its kinds of
  /// value; a photo's, its asset by reference; a parked photo's, its asset
  /// by its bytes (written from there when its player comes).
  static let event: [String: CloudValue] = [
    "delta": .double(0.1 + 0.2), "smallest": .double(5e-324), "negativeZero": .double(-0.0),
    "points": .int64(.min), "madeAt": .date(Timestamp(millisecondsSince1970: -1)),
    "device": .string("Zoë \u{1F3B2} \"quoted\"\n"), "empty": .string(""), "raw": .bytes([0, 255, 0]),
    "noBytes": .bytes([]),
  ]
  static let photo: [String: CloudValue] = [
    "photo": .asset(CloudAsset(bytes: Array(repeating: 7, count: 300)).withoutBytes), "type": .string("png"),
  ]
  static let parkedBytes = Array(repeating: UInt8(9), count: 5_000)
  static let parkedPhoto: [String: CloudValue] = ["photo": .asset(CloudAsset(bytes: parkedBytes))]

  /// A database at v31 at `name`, with `bases` (and a record without one),
  /// and `extra` SQL run after.
  func version31(_ name: String, bases: [String: [String: CloudValue]], extra: String = "") throws -> String {
    let path = directory.file(name)
    let db = try Database(path: path)
    try db.install(dependencies)
    _ = try db.switchToWAL()
    try Migrator(Schema.history).migrate(db, upTo: 31)
    try db.write {
      for name in bases.keys.sorted() + ["e0:scoreEvents"] {
        let (rowID, table) = (name.split(separator: ":")[0], name.split(separator: ":")[1])
        try db.execute(
          """
          INSERT INTO syncRecords (recordName, tableName, rowID, zoneName, state, serverChangeTag)
          VALUES (?1, ?2, ?3, 'game-g1', 'synced', 'tag')
          """,
          [.text(name), .text(String(table)), .text(String(rowID))])
        for (key, value) in bases[name] ?? [:] {
          let (type, stored) = FieldCoding.encode(value, keepingAssetBytes: true)
          try db.execute(
            "INSERT INTO syncServerFields (recordName, key, type, value) VALUES (?1, ?2, ?3, ?4)",
            [.text(name), .text(key), .text(type), stored])
        }
      }
      try db.executeScript(extra)
    }
    db.close()
    return path
  }

  @Test("every base comes back exactly from its row, the asset bytes of a parked record's included")
  func basesMoveIntoTheirRows() throws {
    let bases = [
      "e1:scoreEvents": Self.event, "p1:playerPhotos": Self.photo, "p2:playerPhotos": Self.parkedPhoto,
    ]
    let path = try version31("v31.sqlite", bases: bases)
    let db = try DatabaseFile.open(at: path, dependencies: dependencies)
    let metadata = SyncMetadata(db: db)
    for (name, fields) in bases {
      expectNoDifference(try metadata.baseFields(of: name), fields, "\(name)")
    }
    guard case .asset(let parked)? = try metadata.baseFields(of: "p2:playerPhotos")["photo"] else {
      Issue.record("no parked photo")
      return
    }
    #expect(parked.bytes == Self.parkedBytes)
    // A double by its bits: -0.0 stays negative.
    guard case .double(let zero)? = try metadata.baseFields(of: "e1:scoreEvents")["negativeZero"] else {
      Issue.record("no negativeZero")
      return
    }
    #expect(zero.sign == .minus)
    #expect(try metadata.baseFields(of: "e0:scoreEvents") == [:])
    #expect(
      try db.fetchAll("SELECT name FROM sqlite_schema WHERE name LIKE '%serverFields%' ORDER BY name") {
        try $0.text(0)
      } == [])
    #expect(try db.userVersion() == Schema.currentVersion)
  }

  @Test("a base row no version wrote is refused, naming the field and its record; the file is left at v31")
  func corruptBaseRefused() throws {
    let path = try version31(
      "corrupt.sqlite", bases: ["e1:scoreEvents": Self.event],
      extra: "UPDATE syncServerFields SET value = 'five' WHERE key = 'delta';")
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let error = try #require(throws: DatabaseFileError.self) {
      try DatabaseFile.open(at: path, dependencies: dependencies)
    }
    guard case .migrationFailed(let failure) = error.problem, case .sqlFailed(let sqlError) = failure.reason
    else {
      Issue.record("not a failed statement: \(error)")
      return
    }
    #expect(failure.migration == .mergeBaseColumn)
    #expect(
      sqlError.message
        == "The sync metadata is damaged: field delta of e1:scoreEvents's merge base: a field of type double "
        + "holds \(SQLValue.text("five")).")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "the file changed")
    let after = try Database(path: path)
    #expect(try after.userVersion() == 31)
    #expect(try after.fetchOne("SELECT count(*) FROM syncServerFields") { try $0.int(0) } == Self.event.count)
  }
}
