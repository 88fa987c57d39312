/// Columns read by name (the `AS` alias when given), so a read stays right
/// when its select list changes order. A name the statement does not
/// select is a mistake in the program's own SQL, which any run of that
/// statement finds: it stops the program, naming the statement.
extension Row {
  public func index(of name: String) -> Int {
    guard let index = statement.columnIndexes[name] else {
      preconditionFailure("No column \"\(name)\" in `\(statement.sql)`")
    }
    return index
  }

  public func text(_ name: String) throws -> String { try text(index(of: name)) }

  public func optionalText(_ name: String) throws -> String? { try optionalText(index(of: name)) }

  public func int(_ name: String) throws -> Int { try int(index(of: name)) }

  public func int64(_ name: String) throws -> Int64 { try int64(index(of: name)) }

  public func optionalInt64(_ name: String) throws -> Int64? { try optionalInt64(index(of: name)) }

  public func value(_ name: String) -> SQLValue { value(index(of: name)) }
}
