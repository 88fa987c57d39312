/// An `INSERT … VALUES` of several rows that share their first columns,
/// as one statement: row `i` is `(?1, …, ?shared, then its own columns'
/// parameters)`, so the shared values are bound once. One statement
/// instead of one per row is what a record's fields cost when thousands
/// of records sync. The text for each row count up to `cachedRows` is
/// built once, so callers hand the statement cache the same string.
public struct RowsInsert: Sendable {
  private let head: String
  private let shared: Int
  private let own: Int
  private let built: [String]

  /// - Parameters:
  ///   - head: the statement up to `VALUES ` inclusive.
  ///   - shared: how many leading columns every row shares.
  ///   - own: how many columns follow, each row's own.
  public init(_ head: String, shared: Int, own: Int, cachedRows: Int = 16) {
    precondition(shared >= 0 && own > 0 && cachedRows >= 0)
    (self.head, self.shared, self.own) = (head, shared, own)
    built = (0...cachedRows).map { Self.sql(head, shared: shared, own: own, rows: $0) }
  }

  /// The statement for `rows` rows (at least one).
  public func sql(rows: Int) -> String {
    precondition(rows > 0, "an INSERT of no rows")
    return rows < built.count ? built[rows] : Self.sql(head, shared: shared, own: own, rows: rows)
  }

  private static func sql(_ head: String, shared: Int, own: Int, rows: Int) -> String {
    let common = (0..<shared).map { "?\($0 + 1)" }
    return head
      + (0..<rows).map { row in
        "(" + (common + (0..<own).map { "?\(shared + own * row + $0 + 1)" }).joined(separator: ", ") + ")"
      }.joined(separator: ", ")
  }
}
