/// A schema as it stands after one of its migrations, as one script: how a
/// new file is made, in place of replaying every step before it.
///
/// Replaying is slow for a reason of SQLite's, not ours: each `ALTER TABLE`
/// makes the connection parse the whole schema again (23 times for a new
/// scorekeeper database), and each step checked the file's integrity. The
/// baseline creates every table, index and trigger once, as SQLite records
/// it (`sqlite_schema.sql`), then the rows the migrations seed.
/// `SchemaBaselineTests` checks that a file made from it equals one made
/// step by step, row for row; `make fixtures` records it again.
///
/// A migration added later is applied on top of it, in the same
/// transaction, so the baseline need not follow every new step.
public struct SchemaBaseline: Sendable, Equatable {
  /// The version a file made from it has: migrations 1 through this one.
  public let version: Int
  /// The tables, then the indexes, then the triggers and views, each as
  /// `sqlite_schema` records it, in the order they were made.
  public let schema: [String]
  /// The rows the migrations insert into an empty file (written by hand:
  /// a recorded row would carry the recording's device id).
  public let seed: String

  public init(version: Int, schema: [String], seed: String) {
    self.version = version
    self.schema = schema
    self.seed = seed
  }
}
