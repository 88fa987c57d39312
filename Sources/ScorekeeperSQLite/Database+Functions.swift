import CScorekeeperSQLite

extension Database {
  /// Registers a Swift closure as an SQL function, so SQL (column defaults,
  /// triggers, queries) can call into injected dependencies such as the id
  /// generator and the clock.
  ///
  /// An error thrown by `body` fails the statement with the error's text.
  ///
  /// - Parameter deterministic: the same arguments always give the same
  ///   result, which lets SQLite use the function in indexes and factor it
  ///   out of loops. `uuid()` and `now()` are not.
  public func createFunction(
    _ name: String, argumentCount: Int32, deterministic: Bool,
    _ body: @escaping ([SQLValue]) throws -> SQLValue
  ) throws {
    // SQLITE_INNOCUOUS: safe to call from the schema (defaults, triggers)
    // even when PRAGMA trusted_schema is off.
    var flags = SQLITE_UTF8 | SQLITE_INNOCUOUS
    if deterministic { flags |= SQLITE_DETERMINISTIC }
    // The box is retained for SQLite and released by xDestroy, which SQLite
    // calls when the function is replaced or the connection closes.
    let box = Unmanaged.passRetained(FunctionBox(body)).toOpaque()
    let code = sqlite3_create_function_v2(
      handle, name, argumentCount, flags, box,
      { context, count, arguments in
        let box = Unmanaged<FunctionBox>.fromOpaque(sqlite3_user_data(context)).takeUnretainedValue()
        let values = (0..<Int(count)).map { SQLValue(sqlite3Value: arguments![$0]) }
        do {
          try box.body(values).setResult(of: context)
        } catch {
          sqlite3_result_error(context, "\(error)", -1)
        }
      },
      nil, nil,
      { box in Unmanaged<FunctionBox>.fromOpaque(box!).release() })
    // On failure SQLite has already called xDestroy, releasing the box.
    try check(code, sql: "create function \(name)")
  }
}

private final class FunctionBox {
  let body: ([SQLValue]) throws -> SQLValue
  init(_ body: @escaping ([SQLValue]) throws -> SQLValue) { self.body = body }
}

extension SQLValue {
  fileprivate init(sqlite3Value value: OpaquePointer?) {
    switch sqlite3_value_type(value) {
    case SQLITE_INTEGER:
      self = .integer(sqlite3_value_int64(value))
    case SQLITE_FLOAT:
      self = .real(sqlite3_value_double(value))
    case SQLITE_TEXT:
      let count = Int(sqlite3_value_bytes(value))
      if count > 0, let text = sqlite3_value_text(value) {
        self = .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
      } else {
        self = .text("")
      }
    case SQLITE_BLOB:
      let count = Int(sqlite3_value_bytes(value))
      if count > 0, let bytes = sqlite3_value_blob(value) {
        self = .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
      } else {
        self = .blob([])
      }
    default:
      self = .null
    }
  }

  fileprivate func setResult(of context: OpaquePointer?) {
    switch self {
    case .null:
      sqlite3_result_null(context)
    case .integer(let value):
      sqlite3_result_int64(context, value)
    case .real(let value):
      sqlite3_result_double(context, value)
    case .text(let value):
      sqlite3_result_text(context, value, -1, scorekeeper_transient())
    case .blob(let bytes):
      bytes.withUnsafeBytes { buffer in
        sqlite3_result_blob(context, buffer.baseAddress, Int32(buffer.count), scorekeeper_transient())
      }
    }
  }
}
