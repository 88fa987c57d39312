/// How `RowImporter` writes rows: one at a time, or score changes by the
/// batch, each then counted or compared with the row of its id here.
extension RowImporter {
  /// Inserts the waiting score changes; those already here are compared,
  /// and a problem with one says how far back it came (`rowsBack`). (The
  /// checks that do not need the database were made before a row waits:
  /// SQLite refusing the batch would be a bug's.)
  func flush() throws {
    guard !batch.isEmpty else { return }
    let rows = batch
    batch.removeAll(keepingCapacity: true)
    let columns = TransferTable.scoreEvents.columns.map(\.name)
    let sql = batchSQL[rows.count] ?? Self.batchStatements(rows: rows.count, columns: columns)
    batchSQL[rows.count] = sql
    var isNew: [Bool] = []
    do {
      var inserted: [String: Int] = [:]
      try silenced.applying {
        try database.forEachRow(sql.insert, rows.flatMap { $0 }) { inserted[try $0.text(0), default: 0] += 1 }
      }
      // A row is new if the insert returned its id (a second row of one id never is).
      isNew = rows.map { values in
        guard case .text(let id) = values[0], let count = inserted[id], count > 0 else { return false }
        inserted[id] = count - 1
        return true
      }
      if tracking == nil, isNew.contains(true) {
        // Tracked as the trigger tracks each new row: the ids of those not
        // new are NULL, which matches none.
        try database.execute(sql.track, zip(rows, isNew).map { $1 ? $0[0] : .null })
      }
    } catch let error as DatabaseError {
      throw RowProblem("the database refused a score change: \(error.message)")
    }
    for (index, values) in rows.enumerated() {
      do {
        try settle(
          table: "scoreEvents", columns: columns, values: values, mutable: false, inserted: isNew[index])
      } catch var problem as RowProblem {
        problem.rowsBack = rows.count - 1 - index
        throw problem
      }
    }
  }

  /// A batch of `rows` score changes: its insert (returning the ids
  /// inserted) and its tracking for sync of those it inserted
  /// (`SyncTables.trackScoreEvents`).
  private static func batchStatements(rows: Int, columns: [String]) -> (insert: String, track: String) {
    let width = columns.count
    let tuples = (0..<rows).map { row in
      "(" + (1...width).map { "?\(row * width + $0)" }.joined(separator: ", ") + ")"
    }
    let insert =
      "INSERT INTO scoreEvents (\(columns.joined(separator: ", "))) VALUES "
      + tuples.joined(separator: ", ") + " ON CONFLICT (id) DO NOTHING RETURNING id"
    return (insert, SyncTables.trackScoreEvents(rows: rows))
  }

  /// Inserts the row unless its id is here; counts what happened, and
  /// says whether it inserted it.
  @discardableResult
  func write(table: String, columns: [String], values: [SQLValue], mutable: Bool) throws -> Bool {
    let (insert, _) = try statements(table, columns)
    do {
      if tracking == nil {
        try database.execute(insert, values)
      } else {
        try silenced.applying { try database.execute(insert, values) }
      }
    } catch let error as DatabaseError {
      throw RowProblem("the database refused it: \(error.message)")
    }
    let inserted = database.changes == 1
    try settle(table: table, columns: columns, values: values, mutable: mutable, inserted: inserted)
    return inserted
  }

  /// Counts a row written (`inserted`) or compares it with the row of its id here.
  private func settle(table: String, columns: [String], values: [SQLValue], mutable: Bool, inserted: Bool)
    throws
  {
    guard case .text(let id) = values[0] else { preconditionFailure("an id is text") }
    if inserted {
      if let owner = game?.readOnlyOwner, !TransferTable.ofUser.contains(where: { $0.name == table }) {
        throw RowProblem("this game is shared with you read-only by \(owner); it can't take new rows")
      }
      summary.added[table, default: 0] += 1
      if mutable { try ledger.note(table, id) }
      return
    }
    let here = try database.fetchOne(try statements(table, columns).select, [values[0]]) { row in
      columns.indices.map { row.value($0) }
    }!
    if here == values {
      summary.alreadyHere[table, default: 0] += 1
    } else if mutable, try !ledger.gave(table, id), table != "players" || here.last == values.last {
      // Changed here since (a player still of the same game): this database's stays.
      summary.keptHere[table, default: 0] += 1
    } else {
      // An append-only row's earlier copy may be this file's: its rows are not remembered.
      let whereItIs =
        !mutable
        ? "here (in this database, or earlier in this file)"
        : try ledger.gave(table, id) ? "earlier in this file" : "in this database"
      throw RowProblem("\(table) row \(quote(id)) differs from the row with that id \(whereItIs)")
    }
    if mutable { try ledger.note(table, id) }
  }

  /// A table's insert (passing over an id that is here) and the select of
  /// the row here.
  private func statements(_ table: String, _ columns: [String]) throws -> (insert: String, select: String) {
    if let made = sql[table] { return made }
    let names = columns.joined(separator: ", ")
    let placeholders = columns.indices.map { "?\($0 + 1)" }.joined(separator: ", ")
    let made = (
      "INSERT INTO \(table) (\(names)) VALUES (\(placeholders)) ON CONFLICT (id) DO NOTHING",
      "SELECT \(names) FROM \(table) WHERE id = ?1"
    )
    sql[table] = made
    return made
  }
}
