import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

@Suite struct MigratorTests {
  let directory: TemporaryDirectory
  let db: Database

  init() throws {
    directory = try TemporaryDirectory()
    db = try Database(path: directory.file("test.sqlite"))
    try db.install(Dependencies(uuid: .incrementing(), clock: .constant(testNow), device: .device(1)))
  }

  static let first = Migration(
    version: 1, identifier: "first", sql: "CREATE TABLE a (id INTEGER PRIMARY KEY);")
  static let second = Migration(
    version: 2, identifier: "second",
    sql: "CREATE TABLE b (aID INTEGER REFERENCES a (id)); INSERT INTO a (id) VALUES (1);")

  func ledger() throws -> [[SQLValue]] {
    try db.fetchAll("SELECT version, identifier, appliedAt FROM schemaMigrations ORDER BY version") {
      row in [row.value(0), row.value(1), row.value(2)]
    }
  }

  @Test("a fresh database gets every migration, the ledger, the version and the application id")
  func fresh() throws {
    let applied = try Migrator(migrations: [Self.first, Self.second]).migrate(db)
    #expect(applied == [Self.first, Self.second])
    #expect(
      try ledger() == [
        [1, "first", "2026-01-02T03:04:05.678Z"], [2, "second", "2026-01-02T03:04:05.678Z"],
      ])
    #expect(try db.userVersion() == 2)
    #expect(try db.fetchOne("PRAGMA application_id") { try $0.int64(0) } == Int64(Schema.applicationID))
  }

  @Test("migrating twice applies nothing the second time")
  func idempotent() throws {
    try Migrator(migrations: [Self.first]).migrate(db)
    #expect(try Migrator(migrations: [Self.first]).migrate(db) == [])
    #expect(try ledger().count == 1)
  }

  @Test("an older database gets only the steps it lacks")
  func upgrade() throws {
    try Migrator(migrations: [Self.first]).migrate(db)
    #expect(try Migrator(migrations: [Self.first, Self.second]).migrate(db) == [Self.second])
    #expect(try db.userVersion() == 2)
    #expect(try db.fetchAll("SELECT id FROM a") { try $0.int64(0) } == [1])
  }

  static let broken = Migration(
    version: 2, identifier: "broken", sql: "CREATE TABLE c (x); INSERT INTO nowhere VALUES (1);")
  static let brokenError = MigrationError(
    migration: broken,
    reason: .sqlFailed(
      DatabaseError(
        extendedCode: 1, message: "no such table: nowhere", sql: "INSERT INTO nowhere VALUES (1);")))

  @Test("a failing step of an existing file is rolled back alone; the steps before it stay")
  func failingStep() throws {
    try Migrator(migrations: [Self.first]).migrate(db)
    let error = try #require(throws: MigrationError.self) {
      try Migrator(migrations: [Self.first, Self.broken]).migrate(db)
    }
    #expect(error == Self.brokenError)
    #expect(try db.userVersion() == 1)
    #expect(try db.fetchOne("SELECT count(*) FROM sqlite_schema WHERE name = 'c'") { try $0.int(0) } == 0)
    #expect(try ledger().count == 1)
  }

  @Test("a new file is made in one transaction: a failing step leaves it empty, as it was")
  func failingStepOfNewFile() throws {
    let error = try #require(throws: MigrationError.self) {
      try Migrator(migrations: [Self.first, Self.broken]).migrate(db)
    }
    #expect(error == Self.brokenError)
    #expect(try db.userVersion() == 0)
    #expect(try db.fetchOne("PRAGMA application_id") { try $0.int64(0) } == 0)
    #expect(try db.fetchOne("SELECT count(*) FROM sqlite_schema") { try $0.int(0) } == 0)
  }

  @Test("a new file is checked once, after its last step: broken references roll all of it back")
  func foreignKeyCheckOfNewFile() throws {
    let dangling = Migration(
      version: 2, identifier: "dangling",
      sql: "CREATE TABLE b (aID INTEGER REFERENCES a (id)); INSERT INTO b VALUES (7);")
    try db.execute("PRAGMA foreign_keys = OFF")
    let error = try #require(throws: MigrationError.self) {
      try Migrator(migrations: [Self.first, dangling]).migrate(db)
    }
    #expect(error == MigrationError(migration: dangling, reason: .foreignKeyViolations(["b row 1 → a"])))
    #expect(try db.fetchOne("SELECT count(*) FROM sqlite_schema") { try $0.int(0) } == 0)
  }

  @Test("a step that leaves broken references is rolled back")
  func foreignKeyCheck() throws {
    let dangling = Migration(
      version: 2, identifier: "dangling",
      sql: """
        PRAGMA defer_foreign_keys = ON;
        CREATE TABLE b (aID INTEGER REFERENCES a (id));
        INSERT INTO b (aID) VALUES (7);
        """)
    // Deferred checks would only fail at COMMIT; the migrator's own check
    // catches the broken row first and names it.
    try Migrator(migrations: [Self.first]).migrate(db)
    try db.execute("PRAGMA foreign_keys = OFF")
    let error = try #require(throws: MigrationError.self) {
      try Migrator(migrations: [Self.first, dangling]).migrate(db)
    }
    #expect(error == MigrationError(migration: dangling, reason: .foreignKeyViolations(["b row 1 → a"])))
    #expect(try db.userVersion() == 1)
  }

  @Test("a ledger that disagrees with the known migrations is refused")
  func ledgerMismatch() throws {
    try Migrator(migrations: [Migration(version: 1, identifier: "other", sql: "CREATE TABLE z (x);")])
      .migrate(db)
    let error = try #require(throws: MigrationError.self) {
      try Migrator(migrations: [Self.first, Self.second]).migrate(db)
    }
    #expect(
      error
        == MigrationError(
          migration: Self.second, reason: .ledgerMismatch(recorded: ["1 other"], known: ["1 first"])))
    #expect(try db.userVersion() == 1)
  }

  static let third = Migration(version: 3, identifier: "third", sql: "CREATE TABLE c (x);")

  /// A file of a kind that kept no ledger up to version 2 (as mock cloud
  /// files did up to 5), made at `version` by a program of that time.
  func unrecordedFile(at version: Int) throws -> SchemaHistory {
    let history = SchemaHistory(
      applicationID: 42, migrations: [Self.first, Self.second, Self.third], unrecordedThrough: 2)
    try Migrator(history).migrate(db, upTo: version)
    try db.execute("DROP TABLE schemaMigrations")
    return history
  }

  @Test("a file from before its kind kept a ledger adopts the steps its version implies, then migrates")
  func adoptsUnrecordedHistory() throws {
    let history = try unrecordedFile(at: 2)
    #expect(try Migrator(history).migrate(db) == [Self.third])
    #expect(
      try ledger() == [
        [1, "first", "unrecorded"], [2, "second", "unrecorded"], [3, "third", "2026-01-02T03:04:05.678Z"],
      ])
    #expect(try db.userVersion() == 3)
  }

  @Test("a file past the unrecorded versions without a ledger is refused, and left as it was")
  func missingLedgerIsRefused() throws {
    let history = try unrecordedFile(at: 3)
    let error = try #require(throws: MigrationError.self) {
      try Migrator(history).migrate(db, upTo: 3)
    }
    #expect(error == MigrationError(migration: Self.third, reason: .missingLedger(3)))
    #expect(
      try db.fetchOne("SELECT count(*) FROM sqlite_schema WHERE name = 'schemaMigrations'") { try $0.int(0) }
        == 0)
  }

  @Test("the shipped migrations are numbered 1, 2, 3, … with unique names")
  func shippedList() {
    #expect(Schema.migrations.map(\.version) == Array(1...Schema.migrations.count))
    #expect(Set(Schema.migrations.map(\.identifier)).count == Schema.migrations.count)
  }

  /// A shipped migration's SQL, hashed as it shipped. A database made by
  /// any release upgrades through exactly this text forever; a failing
  /// line here means history was edited (add a migration instead).
  static let shippedSQLHashes = [
    "1 createGamesAndPlayers 790456f4cf425d4edb6b255fe4d83f8d4465707036306b14c4e968483ec0e6c6",
    "2 scoreEvents 98e739c002f4a56c04f679a16ad8269c94b7ea4a3c4fbf2fd2e2aba9eb1ae519",
    "3 syncMetadata dbe85f591c6aabbb3f61c4b2e4cd1605944445dd3d9d29869e2ad660cae93cb1",
    "4 syncTriggers 360ad333663fa19c1b7512f4c20cf44896c7bfcc90db5feadfb8ec99b8092a08",
    "5 sharing e8443a8b8c4d2c576279d2f1a0c21c936017b112bc505945d0fc597f6f5392de",
    "6 identities d87b76bce4adca8fc67bc1142d3112e740a81cde7e3332c70529fbfa3b3d6f17",
    "7 exactTotals 342e6018df7d36527e38c1267873c914b32438952c182512042a8e681ee95b0d",
    "8 playerPhotos 351436a00455477870a30aaa2657d5ab6da7d2c590eb78473bf64bf82ee7657a",
    "9 photoSummaries fa6097ee214235570db391f5b02d36da55f97ad6140a56713d028a15e30a7d76",
    "10 archivedGames a30f61a37875af939a5bb1a6dd13a6c2d2c61fc3b19e0cab89769c02f69af295",
    "11 deletionsAlwaysSent a07ef92435b2af5260c52f29da348c4169e2192eb94c89664fefd8962e9871a8",
    "12 forgetDeletedNames 480945df7b21aa0837a30c60fb4ce73d8d650b1bca7bbbee01204392ffc5a01d",
    "13 rulesAndRounds 2ae3eba3d591b56cdc8d0c6185588a90f3058b58875c980af891f649328acfdf",
    "14 resultChangesAndKinds a5ba288be79694fd76bef8cae7c325a7abbd9065bfa76d4758ddc2d1c26b90fb",
    "15 peopleAndResults 959ac7508e6ad02ca67db4087e1eab0dc2c745f3798f11adcdbc78072c67122a",
    "16 decimalPoints d742e6b1f45e3c35d33e5eb0178d8a57395d859fcedab479b654e34fb4c15269",
    "17 placesAndCounting 3e8690a27aac361924b2befd406e0639979df9b427f9f94ac326510c5608bd20",
    "18 fasterTotals a191381979b665d36da66ff2cdf3123e1bf5b56130f01d61eef72296acb27a08",
    "19 cooperativeGames c0820ddc3c3cff3d089dcd435a2e564087d49486d9a230218a43eab8352c3f2c",
    "20 restoredBackups dae4f3f4b290738b075034f74011c5c712ad0c8873872a4153fee118e886af01",
    "21 syncTombstones 40b00c63a2247837ffdc37ee03c856b59be1fb98d81d52021f11e7d6bf1803e7",
    "22 winBy a303a215bb9602a4d1b6ba62b05dae5502716a11c79b6fbeea4211e099c6c8de",
    "23 countdown 9cd72020255a29c5f93859e135f8e7077b0c918a3a8fccc3b5ac02f13ab3fbf5",
    "24 roundNames b2d6a50fa83592792e778c0fd4db9acedea9ad44d95a33a95e86e3631828d840",
    "25 enteredAt 7ebb49acb328265e80421e29492f4f0e73fe8916eb345b2c2f06e5bcd099ab70",
    "26 kindRules bc95df0be6443a39be910263306361ac71f5348ee3d537b4eb69caed23de6672",
    "27 teamPoints 7cce388f885a97f2a2d4c00d127e9dade4ee157a23db4c51f55615e09de4b3ef",
    "28 authors c31c4de367da4a8b713b6a875cbdd2217c205e162210206e6d6bb417196d1eed",
    "29 playerLimits 3310fbd16340ec0689c9c410665564df6f200612a9c9efdbf34b7027bde554d9",
    "30 standingsIndex d671c96082bfd7b1b984af774357f45c3adf7601fbf139e36c8cd2bea61a4939",
    "31 trackingFunctions 8f1f9023340b70b69e38112444d03f606b90c239633cba0d1e6b6f00fefd0759",
    "32 mergeBaseColumn 6e1c716058bd3fcdb7d566d16ff79f79b6339ed35cd24c6fc29906b57f03b98e",
    "33 stateCheck 11e258c0ee992db8575eac1fef15c30c9502aeaa1fb4822b5e46aca917cf823f",
  ]

  /// The same for the mock cloud file's migrations.
  static let shippedFileCloudSQLHashes = [
    "1 created e14f24fcd8c1f4e3e2dca1453c7528e5f59b751174042cdf8e4a6ee10193c4d1",
    "2 identity 1725948caa00a813f0e503b8140963966bdaf949182cdbaf654d22b31c15a76b",
    "3 devices d5ca22bbefa143a792b85da25ff19b37e31f216258e4166fdee57d4fd01038ec",
    "4 linkCount c920b3b716811b87c52c8d6a31ba58245fa0f14162caee9ddb14614e7dfa77d4",
    "5 assets e50b31d28fd0ceab8d6ffae0ae4fb040aa567851bf19371cd857d16268a4b8b6",
    "6 creators f281882d2e7ec3ef66f2dc38c73a907573571f1e522bc62676f27fc697edf240",
    "7 roles 4c5e2decce3281aa5182e2a21efe7013c3d16fc03f17f0e4d99434c35e91723e",
    "8 history 41d6208ccea33d19ad5271d4b8c6d1462df6acdc93e09dbcb07c170ea966c8d3",
    "9 fieldPacks f3762e2c56807c2c16f4ca83fa7cb015897ebc3a8dc8a79e9e91c189843ff5c7",
  ]

  @Test("no shipped migration's SQL ever changes (its hash is pinned as shipped)")
  func shippedSQLIsFrozen() {
    let hashes = { (history: SchemaHistory) in
      history.migrations.map { "\($0.version) \($0.identifier) \(sha256Hex(Array($0.sql.utf8)))" }
    }
    expectNoDifference(hashes(Schema.history), Self.shippedSQLHashes)
    expectNoDifference(hashes(FileCloudSchema.history), Self.shippedFileCloudSQLHashes)
  }
}
