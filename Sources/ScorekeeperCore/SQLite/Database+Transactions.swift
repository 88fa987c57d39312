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
  public func write<T>(comment: String? = nil, _ body: () throws -> T) throws -> T {
    try transaction("BEGIN IMMEDIATE", comment: comment) {
      try afterBeginWrite?(self)
      let result = try body()
      try beforeCommit?(self)
      return result
    }
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
