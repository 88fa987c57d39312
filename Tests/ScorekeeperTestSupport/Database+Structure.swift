@_spi(Testing) import ScorekeeperCore

extension Database {
  /// The schema as SQLite understands it, whatever text made it: each
  /// table's kind (strict, without rowid), columns, keys and foreign keys
  /// from the pragmas, and each index's and trigger's SQL.
  ///
  /// A file that grew a column by `ALTER TABLE … ADD COLUMN` keeps a
  /// different `CREATE TABLE` text from one made with the column, though
  /// the two are the same table; `schemaDump` tells them apart, this does
  /// not.
  public func structureDump() throws -> String {
    var lines = [
      try fetchOne("SELECT application_id, user_version FROM pragma_application_id, pragma_user_version") {
        "application_id \(try $0.int64(0)), user_version \(try $0.int64(1))"
      }!
    ]
    for table in try tableNames() {
      lines += try fetchAll(
        "SELECT strict, wr FROM pragma_table_list(?1) WHERE schema = 'main'", [.text(table)]
      ) {
        "table \(table)" + (try $0.int(0) == 1 ? " strict" : "")
          + (try $0.int(1) == 1 ? " without rowid" : "")
      }
      lines += try fetchAll(
        "SELECT name, type, \"notnull\", dflt_value, pk, hidden FROM pragma_table_xinfo(?1) ORDER BY cid",
        [.text(table)]
      ) { row in "  column " + (0..<6).map { "\(row.value($0))" }.joined(separator: " ") }
      lines += try fetchAll(
        """
        SELECT "table", "from", "to", on_update, on_delete FROM pragma_foreign_key_list(?1)
        ORDER BY id, seq
        """, [.text(table)]
      ) { row in "  references " + (0..<5).map { "\(row.value($0))" }.joined(separator: " ") }
      lines += try fetchAll(
        """
        SELECT i.name, i."unique", i.origin, i.partial,
               (SELECT group_concat(coalesce(name, '(rowid)'), ', ') FROM pragma_index_info(i.name))
        FROM pragma_index_list(?1) AS i ORDER BY i.name
        """, [.text(table)]
      ) { row in
        // Automatic indexes are named by creation order: name them by what they hold.
        let name = try row.text(2) == "c" ? try row.text(0) : "(\(try row.text(2)))"
        return "  index \(name) " + (1..<5).map { "\(row.value($0))" }.joined(separator: " ")
      }
    }
    lines += try fetchAll(
      "SELECT type, name, sql FROM sqlite_schema WHERE type IN ('index', 'trigger', 'view') AND sql IS NOT NULL ORDER BY type, name"
    ) { "\(try $0.text(0)) \(try $0.text(1)):\n\(try $0.text(2))" }
    return lines.joined(separator: "\n") + "\n"
  }
}
