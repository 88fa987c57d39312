/// One kind of SQLite file this program owns, and every step of its
/// schema's history: a scorekeeper database (`Schema.history`) or a mock
/// cloud file (`FileCloudSchema.history`). Both go through one `Migrator`.
public struct SchemaHistory: Sendable {
  /// Written to the header's `application_id` when the file is made, so a
  /// file of one kind is never taken for the other.
  public let applicationID: Int32
  /// Every migration ever shipped, numbered 1, 2, 3, … Append only.
  public let migrations: [Migration]
  /// The newest version shipped before this kind of file kept a ledger
  /// (0: it always did). A file at or below it gets a ledger recording the
  /// migrations its version implies, as `unrecordedAppliedAt`, before it
  /// migrates further.
  public let unrecordedThrough: Int

  /// What an adopted ledger row says in place of a time: the step ran, but
  /// no one wrote down when.
  public static let unrecordedAppliedAt = "unrecorded"

  /// How a new file is made without replaying the migrations it covers;
  /// nil: by replaying them all.
  public let baseline: SchemaBaseline?

  /// Defines the SQL functions its migrations call beyond those every
  /// connection has: the migrator calls it before it applies a step.
  let functions: @Sendable (Database) throws -> Void

  public init(
    applicationID: Int32, migrations: [Migration], unrecordedThrough: Int = 0,
    baseline: SchemaBaseline? = nil
  ) {
    self.init(
      applicationID: applicationID, migrations: migrations, unrecordedThrough: unrecordedThrough,
      baseline: baseline, functions: { _ in })
  }

  init(
    applicationID: Int32, migrations: [Migration], unrecordedThrough: Int = 0,
    baseline: SchemaBaseline? = nil, functions: @escaping @Sendable (Database) throws -> Void
  ) {
    precondition(
      migrations.enumerated().allSatisfy { $0.element.version == $0.offset + 1 },
      "Migrations must be numbered 1, 2, 3, … in order")
    precondition(
      baseline.map { (1...migrations.count).contains($0.version) } ?? true,
      "A baseline stands for migrations this history has")
    self.applicationID = applicationID
    self.migrations = migrations
    self.unrecordedThrough = unrecordedThrough
    self.baseline = baseline
    self.functions = functions
  }

  /// The same history, making new files by replaying every migration
  /// (what the baseline is checked against).
  var replayingEveryStep: SchemaHistory {
    SchemaHistory(
      applicationID: applicationID, migrations: migrations, unrecordedThrough: unrecordedThrough,
      functions: functions)
  }

  /// The version this program reads and writes.
  public var currentVersion: Int { migrations.count }
}
