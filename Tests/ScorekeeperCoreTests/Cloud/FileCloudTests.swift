import Foundation
import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// The file-backed server: persistence, refusing other files, concurrent
/// writers, and the dump.
@Suite struct FileCloudTests {
  let directory: TemporaryDirectory
  let zone = ZoneID(name: "games", ownerName: "alice")

  init() throws {
    directory = try TemporaryDirectory()
  }

  var path: String { directory.file("mock-cloud.sqlite") }

  @Test func aSecondOpeningOfTheFileSeesTheSameServer() throws {
    let first = try FileCloud(path: path, clock: .constant(testNow))
    let database = first.container(for: "alice").privateDatabase
    _ = try database.modifyRecordZones(saving: [zone])
    let saved = try database.modifyRecords(saving: [
      CloudRecord(id: RecordID(name: "r1", zoneID: zone), type: "items")
    ])
    .saveResults.values.first!.get()
    let second = try FileCloud(path: path, clock: .constant(testNow))
    expectNoDifference(saved, try second.container(for: "alice").privateDatabase.record(for: saved.id))
  }

  @Test func aScorekeeperDatabaseIsNotAFileCloud() throws {
    let store = try TestStore()
    #expect(
      throws: FileCloudError.notFileCloud(
        path: store.path, applicationID: Schema.applicationID, version: Schema.currentVersion)
    ) {
      try FileCloud(path: store.path, clock: .constant(testNow))
    }
  }

  @Test func twoConnectionsWritingAtOnceLoseNothing() async throws {
    let setUp = try FileCloud(path: path, clock: .constant(testNow))
    _ = try setUp.container(for: "alice").privateDatabase.modifyRecordZones(saving: [zone])
    let zone = self.zone
    let path = self.path
    let tags = try await withThrowingTaskGroup(of: [String].self) { group in
      for writer in ["a", "b"] {
        group.addTask {
          // Its own connection, as another process would have.
          let cloud = try FileCloud(path: path, clock: .constant(testNow))
          let database = cloud.container(for: "alice").privateDatabase
          var tags: [String] = []
          for batch in 0..<20 {
            let records = (0..<10).map {
              CloudRecord(id: RecordID(name: "\(writer)-\(batch)-\($0)", zoneID: zone), type: "items")
            }
            let result = try database.modifyRecords(saving: records)
            tags += try result.saveResults.values.map { try $0.get().changeTag! }
          }
          return tags
        }
      }
      return try await group.reduce(into: []) { $0 += $1 }
    }
    #expect(Set(tags).count == 400)
    var names: [String] = []
    var token: ChangeToken?
    repeat {
      let page = try setUp.container(for: "alice").privateDatabase.zoneChanges(in: zone, since: token)
      names += page.changed.map(\.id.name)
      token = page.moreComing ? page.token : nil
    } while token != nil
    #expect(names.count == 400 && Set(names).count == 400)
  }
}

extension FileCloudTests {
  @Test func aFileThatIsNotSQLiteCannotBeOpened() throws {
    try Array("not a database, just text\n".utf8).write(to: path)
    #expect(
      throws: FileCloudError.cannotOpen(
        path: path,
        DatabaseError(
          extendedCode: 26, message: "file is not a database",
          sql: """
            SELECT (SELECT application_id FROM pragma_application_id),
                   (SELECT user_version FROM pragma_user_version), (SELECT count(*) FROM sqlite_schema),
                   EXISTS (SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?1)
            """
        ))
    ) {
      try FileCloud(path: path, clock: .constant(testNow))
    }
    #expect(
      try String(decoding: Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        == "not a database, just text\n")
  }
}

extension FileCloudTests {
  @Test(
    "a cloud file that cannot be written is a file that cannot be used, not the cloud's answer; it stays as it was"
  )
  func anUnwritableFileIsAFileError() throws {
    let database = try FileCloud(path: path, clock: .constant(testNow)).container(for: "alice")
      .privateDatabase
    _ = try database.modifyRecordZones(saving: [zone])
    let before = try sha256Hex(ofDatabaseAt: path)
    let unwritable = try UnwritableFile(path)
    let cloud = try FileCloud(path: path, clock: .constant(testNow))
    #expect(
      throws: FileCloudError.cannotOpen(
        path: path,
        DatabaseError(
          extendedCode: 8 /* SQLITE_READONLY */, message: "attempt to write a readonly database",
          sql: "UPDATE sequence SET value = value + ?1 RETURNING value"))
    ) {
      try cloud.container(for: "alice").privateDatabase.modifyRecords(saving: [
        CloudRecord(id: RecordID(name: "r1", zoneID: zone), type: "items")
      ])
    }
    withExtendedLifetime(unwritable) {}
    #expect(try sha256Hex(ofDatabaseAt: path) == before)
  }
}

