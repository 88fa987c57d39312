/// A value as SQLite stores it: one of its five storage classes.
///
/// Arguments are bound and columns decoded through this type, so every
/// conversion between Swift and SQL is explicit and NULL is never implied.
/// For example:
///
///     try db.execute("UPDATE games SET title = ?1 WHERE id = ?2", [.text(title), .text(id)])
public enum SQLValue: Hashable, Sendable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob([UInt8])

  /// SQLite's name for the storage class, as `typeof()` spells it.
  public var storageClass: String {
    switch self {
    case .null: "null"
    case .integer: "integer"
    case .real: "real"
    case .text: "text"
    case .blob: "blob"
    }
  }
}

extension SQLValue {
  /// `.text(value)`, or `.null` when `value` is nil.
  public init(_ value: String?) {
    self = value.map(SQLValue.text) ?? .null
  }

  /// `.integer(value)`, or `.null` when `value` is nil.
  public init(_ value: Int64?) {
    self = value.map(SQLValue.integer) ?? .null
  }
}

extension SQLValue: ExpressibleByStringLiteral {
  public init(stringLiteral value: String) { self = .text(value) }
}

extension SQLValue: ExpressibleByIntegerLiteral {
  public init(integerLiteral value: Int64) { self = .integer(value) }
}

extension SQLValue: ExpressibleByFloatLiteral {
  public init(floatLiteral value: Double) { self = .real(value) }
}

extension SQLValue: ExpressibleByNilLiteral {
  public init(nilLiteral: ()) { self = .null }
}

extension SQLValue: CustomStringConvertible {
  /// The value as an SQL literal, for messages and dumps.
  public var description: String {
    switch self {
    case .null: return "NULL"
    case .integer(let value): return String(value)
    case .real(let value): return String(value)
    case .text(let value): return "'" + value.replacing("'", with: "''") + "'"
    case .blob(let bytes): return "x'" + bytes.map(\.hexDigits).joined() + "'"
    }
  }
}

extension UInt8 {
  fileprivate var hexDigits: String {
    let digits = Array("0123456789abcdef")
    return String([digits[Int(self >> 4)], digits[Int(self & 0x0f)]])
  }
}
