/// One step of the schema's history: frozen SQL with a version and a name.
///
/// Shipped migrations are never edited, only appended to: a database made
/// by any released version must upgrade the same way forever, and the
/// fixtures in `Fixtures/databases/` check that it does.
public struct Migration: Sendable, Equatable {
  /// The `PRAGMA user_version` the database has once this step is applied.
  public let version: Int
  /// A stable name, recorded in the ledger table beside the version.
  public let identifier: String
  /// The statements, run in one transaction.
  public let sql: String

  public init(version: Int, identifier: String, sql: String) {
    self.version = version
    self.identifier = identifier
    self.sql = sql
  }
}
