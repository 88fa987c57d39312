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

  /// Closing will remove the log and its index again, as SQLite does by
  /// default, when the log holds nothing: for a file this program opened
  /// only to refuse it, which it leaves as it found it. A log that holds
  /// changes stays, so its main file is never written.
  public func stopKeepingLogIfEmpty() {
    guard let keptLog, !KeptLog.holdsChanges(keptLog.path + "-wal") else { return }
    _ = scorekeeper_db_config_bool(handle, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 0)
  }

  /// Copies everything the log holds into the main file and empties the
  /// log (a TRUNCATE checkpoint, waiting for readers as the busy timeout
  /// allows): for a file about to be handed over alone.
  public func foldLog() throws {
    let (busy, log, copied) = try fetchOne("PRAGMA wal_checkpoint(TRUNCATE)") {
      (try $0.int(0), try $0.int(1), try $0.int(2))
    }!
    guard busy == 0 else {
      throw DatabaseError(
        extendedCode: SQLITE_BUSY,
        message: "\(path): another connection kept the log from being folded in (\(copied) of \(log) pages)",
        sql: "PRAGMA wal_checkpoint(TRUNCATE)")
    }
  }

  /// Runs `body`, work of many commits in a row (a sync's pages), with
  /// checkpoints held back until it ends: then one, if the log has grown
  /// past `checkpointPages`, rather than one every `checkpointPages`
  /// pages. Each checkpoint flushes the log, the mark and the main file,
  /// and copies pages that the next commit writes again: a fetch of
  /// 10,000 records spent a fifth of its time in 45 of them.
  ///
  /// The log grows meanwhile, to `KeptLog.heldCheckpointPages` at most.
  /// Another process reading costs nothing more: while this connection is
  /// open, they share its index of the log (only a process that opens the
  /// file alone reads the whole log: after a sync killed half way, up to
  /// 64 MiB once, about 30 ms). Another process's commit meanwhile finds
  /// the log past its threshold and checkpoints what it can without
  /// waiting, as it would any long log.
  public func holdingCheckpoints<T>(_ body: () throws -> T) rethrows -> T {
    guard let keptLog, !isInTransaction else { return try body() }
    keptLog.hold()
    defer { keptLog.release(handle, busyTimeoutMilliseconds: busyTimeoutMilliseconds) }
    return try body()
  }

  /// After a commit: a checkpoint when the log has grown, and a record of
  /// a log started over.
  func maintainKeptLog() {
    keptLog?.maintain(handle, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
  }
}
