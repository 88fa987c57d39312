import CScorekeeperSQLite

extension Database {
  /// Runs `body` in a write transaction and commits it, or rolls it back
  /// when `body` throws, then rethrows that first error.
  ///
  /// `BEGIN IMMEDIATE` takes the write lock up front: a deferred transaction
  /// that reads and later writes can fail with SQLITE_BUSY at the write,
  /// after the busy timeout can no longer help. Taking the lock first makes
  /// concurrent writers queue politely at `BEGIN`.
  public func write<T>(_ body: () throws -> T) throws -> T {
    try transaction("BEGIN IMMEDIATE") {
      try afterBeginWrite?(self)
      let result = try body()
      try beforeCommit?(self)
      return result
    }
  }

  /// Runs `body` in a read transaction, so several queries see one
  /// consistent snapshot even while other processes write.
  public func read<T>(_ body: () throws -> T) throws -> T {
    try transaction("BEGIN DEFERRED", body)
  }

  private func transaction<T>(_ begin: String, _ body: () throws -> T) throws -> T {
    precondition(!isInTransaction, "Transactions do not nest: \(begin) inside an open transaction")
    try execute(begin)
    let result: T
    do {
      result = try body()
    } catch {
      rollbackIgnoringErrors()
      throw error
    }
    do {
      try execute("COMMIT")
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
