/// Brings a file's schema up to a version by applying its history's
/// migrations in order, each in its own write transaction. The local
/// database and the mock cloud file both go through it.
///
/// An empty file is made in one write transaction instead, from the
/// history's baseline when it has one: no one ever sees a half-made file,
/// it is flushed once, and an empty file's consistency is checked once, at
/// the end.
///
/// Each step re-reads the version inside its transaction, so two processes
/// opening the same old file at once apply every step exactly once: the
/// second waits for the first's write lock and then finds nothing to do.
struct Migrator {
  let history: SchemaHistory
  var migrations: [Migration] { history.migrations }

  init(_ history: SchemaHistory = Schema.history) {
    self.history = history
  }

  /// A scorekeeper database's history of just these migrations (tests,
  /// and older versions of the schema): the baseline is used when these
  /// migrations begin with the ones it stands for.
  init(migrations: [Migration]) {
    let baseline = Schema.history.baseline.flatMap { baseline in
      migrations.starts(with: Schema.migrations.prefix(baseline.version)) ? baseline : nil
    }
    self.init(
      SchemaHistory(
        applicationID: Schema.applicationID, migrations: migrations, baseline: baseline,
        functions: Schema.history.functions))
  }

  /// Applies every migration up to `target` that the file lacks, and
  /// returns the ones this call applied. A file with nothing to do is only
  /// read.
  @discardableResult
  func migrate(_ db: Database, upTo target: Int? = nil) throws -> [Migration] {
    let target = target ?? migrations.count
    let (version, hasLedger) = try db.read { (try db.userVersion(), try db.hasLedger()) }
    if version >= target && (hasLedger || version == 0) { return [] }
    if !hasLedger && version > 0 { try adoptUnrecordedHistory(db) }
    try history.functions(db)
    if version == 0, let made = try create(db, upTo: target) { return made }
    var applied: [Migration] = []
    for migration in migrations.prefix(target) {
      let didApply = try db.write {
        let version = try db.userVersion()
        if version >= migration.version { return false }
        guard version == migration.version - 1 else {
          throw MigrationError(migration: migration, reason: .unexpectedVersion(version))
        }
        try apply(migration, to: db, from: version)
        return true
      }
      if didApply { applied.append(migration) }
    }
    return applied
  }

  /// Makes an empty file, in one transaction, and returns the migrations
  /// it stands for; nil when another process made the file first (then
  /// the steps it may lack are applied one by one, as for any file).
  private func create(_ db: Database, upTo target: Int) throws -> [Migration]? {
    try db.write {
      guard try db.userVersion() == 0 else { return nil }
      try db.execute("PRAGMA application_id = \(history.applicationID)")
      try createLedger(db)
      let steps = Array(migrations.prefix(target))
      var version = 0
      if let baseline = history.baseline, baseline.version <= target {
        try lay(baseline, in: db)
        version = baseline.version
      }
      for migration in steps[version...] {
        try run(migration, in: db)
      }
      if let last = steps.last { try checkConsistency(db, after: last) }
      return steps
    }
  }

  private func lay(_ baseline: SchemaBaseline, in db: Database) throws {
    let covered = migrations.prefix(baseline.version)
    do {
      for statement in baseline.schema { try db.executeScript(statement) }
      try db.executeScript(baseline.seed)
    } catch let error as DatabaseError {
      throw MigrationError(migration: covered.last!, reason: .sqlFailed(error))
    }
    for migration in covered { try record(migration, in: db) }
  }

  private func apply(_ migration: Migration, to db: Database, from version: Int) throws {
    try verifyLedger(db, upTo: version, before: migration)
    try run(migration, in: db)
    try checkConsistency(db, after: migration)
  }

  private func run(_ migration: Migration, in db: Database) throws {
    do {
      try db.executeScript(migration.sql)
    } catch let error as DatabaseError {
      throw MigrationError(migration: migration, reason: .sqlFailed(error))
    }
    try record(migration, in: db)
  }

  /// Writes the step to the ledger and the version to the header.
  private func record(_ migration: Migration, in db: Database) throws {
    try db.execute(
      "INSERT INTO \(Schema.ledgerTable) (version, identifier, appliedAt) VALUES (?1, ?2, now())",
      [.integer(Int64(migration.version)), .text(migration.identifier)])
    try db.execute("PRAGMA user_version = \(migration.version)")
  }

