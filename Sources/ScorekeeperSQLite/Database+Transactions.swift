import CScorekeeperSQLite

extension Database {
  /// Runs `body` in a write transaction and commits it, or rolls it back
  /// when `body` throws, then rethrows that first error.
  ///
  /// `BEGIN IMMEDIATE` takes the write lock up front: a deferred transaction
  /// that reads and later writes can fail with SQLITE_BUSY at the write,
  /// after the busy timeout can no longer help. Taking the lock first makes
  /// concurrent writers queue politely at `BEGIN`.
  ///
  /// - Parameter comment: written before BEGIN and COMMIT (e.g. "/* sync */"),
  ///   so a trace can tell whose transaction it is.
  /// - Parameter durability: what the commit must survive; see `Durability`.
  public func write<T>(
    comment: String? = nil, surviving durability: Durability = .powerLoss, _ body: () throws -> T
  ) throws -> T {
    let prefix = comment.map { $0 + " " } ?? ""
    var standing: Int64?
    if durability == .processCrash {
      standing = try fetchOne(prefix + "PRAGMA synchronous") { try $0.int64(0) }
      try execute(prefix + "PRAGMA synchronous = NORMAL")
    }
    defer { if let standing { try? execute(prefix + "PRAGMA synchronous = \(standing)") } }
    let result = try transaction("BEGIN IMMEDIATE", comment: comment) {
      try afterBeginWrite?(self)
      let result = try body()
      try beforeCommit?(self)
      return result
    }
    maintainKeptLog()
    return result
  }

  /// What a committed write survives (every database this program writes
  /// is in WAL mode, where both keep the file consistent).
  public enum Durability: Sendable {
    /// A power loss or a crash of the system too: COMMIT returns once the
    /// log is on disk (the connection's standing setting, SQLite's default
    /// `synchronous = FULL`). For what exists nowhere else.
    case powerLoss
    /// A crash of this process only: the log reaches the disk at the next
    /// checkpoint or durable commit (`synchronous = NORMAL`), so COMMIT
    /// waits for no disk. After a power loss the last such commits may be
    /// rolled back, each whole. For what can be done again.
    case processCrash
  }

  /// Runs `body` in a read transaction, so several queries see one
  /// consistent snapshot even while other processes write.
  public func read<T>(comment: String? = nil, _ body: () throws -> T) throws -> T {
    try transaction("BEGIN DEFERRED", comment: comment, body)
  }

  private func transaction<T>(_ begin: String, comment: String?, _ body: () throws -> T) throws -> T {
    precondition(!isInTransaction, "Transactions do not nest: \(begin) inside an open transaction")
    let prefix = comment.map { $0 + " " } ?? ""
    try execute(prefix + begin)
    let result: T
    do {
      result = try body()
    } catch {
      rollbackIgnoringErrors()
      throw error
    }
    do {
      try execute(prefix + "COMMIT")
    } catch {
      rollbackIgnoringErrors()
      throw error
    }
    return result
  }

  /// Rolls back if a transaction is still open. SQLite rolls back by itself
  /// after some errors (SQLITE_FULL, SQLITE_IOERR, ...), in which case there
  /// is nothing left to do; the original error is the one worth reporting.
  private func rollbackIgnoringErrors() {
    if isInTransaction { try? execute("ROLLBACK") }
  }
}