extension Array where Element == UInt8 {
  fileprivate func write(to path: String) throws {
    try Data(self).write(to: URL(fileURLWithPath: path))
  }
}

extension FileCloudTests {
  @Test("a version 3 cloud file is upgraded: its share keeps its link, and new links never repeat one")
  func upgradeFromVersion3() throws {
    let links = { (cloud: FileCloud, name: String) throws -> String? in
      let database = cloud.container(for: "alice").privateDatabase
      let zone = ZoneID(name: name, ownerName: "alice")
      _ = try database.modifyRecordZones(saving: [zone])
      var root = CloudRecord(id: RecordID(name: "root", zoneID: zone), type: "items")
      root.shareID = RecordID(name: "share", zoneID: zone)
      let share = CloudRecord.share(id: root.shareID!, publicPermission: .readOnly, participants: [])
      return try database.modifyRecords(saving: [root, share]).saveResults[share.id]!.get().sharing?.link
    }
    // Version 3 numbered sequential links by the change sequence (here 3).
    let old = try #require(
      try links(try FileCloud(path: path, clock: .constant(testNow), shareLinks: .sequential), "a"))
    let file = try Database(path: path)
    try file.executeScript(
      """
      DROP TABLE schemaMigrations;
      DROP TABLE assets;
      \(Self.withoutVersions6To9)
      ALTER TABLE server DROP COLUMN assetQuota;
      ALTER TABLE sequence DROP COLUMN links;
      UPDATE shares SET link = '\(ShareLinkGenerator.prefix)00000000000000000000000000000003';
      PRAGMA user_version = 3;
      """)
    let sequence = try #require(try file.fetchOne("SELECT value FROM sequence") { try $0.int64(0) })
    file.close()
    let upgraded = try FileCloud(path: path, clock: .constant(testNow), shareLinks: .sequential)
    // Counting goes on from the change sequence, past every number version 3 gave.
    #expect(sequence >= 3)
    #expect(try links(upgraded, "b") == ShareLinkGenerator.sequential.next(sequence + 1))
    #expect(
      try upgraded.container(for: "bob").shareMetadata(
        for: ShareLinkGenerator.prefix + "00000000000000000000000000000003"
      )
      .ownerName == "alice")
    #expect(old == ShareLinkGenerator.prefix + "00000000000000000000000000000001")
  }
}

extension FileCloudTests {
  /// What versions 6 to 9 added, dropped: an older file's shape, its
  /// records' fields in rows again (empty: a test adds the rows it needs).
  static let withoutVersions6To9 = withoutVersion9 + withoutVersions6To8

  /// Version 9 undone: the field rows' table back (as version 1 made it),
  /// and the packs gone.
  static let withoutVersion9 = """
    CREATE TABLE fields (
      ownerName TEXT NOT NULL,
      zoneName TEXT NOT NULL,
      recordName TEXT NOT NULL,
      key TEXT NOT NULL,
      type TEXT NOT NULL,
      value ANY NOT NULL,
      PRIMARY KEY (ownerName, zoneName, recordName, key),
      FOREIGN KEY (ownerName, zoneName, recordName) REFERENCES records ON DELETE CASCADE
    ) STRICT, WITHOUT ROWID;
    ALTER TABLE records DROP COLUMN fields;

    """

  /// What versions 6 to 8 added, dropped.
  static let withoutVersions6To8 = """
    ALTER TABLE records DROP COLUMN creatorName;
    DROP TABLE retiredLinks;
    ALTER TABLE shares DROP COLUMN scorerRules;
    ALTER TABLE shares DROP COLUMN linkExpiresAt;
    ALTER TABLE participants DROP COLUMN parentLimit;
    ALTER TABLE participants DROP COLUMN joinedAt;
    ALTER TABLE participants DROP COLUMN lastChangeAt;
    ALTER TABLE server DROP COLUMN history;
    """

