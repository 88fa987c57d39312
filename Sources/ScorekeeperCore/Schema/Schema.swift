/// The schema's identity and history: everything that says what a
/// scorekeeper database is.
public enum Schema {
  /// Written to the header's `application_id` (the ASCII "SKPR"), so this
  /// program (and `file(1)`) can tell its databases from other SQLite files.
  public static let applicationID: Int32 = 0x534b_5052

  /// Every migration ever shipped, in order. Append only.
  public static let migrations: [Migration] = [
    .createGamesAndPlayers,
    .scoreEvents,
    .syncMetadata,
    .syncTriggers,
    .sharing,
    .identities,
    .exactTotals,
    .playerPhotos,
    .photoSummaries,
    .archivedGames,
    .deletionsAlwaysSent,
    .forgetDeletedNames,
    .rulesAndRounds,
    .resultChangesAndKinds,
    .peopleAndResults,
    .decimalPoints,
    .placesAndCounting,
    .fasterTotals,
    .cooperativeGames,
    .restoredBackups,
    .syncTombstones,
    .winBy,
    .countdown,
    .roundNames,
    .enteredAt,
    .kindRules,
    .teamPoints,
    .authors,
    .playerLimits,
    .standingsIndex,
    .trackingFunctions,
    .mergeBaseColumn,
    .stateCheck,
  ]

  /// The version this program reads and writes.
  public static var currentVersion: Int { migrations.count }

  public static let history = SchemaHistory(
    applicationID: applicationID, migrations: migrations, baseline: baseline,
    functions: Migration.installFunctions(on:))

  /// The rows migrations 2 and 3 insert into a new database: its device
  /// (whose id the column's default makes) and its sync state.
  static let seed = """
    INSERT INTO localDevice (onlyRow) VALUES (1);
    INSERT INTO syncState (onlyRow) VALUES (1);
    """

  /// The table recording which migrations ran, in a scorekeeper database
  /// and in a mock cloud file alike (`Migrator.createLedger`).
  static let ledgerTable = "schemaMigrations"
}
