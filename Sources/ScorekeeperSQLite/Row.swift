import CScorekeeperSQLite

/// The current row of a statement being stepped.
///
/// A row is only valid inside the closure it is passed to: its values are
/// copied out on access, before the statement steps again. Decoding is by
/// storage class, and NULL must be asked for explicitly (`optionalText`),
/// so a schema mistake surfaces as an error naming the column.
public struct Row {
  let statement: Statement

  init(statement: Statement) {
    self.statement = statement
  }

  public var count: Int { Int(sqlite3_column_count(statement.handle)) }

  /// The column's name as SQLite reports it (the `AS` alias when given).
  public func columnName(_ index: Int) -> String {
    String(cString: sqlite3_column_name(statement.handle, Int32(index)))
  }

  /// The column's value in whatever storage class it has.
  public func value(_ index: Int) -> SQLValue {
    let handle = statement.handle
    let column = Int32(index)
    switch sqlite3_column_type(handle, column) {
    case SQLITE_INTEGER:
      return .integer(sqlite3_column_int64(handle, column))
    case SQLITE_FLOAT:
      return .real(sqlite3_column_double(handle, column))
    case SQLITE_TEXT:
      return .text(textValue(column))
    case SQLITE_BLOB:
      let count = Int(sqlite3_column_bytes(handle, column))
      guard count > 0, let bytes = sqlite3_column_blob(handle, column) else { return .blob([]) }
      return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
    default:
      return .null
    }
  }

  public func text(_ index: Int) throws -> String {
    guard let text = try optionalText(index) else { throw mismatch(index, expected: "text") }
    return text
  }

  public func optionalText(_ index: Int) throws -> String? {
    switch sqlite3_column_type(statement.handle, Int32(index)) {
    case SQLITE_TEXT: return textValue(Int32(index))
    case SQLITE_NULL: return nil
    default: throw mismatch(index, expected: "text")
    }
  }

  public func int64(_ index: Int) throws -> Int64 {
    guard let value = try optionalInt64(index) else { throw mismatch(index, expected: "integer") }
    return value
  }

  public func optionalInt64(_ index: Int) throws -> Int64? {
    switch sqlite3_column_type(statement.handle, Int32(index)) {
    case SQLITE_INTEGER: return sqlite3_column_int64(statement.handle, Int32(index))
    case SQLITE_NULL: return nil
    default: throw mismatch(index, expected: "integer")
    }
  }

  public func int(_ index: Int) throws -> Int {
    Int(try int64(index))
  }

  /// A REAL column, or an INTEGER one (every int64 has a nearest double).
  public func double(_ index: Int) throws -> Double {
    switch value(index) {
    case .real(let value): return value
    case .integer(let value): return Double(value)
    default: throw mismatch(index, expected: "real")
    }
  }

  public func blob(_ index: Int) throws -> [UInt8] {
    guard case .blob(let bytes) = value(index) else { throw mismatch(index, expected: "blob") }
    return bytes
  }

  private func textValue(_ column: Int32) -> String {
    let count = Int(sqlite3_column_bytes(statement.handle, column))
    guard count > 0, let bytes = sqlite3_column_text(statement.handle, column) else { return "" }
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }

  /// The error of a column that is not what `expected` says (for
  /// decoders of the program's own types).
  public func mismatch(_ index: Int, expected: String) -> RowDecodingError {
    RowDecodingError(
      column: columnName(index), index: index, expected: expected, found: value(index),
      sql: statement.sql)
  }
}
