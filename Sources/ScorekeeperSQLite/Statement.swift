import CScorekeeperSQLite

/// A prepared statement: compiled once, then bound and stepped many times.
///
/// Statements are owned by their `Database`, which caches them by SQL text;
/// code outside this folder never holds one.
final class Statement {
  let handle: OpaquePointer
  let sql: String
  private unowned let database: Database

  init(database: Database, sql: String) throws {
    var handle: OpaquePointer?
    let code = sqlite3_prepare_v3(
      database.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
    guard code == SQLITE_OK, let handle else {
      throw DatabaseError(code: code, connection: database.handle, sql: sql)
    }
    self.handle = handle
    self.sql = sql
    self.database = database
  }

  deinit {
    sqlite3_finalize(handle)
  }

  var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }

  /// Each result column's index by its name, made on the first read by
  /// name: a cached statement reads many rows, and its columns never change.
  private(set) lazy var columnIndexes: [String: Int] = {
    var indexes: [String: Int] = [:]
    for index in 0..<Int(sqlite3_column_count(handle)) {
      let name = String(cString: sqlite3_column_name(handle, Int32(index)))
      if indexes[name] == nil { indexes[name] = index }
    }
    return indexes
  }()

  /// Binds `arguments` to parameters 1...n; the count must match exactly,
  /// because a missing argument would silently bind NULL.
  func bind(_ arguments: [SQLValue]) throws {
    precondition(
      arguments.count == parameterCount,
      "`\(sql)` takes \(parameterCount) argument(s), \(arguments.count) given")
    for (offset, value) in arguments.enumerated() {
      let index = Int32(offset + 1)
      let code: Int32
      switch value {
      case .null:
        code = sqlite3_bind_null(handle, index)
      case .integer(let int):
        code = sqlite3_bind_int64(handle, index, int)
      case .real(let double):
        code = sqlite3_bind_double(handle, index, double)
      case .text(var string):
        code = string.withUTF8 { bytes in
          // An empty buffer may have no base address, and a nil pointer
          // would bind NULL instead of ''.
          guard let start = bytes.baseAddress else {
            return sqlite3_bind_text(handle, index, "", 0, scorekeeper_transient())
          }
          return sqlite3_bind_text(
            handle, index, start, Int32(bytes.count), scorekeeper_transient())
        }
      case .blob(let bytes):
        code = bytes.withUnsafeBytes { buffer in
          guard let start = buffer.baseAddress else {
            return sqlite3_bind_zeroblob(handle, index, 0)
          }
          return sqlite3_bind_blob(
            handle, index, start, Int32(buffer.count), scorekeeper_transient())
        }
      }
      guard code == SQLITE_OK else {
        throw DatabaseError(code: code, connection: database.handle, sql: sql)
      }
    }
  }

  /// Steps once: true when a row is ready, false when done.
  func step() throws -> Bool {
    let code = sqlite3_step(handle)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default: throw DatabaseError(code: code, connection: database.handle, sql: sql)
    }
  }

  /// Makes the statement reusable and drops its bindings, so a cached
  /// statement never carries the previous caller's values.
  func reset() {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
  }

}
