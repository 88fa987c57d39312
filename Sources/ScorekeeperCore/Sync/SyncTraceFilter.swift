/// Tells a command's own statements from the sync engine's in a trace, so
/// `--trace` shows what the command did and `--trace=all` everything.
///
/// The engine's are: the sync triggers when they fire (SQLite traces a
/// trigger as a "-- TRIGGER name" line followed by one "-- statement"
/// line per step), and the statements that start with
/// `SyncTracking.marker`: the engine's own and those the triggers'
/// tracking functions run.
public struct SyncTraceFilter {
  private var insideSyncTrigger = false
  private var insideEngineTransaction = false

  public init() {}

  /// Whether `line`, the next traced statement, belongs to the command.
  public mutating func isCommandStatement(_ line: String) -> Bool {
    if line.hasPrefix("-- TRIGGER ") {
      insideSyncTrigger = line.hasPrefix("-- TRIGGER sync_")
      return !insideSyncTrigger
    }
    if line.hasPrefix("-- ") && insideSyncTrigger { return false }
    insideSyncTrigger = false
    // A script's statements come with the blank lines before them.
    let statement = line.drop { $0 == "\n" || $0 == " " }
    // Everything inside the engine's own transactions is the engine's,
    // the statements of the store's hooks included.
    if statement.hasPrefix(SyncTracking.marker + " BEGIN") { insideEngineTransaction = true }
    if insideEngineTransaction {
      if statement.hasPrefix(SyncTracking.marker + " COMMIT") || statement.hasPrefix("ROLLBACK") {
        insideEngineTransaction = false
      }
      return false
    }
    return !statement.hasPrefix(SyncTracking.marker)
  }
}
