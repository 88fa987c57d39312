import CScorekeeperSQLite

/// Large blobs (photos, up to 10 MiB) moved straight between their pages
/// and one Swift array, with SQLite's incremental blob I/O.
///
/// Bound as an argument, a blob is copied by SQLite, then copied again
/// into the record it builds; read as a column, it is assembled in a
/// buffer of SQLite's, then copied out. Each copy of 5 MiB is 1,280 fresh
/// pages for the kernel to fault in and zero. So a large blob is written
/// as `zeroblob(n)` and filled in place, and read by its row id.
extension Database {
  /// The bytes of `table.column` in the row `rowID` (a rowid table's).
  public func readBlob(table: String, column: String, rowID: Int64) throws -> [UInt8] {
    try withBlob(table: table, column: column, rowID: rowID, writable: false) { blob, description in
      let count = Int(sqlite3_blob_bytes(blob))
      var code = SQLITE_OK
      let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
        code = count == 0 ? SQLITE_OK : sqlite3_blob_read(blob, buffer.baseAddress, Int32(count), 0)
        initialized = code == SQLITE_OK ? count : 0
      }
      try check(code, sql: "reading " + description)
      return bytes
    }
  }

  /// Fills `table.column` in the row `rowID` with `bytes`. The column must
  /// already hold a blob of exactly that size (`zeroblob(n)`, written in
  /// the same transaction): incremental I/O cannot resize one.
  public func writeBlob(_ bytes: [UInt8], table: String, column: String, rowID: Int64) throws {
    try withBlob(table: table, column: column, rowID: rowID, writable: true) { blob, description in
      let size = Int(sqlite3_blob_bytes(blob))
      guard size == bytes.count else {
        throw DatabaseError(
          extendedCode: SQLITE_MISUSE,
          message: "the blob holds \(size) bytes, not the \(bytes.count) to be written", sql: description)
      }
      guard !bytes.isEmpty else { return }
      try check(
        bytes.withUnsafeBytes { sqlite3_blob_write(blob, $0.baseAddress, Int32($0.count), 0) },
        sql: "writing " + description)
    }
  }

  /// Runs `body`, which writes large blobs, with room for them in the
  /// connection's page cache: 32 MiB, allocated only as used (SQLite's
  /// default is 2, a scorekeeper database's 1: `DatabaseFile`).
  /// `writeBlob` fills pages a statement first wrote as zeros; with less
  /// room, the zeros spill to the WAL and every page is written twice. The
  /// size before comes back after: a read of many pages (a game of 100,000
  /// players) would otherwise keep 32 MiB of them.
  public func withRoomForLargeBlobs<T>(_ body: () throws -> T) throws -> T {
    let before = try fetchOne("PRAGMA cache_size") { try $0.int64(0) }!
    try execute("PRAGMA cache_size = -32768")
    defer { try? execute("PRAGMA cache_size = \(before)") }
    return try body()
  }

  private func withBlob<T>(
    table: String, column: String, rowID: Int64, writable: Bool,
    _ body: (OpaquePointer, String) throws -> T
  ) throws -> T {
    let description = "the blob \(table).\(column) of row \(rowID)"
    var blob: OpaquePointer?
    let code = sqlite3_blob_open(handle, "main", table, column, rowID, writable ? 1 : 0, &blob)
    defer { sqlite3_blob_close(blob) }
    guard code == SQLITE_OK, let blob else {
      throw DatabaseError(code: code, connection: handle, sql: "opening " + description)
    }
    return try body(blob, description)
  }
}