  /// The ledger's shape is frozen with the first migration: every later
  /// version of either kind of file must be able to read it.
  private func createLedger(_ db: Database) throws {
    try db.execute(
      """
      CREATE TABLE \(Schema.ledgerTable) (
        version INTEGER PRIMARY KEY NOT NULL,
        identifier TEXT NOT NULL UNIQUE,
        appliedAt TEXT NOT NULL
      ) STRICT
      """)
  }

  /// A file made before its kind kept a ledger records the steps its
  /// version implies, once, so every later step is checked against a
  /// ledger like any other file's. A version past `unrecordedThrough`
  /// without a ledger was not made by this program, and is refused.
  private func adoptUnrecordedHistory(_ db: Database) throws {
    try db.write {
      let version = try db.userVersion()
      guard try !db.hasLedger() else { return }  // another process adopted it
      guard version <= history.unrecordedThrough, version <= migrations.count else {
        throw MigrationError(
          migration: migrations[min(version, migrations.count) - 1], reason: .missingLedger(version))
      }
      try createLedger(db)
      for migration in migrations.prefix(version) {
        try db.execute(
          "INSERT INTO \(Schema.ledgerTable) (version, identifier, appliedAt) VALUES (?1, ?2, ?3)",
          [
            .integer(Int64(migration.version)), .text(migration.identifier),
            .text(SchemaHistory.unrecordedAppliedAt),
          ])
      }
    }
  }

  /// The ledger must tell the same history this program knows; otherwise
  /// the file came from a diverging build and migrating it would guess.
  private func verifyLedger(_ db: Database, upTo version: Int, before migration: Migration) throws {
    let recorded = try db.fetchAll(
      "SELECT version, identifier FROM \(Schema.ledgerTable) ORDER BY version"
    ) { row in "\(try row.int(0)) \(try row.text(1))" }
    let known = migrations.prefix(version).map { "\($0.version) \($0.identifier)" }
    guard recorded == known else {
      throw MigrationError(
        migration: migration, reason: .ledgerMismatch(recorded: recorded, known: Array(known)))
    }
  }

  /// Runs inside the migration's transaction, so a failed check rolls the
  /// step back and leaves the database as it was.
  private func checkConsistency(_ db: Database, after migration: Migration) throws {
    let violations = try db.fetchAll("PRAGMA foreign_key_check") { row in
      "\(try row.text(0)) row \(row.value(1)) → \(try row.text(2))"
    }
    guard violations.isEmpty else {
      throw MigrationError(migration: migration, reason: .foreignKeyViolations(violations))
    }
    let problems = try db.fetchAll("PRAGMA integrity_check") { try $0.text(0) }
    guard problems == ["ok"] else {
      throw MigrationError(migration: migration, reason: .integrityProblems(problems))
    }
  }
}

extension Database {
  /// `PRAGMA user_version`: the schema version of a scorekeeper database.
  func userVersion() throws -> Int {
    try fetchOne("PRAGMA user_version") { try $0.int(0) } ?? 0
  }

  fileprivate func hasLedger() throws -> Bool {
    try fetchOne(
      "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?1", [.text(Schema.ledgerTable)]
    ) { _ in true } ?? false
  }
}

/// A migration could not be applied; the database was left as it was.
public struct MigrationError: Error, Equatable, CustomStringConvertible {
  public enum Reason: Equatable, Sendable {
    case sqlFailed(DatabaseError)
    case unexpectedVersion(Int)
    case ledgerMismatch(recorded: [String], known: [String])
    /// At this version the file should have had a ledger, and has none.
    case missingLedger(Int)
    case foreignKeyViolations([String])
    case integrityProblems([String])
  }

  public let migration: Migration
  public let reason: Reason

  public var description: String {
    let step = "migration \(migration.version) (\(migration.identifier))"
    switch reason {
    case .sqlFailed(let error):
      return "\(step) failed: \(error)"
    case .unexpectedVersion(let version):
      return "\(step) cannot follow schema version \(version)"
    case .ledgerMismatch(let recorded, let known):
      return "\(step) refused: the database records migrations \(recorded) "
        + "but this program knows \(known)"
    case .missingLedger(let version):
      return "\(step) refused: the file is at version \(version) but records no migrations"
    case .foreignKeyViolations(let rows):
      return "\(step) left rows with broken references: " + rows.joined(separator: "; ")
    case .integrityProblems(let problems):
      return "\(step) left the database failing its integrity check: "
        + problems.joined(separator: "; ")
    }
  }
}
