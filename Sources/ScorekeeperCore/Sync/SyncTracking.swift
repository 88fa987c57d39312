/// The triggers that record local changes for the sync engine: for every
/// synced table, an insert, an update (of synced columns, the key or the
/// parent) and a delete trigger, writing to `syncRecords` and
/// `syncFieldTimes`. They are part of the schema, as literal SQL in the
/// migration that made each (`Migration.syncTriggers`, `.playerPhotos`);
/// a change to them is a new migration.
///
/// They stay silent while the sync engine itself applies server changes:
/// `syncIsApplying()` is true then, and applying must not echo those
/// changes back as local ones.
enum SyncTracking {
  /// Defines `syncIsApplying()` on `db`: the flag's state, or always true
  /// when `tracksChanges` is false (a benchmark measuring the triggers).
  static func install(on db: Database, applying: SyncApplyingFlag, tracksChanges: Bool) throws {
    try db.createFunction("syncIsApplying", argumentCount: 0, deterministic: false) { _ in
      .integer(applying.isApplying || !tracksChanges ? 1 : 0)
    }
  }

  /// Every statement a sync trigger runs starts with this comment, so a
  /// trace can tell the engine's work from the command's.
  static let marker = "/* sync */"
}

/// Whether the sync engine is writing server changes right now (the
/// triggers are silent then). One per connection, used from its thread.
final class SyncApplyingFlag: @unchecked Sendable {
  var isApplying = false

  /// Runs `body` with the flag up.
  func applying<T>(_ body: () throws -> T) rethrows -> T {
    isApplying = true
    defer { isApplying = false }
    return try body()
  }
}
