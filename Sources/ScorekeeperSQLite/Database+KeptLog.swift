import CScorekeeperSQLite

extension Database {
  /// Pages a kept log holds before a commit checkpoints it (`KeptLog`).
  public static let defaultCheckpointPages = KeptLog.defaultCheckpointPages

  /// Where opening moved a log that did not belong to the database's file
  /// (a backup copied over it); nil when nothing was set aside.
  public var setAsideLog: String? { keptLog?.setAside }

  /// Keeps the log past the last close, and leaves checkpoints to
  /// `KeptLog` (SQLite's own automatic one would run inside a commit,
  /// before the mark could say a checkpoint is under way).
  func keep(_ log: KeptLog) throws {
    try check(scorekeeper_db_config_bool(handle, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1))
    try check(sqlite3_exec(handle, "PRAGMA wal_autocheckpoint = 0", nil, nil, nil))
    sqlite3_wal_hook(
      handle,
      { context, _, _, frames in
        Unmanaged<KeptLog>.fromOpaque(context!).takeUnretainedValue().framesInLog = frames
        return SQLITE_OK
      }, Unmanaged.passUnretained(log).toOpaque())
  }

  /// After a commit: a checkpoint when the log has grown, and a record of
  /// a log started over.
  func maintainKeptLog() {
    keptLog?.maintain(handle)
  }
}