  @Test("a version 4 cloud file is upgraded: an asset's bytes move out of its field, which keeps their hash")
  func upgradeFromVersion4() throws {
    let bytes: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0, 255]
    let id = RecordID(name: "r1", zoneID: zone)
    let database = try FileCloud(path: path, clock: .constant(testNow)).container(for: "alice")
      .privateDatabase
    _ = try database.modifyRecordZones(saving: [zone])
    _ = try database.modifyRecords(saving: [
      CloudRecord(id: id, type: "items", fields: ["photo": .bytes(bytes), "n": .int64(1)])
    ])
    // Version 4 kept an asset's bytes in its field, and a field a row.
    let file = try Database(path: path)
    try file.executeScript(
      """
      DROP TABLE schemaMigrations;
      DROP TABLE assets;
      \(Self.withoutVersions6To9)
      ALTER TABLE server DROP COLUMN assetQuota;
      INSERT INTO fields VALUES
        ('alice', 'games', 'r1', 'photo', 'asset', x'89504e4700ff'), ('alice', 'games', 'r1', 'n', 'int64', 1);
      PRAGMA user_version = 4;
      """)
    file.close()
    let upgraded = try FileCloud(path: path, clock: .constant(testNow)).container(for: "alice")
      .privateDatabase
    let record = try upgraded.record(for: id)
    expectNoDifference(
      ["photo": .asset(CloudAsset(bytes: bytes).withoutBytes), "n": .int64(1)], record.fields)
    let key = AssetKey(record: id, field: "photo", sha256: CloudAsset(bytes: bytes).sha256)
    #expect(try upgraded.assetContents(for: [key]) == [key: bytes])
  }

  @Test(
    "a version 8 cloud file is upgraded: each record's field rows become one pack, every kind of value exact")
  func upgradeFromVersion8() throws {
    let database = try FileCloud(path: path, clock: .constant(testNow)).container(for: "alice")
      .privateDatabase
    _ = try database.modifyRecordZones(saving: [zone])
    let photo = CloudAsset(bytes: [1, 2, 3])
    let fields: [String: CloudValue] = [
      "name": .string("Zoë \u{1F3B2}"), "empty": .string(""), "score": .int64(.min),
      "ratio": .double(0.1 + 0.2),
      "tiny": .double(5e-324), "at": .date(testNow), "blob": .bytes([0, 255, 0]), "photo": .asset(photo),
      "player": .reference(RecordID(name: "p1", zoneID: zone)),
    ]
    let records = [
      CloudRecord(id: RecordID(name: "p1", zoneID: zone), type: "players"),
      CloudRecord(id: RecordID(name: "e1", zoneID: zone), type: "scoreEvents", fields: fields),
    ]
    let saved = try database.modifyRecords(saving: records).saveResults.mapValues { try $0.get() }
    // Version 8 kept a field a row, as `FieldCoding` encodes it.
    let file = try Database(path: path)
    try file.executeScript(
      """
      \(Self.withoutVersion9)
      DELETE FROM schemaMigrations WHERE version = 9;
      PRAGMA user_version = 8;
      """)
    for (key, value) in fields {
      let (type, stored) = FieldCoding.encode(value)
      try file.execute(
        "INSERT INTO fields VALUES ('alice', 'games', 'e1', ?, ?, ?)", [.text(key), .text(type), stored])
    }
    file.close()
    let upgraded = try FileCloud(path: path, clock: .constant(testNow)).container(for: "alice")
      .privateDatabase
    let read = try upgraded.records(for: records.map(\.id)).mapValues { try $0.get() }
    expectNoDifference(saved, read)
    #expect(read[records[1].id]?.fields["photo"] == .asset(photo.withoutBytes))
    #expect(read[records[1].id]?.fields.count == fields.count)
  }

  @Test("a version 8 file with a field row no version wrote is refused, naming the field and its record")
  func upgradeFromVersion8Corrupt() throws {
    let database = try FileCloud(path: path, clock: .constant(testNow)).container(for: "alice")
      .privateDatabase
    _ = try database.modifyRecordZones(saving: [zone])
    _ = try database.modifyRecords(saving: [
      CloudRecord(id: RecordID(name: "e1", zoneID: zone), type: "items")
    ])
    let file = try Database(path: path)
    try file.executeScript(
      """
      \(Self.withoutVersion9)
      DELETE FROM schemaMigrations WHERE version = 9;
      PRAGMA user_version = 8;
      INSERT INTO fields VALUES ('alice', 'games', 'e1', 'delta', 'int64', 'five');
      """)
    file.close()
    let error = #expect(throws: (any Error).self) { try FileCloud(path: path, clock: .constant(testNow)) }
    #expect(
      "\(error!)".contains("field delta of e1 in alice's games: a field of type int64 holds"), "\(error!)")
    // Nothing changed: the file is still version 8, its rows there.
    let after = try Database(path: path)
    #expect(try after.fetchOne("PRAGMA user_version") { try $0.int(0) } == 8)
    #expect(try after.fetchOne("SELECT count(*) FROM fields") { try $0.int(0) } == 1)
  }
}
