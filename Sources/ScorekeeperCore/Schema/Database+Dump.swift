extension Database {
  /// A deterministic description of the schema: the header fields this
  /// program sets, then every table, index, trigger and view with its SQL,
  /// sorted by type and name.
  ///
  /// Two databases with equal dumps have the same schema, whatever path
  /// they took to it: a fixture upgraded step by step must dump exactly
  /// like a fresh database. The deterministic mode's counter table is left
  /// out: it belongs to the test environment, not to the schema.
  public func schemaDump() throws -> String {
    let header = try fetchOne(
      """
      SELECT (SELECT application_id FROM pragma_application_id),
             (SELECT user_version FROM pragma_user_version),
             (SELECT journal_mode FROM pragma_journal_mode)
      """
    ) { row in
      "application_id: \(try row.int64(0))\nuser_version: \(try row.int64(1))\n"
        + "journal_mode: \(try row.text(2))"
    }!
    let objects = try fetchAll(
      """
      SELECT type, name, tbl_name, sql FROM sqlite_schema
      WHERE name NOT LIKE 'sqlite_%' AND tbl_name <> 'deterministicIDs'
      ORDER BY type, name
      """
    ) { row in
      "\(try row.text(0)) \(try row.text(1)) on \(try row.text(2)):\n"
        + (try row.optionalText(3) ?? "(automatic)")
    }
    return ([header] + objects).joined(separator: "\n\n") + "\n"
  }

  /// Every row of `table`, ordered by all its columns so the order never
  /// depends on how the rows were written.
  public func rows(of table: String, columns: [String]) throws -> [[SQLValue]] {
    let list = columns.map { "\"\($0)\"" }.joined(separator: ", ")
    return try fetchAll("SELECT \(list) FROM \"\(table)\" ORDER BY \(list)") { row in
      (0..<columns.count).map { row.value($0) }
    }
  }

  /// The names of the tables of the schema, sorted (the counter table of
  /// the deterministic mode excluded).
  public func tableNames() throws -> [String] {
    try fetchAll(
      """
      SELECT name FROM sqlite_schema
      WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'deterministicIDs'
      ORDER BY name
      """
    ) { try $0.text(0) }
  }

  /// The column names of `table`, in declaration order.
  public func columnNames(of table: String) throws -> [String] {
    try fetchAll("SELECT name FROM pragma_table_info(?1) ORDER BY cid", [.text(table)]) {
      try $0.text(0)
    }
  }
}
