import CScorekeeperPQ

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
}
