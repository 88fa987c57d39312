import CScorekeeperSQLite

/// An error SQLite reported, with everything needed to understand it later:
/// the extended result code, SQLite's own message and the SQL that failed.
public struct DatabaseError: Error, Equatable, CustomStringConvertible {
  /// The extended result code, e.g. 787 for SQLITE_CONSTRAINT_FOREIGNKEY.
  public let extendedCode: Int32
  /// SQLite's message (`sqlite3_errmsg`), or its generic text for the code.
  public let message: String
  /// The statement that failed, when there was one.
  public let sql: String?

  public init(extendedCode: Int32, message: String, sql: String? = nil) {
    self.extendedCode = extendedCode
    self.message = message
    self.sql = sql
  }

  /// The primary result code (the low byte), e.g. SQLITE_CONSTRAINT.
  public var primaryCode: Int32 { extendedCode & 0xff }

  /// The code's symbolic name, e.g. "SQLITE_CONSTRAINT_FOREIGNKEY".
  public var codeName: String { ResultCode.name(of: extendedCode) }

  public var description: String {
    var text = "SQLite error \(extendedCode) (\(codeName)): \(message)"
    if let sql { text += " — while executing `\(sql)`" }
    return text
  }
}

extension DatabaseError {
  /// The error the connection reports for `code`, read right after the call
  /// that returned it (SQLite's message belongs to the most recent call).
  init(code: Int32, connection: OpaquePointer?, sql: String? = nil) {
    let message: String
    if let connection, sqlite3_extended_errcode(connection) == code,
      let text = sqlite3_errmsg(connection)
    {
      message = String(cString: text)
    } else {
      message = String(cString: sqlite3_errstr(code))
    }
    self.init(extendedCode: code, message: message, sql: sql)
  }
}

/// A column could not be read as the type the code asked for.
public struct RowDecodingError: Error, Equatable, CustomStringConvertible {
  public let column: String
  public let index: Int
  public let expected: String
  public let found: SQLValue
  public let sql: String

  public var description: String {
    "Column \(index) (\"\(column)\") holds \(found.storageClass) \(found), not \(expected)"
      + " — in `\(sql)`"
  }
}
