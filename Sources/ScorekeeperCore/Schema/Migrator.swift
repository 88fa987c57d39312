/// Brings a database's schema up to a version by applying migrations in
/// order, each in its own write transaction.
///
/// Each step re-reads the version inside its transaction, so two processes
/// opening the same old database at once apply every step exactly once: the
/// second waits for the first's write lock and then finds nothing to do.
struct Migrator {
  let migrations: [Migration]

  init(migrations: [Migration] = Schema.migrations) {
    precondition(
      migrations.enumerated().allSatisfy { $0.element.version == $0.offset + 1 },
      "Migrations must be numbered 1, 2, 3, … in order")
    self.migrations = migrations
  }

  /// Applies every migration up to `target` that the database lacks, and
  /// returns the ones this call applied.
  @discardableResult
  func migrate(_ db: Database, upTo target: Int? = nil) throws -> [Migration] {
    let target = target ?? migrations.count
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

  private func apply(_ migration: Migration, to db: Database, from version: Int) throws {
    if version == 0 {
      try db.execute("PRAGMA application_id = \(Schema.applicationID)")
      try db.execute(
        """
        CREATE TABLE \(Schema.ledgerTable) (
          version INTEGER PRIMARY KEY NOT NULL,
          identifier TEXT NOT NULL UNIQUE,
          appliedAt TEXT NOT NULL
        ) STRICT
        """)
    } else {
      try verifyLedger(db, upTo: version, before: migration)
    }
    do {
      try db.executeScript(migration.sql)
    } catch let error as DatabaseError {
      throw MigrationError(migration: migration, reason: .sqlFailed(error))
    }
    try db.execute(
      "INSERT INTO \(Schema.ledgerTable) (version, identifier, appliedAt) VALUES (?1, ?2, now())",
      [.integer(Int64(migration.version)), .text(migration.identifier)])
    try db.execute("PRAGMA user_version = \(migration.version)")
    try checkConsistency(db, after: migration)
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
}

/// A migration could not be applied; the database was left as it was.
public struct MigrationError: Error, Equatable, CustomStringConvertible {
  public enum Reason: Equatable, Sendable {
    case sqlFailed(DatabaseError)
    case unexpectedVersion(Int)
    case ledgerMismatch(recorded: [String], known: [String])
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
    case .foreignKeyViolations(let rows):
      return "\(step) left rows with broken references: " + rows.joined(separator: "; ")
    case .integrityProblems(let problems):
      return "\(step) left the database failing its integrity check: "
        + problems.joined(separator: "; ")
    }
  }
}
