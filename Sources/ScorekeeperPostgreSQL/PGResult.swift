import CScorekeeperPQ
import ScorekeeperSystem

/// A statement's rows, copied out of libpq's result (which is then freed):
/// column names, and each value as the server's text, nil for NULL.
public struct PGResult: Equatable, Sendable {
  public let columns: [String]
  public let rows: [[String?]]
  /// The count in the statement's command tag: rows inserted, updated,
  /// deleted or selected (0 for a statement without one, such as CREATE).
  public let affectedRows: Int

  public init(columns: [String], rows: [[String?]], affectedRows: Int = 0) {
    self.columns = columns
    self.rows = rows
    self.affectedRows = affectedRows
  }

  init(reading result: OpaquePointer, api: scorekeeper_libpq) {
    let columnCount = api.PQnfields(result)
    func text(_ value: UnsafeMutablePointer<CChar>?) -> String { value.map { String(cString: $0) } ?? "" }
    columns = (0..<columnCount).map { text(api.PQfname(result, $0)) }
    rows = (0..<api.PQntuples(result)).map { row in
      (0..<columnCount).map { column in
        api.PQgetisnull(result, row, column) == 1 ? nil : text(api.PQgetvalue(result, row, column))
      }
    }
    affectedRows = Int(text(api.PQcmdTuples(result))) ?? 0
  }

  /// The only value of a one-row, one-column result (nil for NULL or no row).
  public var scalar: String? {
    rows.first?.first ?? nil
  }

  /// The rows, each read by column with a type (`PGRow`).
  public var typedRows: [PGRow] { rows.map { PGRow(values: $0) } }

  /// The first row, if there is one.
  public var firstRow: PGRow? { rows.first.map { PGRow(values: $0) } }
}

/// One row of a result, its values read as the types the statement
/// selected (PostgreSQL's text output: "t" and "f" for booleans), or an
/// error naming the column and the value, never a silent default.
public struct PGRow: Sendable {
  public let values: [String?]

  public func optionalText(_ column: Int) -> String? { values[column] }

  public func text(_ column: Int) throws -> String {
    guard let value = values[column] else { throw unreadable(column, "text") }
    return value
  }

  public func bool(_ column: Int) throws -> Bool {
    switch values[column] {
    case "t": return true
    case "f": return false
    default: throw unreadable(column, "a boolean")
    }
  }

  public func int(_ column: Int) throws -> Int {
    guard let value = values[column], let number = Int(value) else { throw unreadable(column, "an integer") }
    return number
  }

  /// An integer, or nil for NULL.
  public func optionalInt(_ column: Int) throws -> Int? {
    values[column] == nil ? nil : try int(column)
  }

  private func unreadable(_ column: Int, _ type: String) -> PGError {
    PGError(message: "column \(column + 1) is not \(type): \(values[column].map(quote) ?? "NULL")")
  }
}
