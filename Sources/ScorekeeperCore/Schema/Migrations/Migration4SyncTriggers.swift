extension Migration {
  /// Schema v4: the triggers that record local changes for sync become
  /// part of the schema (see `SyncTracking` for what they do).
  ///
  /// Until v3 they were TEMP triggers created on every connection, so they
  /// could change without a migration. Creating nine triggers cost about
  /// 1.5 ms per process, more than a whole `list`; stored triggers are
  /// parsed with the rest of the schema for about 0.1 ms (`sqlite3` with
  /// `.timer on`). A later change to them is a migration that drops and
  /// recreates them; the v4 fixture pins this text.
  ///
  /// Score events no longer carry per-field times: they are append-only,
  /// so their fields never conflict, and four rows per event were most of
  /// what recording a score wrote.
  ///
  /// They call two functions every connection that writes must define:
  /// `now()` (as column defaults already do) and `syncIsApplying()`. Any
  /// other writer fails with "no such function" rather than making
  /// changes that would never sync.
  ///
  /// The tables are named, not `SyncedTable.all`: a table synced from a
  /// later version gets its triggers from that version's migration (it
  /// does not exist yet at v4).
  static let syncTriggers = Migration(
    version: 4,
    identifier: "syncTriggers",
    sql: "DELETE FROM syncFieldTimes WHERE recordName LIKE '%:scoreEvents';\n"
      + [SyncedTable.games, .players, .scoreEvents].map(SyncTracking.triggers(for:)).joined(separator: "\n")
  )
}
