/// How local changes are recorded for the sync engine: every synced table
/// has an insert, an update (of synced columns, the key or the parent)
/// and a delete trigger, part of the schema as literal SQL in the
/// migration that made them (v31's `trackingFunctions`; a change to them
/// is a new migration). Each calls one of three functions defined here,
/// which write `syncRecords` and `syncFieldTimes`:
///
/// - `syncSaved(table, id, parentID, field, timed, …)`: the row waits to
///   be saved, in its parent's zone (a child; nothing when the parent has
///   no record) or its own (a root: a game, a person link, kind rules);
///   each `field` whose `timed` is true gets the time of the change;
/// - `syncMoved(table, oldID, newID, parentID, field, changed, …)`: the
///   same after an update, and a changed key retires the old record and
///   times every field named;
/// - `syncDeleted(table, id)`: the record waits to be deleted.
///
/// The work is here rather than in the triggers' SQL because SQLite
/// parses every trigger of the schema whenever a process opens the
/// database: written out in SQL, their parse was 1.2M of the 9.0M
/// instructions of a whole `score` (Docs/flushes.md). Each function runs
/// its statements on the connection whose statement fired the trigger
/// (SQLite allows an application function to run statements on its own
/// connection): they are part of that statement, undone with it.
///
/// They record nothing while the sync engine itself applies server
/// changes (`SyncApplyingFlag`): applying must not echo those changes
/// back as local ones.
enum SyncTracking {
  /// Defines the tracking functions on `db`; with `tracksChanges` false
  /// they record nothing (a benchmark measuring what tracking costs).
  static func install(on db: Database, applying: SyncApplyingFlag, tracksChanges: Bool) throws {
    let isSilent = { applying.isApplying || !tracksChanges }
    // Called by the triggers of versions 4 to 30, which migrations up to
    // 30 may still fire.
    try db.createFunction("syncIsApplying", argumentCount: 0, deterministic: false) { _ in
      .integer(isSilent() ? 1 : 0)
    }
    // The functions live as long as the connection, which owns them.
    try db.createFunction("syncSaved", argumentCount: -1, deterministic: false) { [unowned db] arguments in
      guard !isSilent() else { return .null }
      let call = try TrackingCall("syncSaved", arguments, ids: 1, hasParent: true)
      try saved(call, id: call.ids[0], timingAll: false, in: db)
      return .null
    }
    try db.createFunction("syncMoved", argumentCount: -1, deterministic: false) { [unowned db] arguments in
      guard !isSilent() else { return .null }
      let call = try TrackingCall("syncMoved", arguments, ids: 2, hasParent: true)
      let (old, new) = (call.ids[0], call.ids[1])
      // Keys compare as SQL compares text: byte for byte.
      let isMoved = !old.utf8.elementsEqual(new.utf8)
      if isMoved { try deleted(call.table, id: old, in: db) }
      try saved(call, id: new, timingAll: isMoved, in: db)
      return .null
    }
    try db.createFunction("syncDeleted", argumentCount: 2, deterministic: false) { [unowned db] arguments in
      guard !isSilent() else { return .null }
      let call = try TrackingCall("syncDeleted", arguments, ids: 1, hasParent: false)
      try deleted(call.table, id: call.ids[0], in: db)
      return .null
    }
  }

  /// Every statement the sync engine runs, and every statement the
  /// tracking functions run, starts with this comment, so a trace can
  /// tell the engine's work from the command's.
  static let marker = "/* sync */"

  private static func saved(_ call: TrackingCall, id: String, timingAll: Bool, in db: Database) throws {
    let table = call.table
    let recordName = SQLValue.text(table.recordName(of: id))
    if let zone = table.rootZone(ofID: id) {
      try db.execute(
        """
        \(marker) INSERT INTO syncRecords
          (recordName, tableName, rowID, zoneName, ownerName, parentRecordName, state, changeCount)
        VALUES (?1, ?2, ?3, ?4, '', NULL, 'pendingSave', 1)
        ON CONFLICT (recordName) DO UPDATE SET state = 'pendingSave', changeCount = changeCount + 1
        """, [recordName, .text(table.name), .text(id), .text(zone)])
    } else if let parentRecordName = call.parentID.flatMap(table.parentRecordName(of:)) {
      // A child takes its parent's zone and owner, again when it comes
      // back (a row deleted here, then made again).
      try db.execute(
        """
        \(marker) INSERT INTO syncRecords
          (recordName, tableName, rowID, zoneName, ownerName, parentRecordName, state, changeCount)
        SELECT ?1, ?2, ?3, zoneName, ownerName, recordName, 'pendingSave', 1
        FROM syncRecords WHERE recordName = ?4
        ON CONFLICT (recordName) DO UPDATE SET state = 'pendingSave', changeCount = changeCount + 1,
          zoneName = excluded.zoneName, ownerName = excluded.ownerName,
          parentRecordName = excluded.parentRecordName
        """, [recordName, .text(table.name), .text(id), .text(parentRecordName)])
    }
    for (field, isTimed) in call.fields where isTimed || timingAll {
      try db.execute(
        """
        \(marker) INSERT INTO syncFieldTimes (recordName, field, modifiedAt) VALUES (?1, ?2, now())
        ON CONFLICT (recordName, field) DO UPDATE SET modifiedAt = excluded.modifiedAt
        """, [recordName, .text(field)])
    }
  }

  /// The record's merge base goes with it: a deletion merges with
  /// nothing, and a base holds names (v12).
  private static func deleted(_ table: SyncedTable, id: String, in db: Database) throws {
    try db.execute(
      """
      \(marker) UPDATE syncRecords SET state = 'pendingDelete', changeCount = changeCount + 1, serverFields = x''
      WHERE recordName = ?1
      """, [.text(table.recordName(of: id))])
  }
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
