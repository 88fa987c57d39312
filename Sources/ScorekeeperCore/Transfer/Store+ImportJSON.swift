extension Store.Transfer {
  /// Imports an export (format "scorekeeper-export", version 1) read from
  /// `source`, in one transaction: the file is read once, each row checked
  /// and written as it is read, and the first problem rolls everything
  /// back, so a bad file changes nothing. With `dryRun` everything is
  /// checked and counted, then rolled back.
  public func importExport(from source: ImportSource, dryRun: Bool) throws -> ImportSummary {
    let reader = try JSONStreamReader(source: source)
    return try importing(dryRun: dryRun) { importer in
      importer.location = { reader.location }
      try ExportReader(reader: reader, importer: importer).read()
    }
  }

  /// Runs an import's writes in one transaction, kept only when every row
  /// was good and this is not a dry run.
  func importing(dryRun: Bool, _ body: (RowImporter) throws -> Void) throws -> ImportSummary {
    struct DryRun: Error { let summary: ImportSummary }
    do {
      return try store.write {
        let importer = try RowImporter(database: store.database, silencing: store.syncApplying) {
          try store.access(ofGameID: $0)
        }
        try body(importer)
        do {
          try importer.finish()
        } catch let problem as RowProblem {
          throw ImportError(location: problem.location ?? "the end of the file", problem: problem.problem)
        }
        var summary = importer.summary
        if dryRun {
          summary.dryRun = true
          throw DryRun(summary: summary)
        }
        return summary
      }
    } catch let dryRun as DryRun {
      return dryRun.summary
    }
  }
}

/// Walks an export's JSON, handing each row to the importer as it is read.
private struct ExportReader {
  let reader: JSONStreamReader
  let importer: RowImporter

  static let newestVersion: Int64 = 1

  func read() throws {
    var format: String?
    var version: Int64?
    var keys: Set<String> = []
    try reader.object { key in
      guard keys.insert(key).inserted else { throw reader.failure("\(quote(key)) appears twice") }
      switch key {
      case "format":
        format = try reader.string()
        guard format == "scorekeeper-export" else {
          throw reader.failure("format must be \"scorekeeper-export\", not \(quote(format!))")
        }
      case "version":
        version = try reader.integer()
        guard version! <= Self.newestVersion else {
          throw reader.failure(
            "version \(version!) is newer than this scorekeeper reads (\(Self.newestVersion)); update scorekeeper to import it"
          )
        }
        guard version! >= 1 else { throw reader.failure("version must be 1, not \(version!)") }
      case "games", "personLinks", "kindRules":
        guard format != nil, version != nil else {
          throw reader.failure("\"format\" and \"version\" must come before \(quote(key))")
        }
        if key == "games" {
          try reader.array { _ in try game() }
        } else {
          let table = TransferTable.ofUser.first { $0.name == key }!
          try reader.array { _ in
            let values = try row(of: table)
            try located { try importer.insert(table, values) }
          }
        }
      default:
        throw reader.failure("\(quote(key)) is not part of a scorekeeper export")
      }
    }
    guard format != nil, version != nil else {
      throw reader.failure("not a scorekeeper export: \"format\" and \"version\" are missing")
    }
    try reader.finish()
  }

  private func game() throws {
    var id: String?
    var title: String?
    var kind: String??
    var keys: Set<String> = []
    var begun = false
    var tablesRead = 0
    func begin() throws {
      guard !begun else { return }
      guard let id, let title else {
        throw reader.failure("a game needs \"id\" and \"title\" before its rows")
      }
      try located { try importer.beginGame(id: id, title: title, kind: kind ?? nil) }
      begun = true
    }
    try reader.object { key in
      guard keys.insert(key).inserted else { throw reader.failure("\(quote(key)) appears twice") }
      switch key {
      case "id", "title", "kind":
        guard !begun else { throw reader.failure("\(quote(key)) must come before the game's rows") }
        switch key {
        case "id": id = try reader.string()
        case "title": title = try reader.string()
        default: kind = .some(try reader.optional { try reader.string() })
        }
      case "result":
        try reader.skipValue()  // derived from the rows
      default:
        guard let index = TransferTable.ofGame.firstIndex(where: { $0.name == key }) else {
          throw reader.failure("\(quote(key)) is not part of a game")
        }
        guard index >= tablesRead else {
          throw reader.failure(
            "\(quote(key)) must come before \(quote(TransferTable.ofGame[tablesRead - 1].name)) (a row comes after those it names)"
          )
        }
        tablesRead = index + 1
        try begin()
        let table = TransferTable.ofGame[index]
        var count = 0
        try reader.array { index in
          let values = try row(of: table)
          try located(index: index, inArray: true) { try importer.insert(table, values) }
          count = index + 1
        }
        try located(index: count - 1, inArray: false) { try importer.flush() }
      }
    }
    try begin()
  }

  /// Runs the importer's `body`, naming where the reader is in what it
  /// refuses: for a score change of a batch, its element of the array
  /// whose element `index` the reader is in (`inArray`) or has just left.
  private func located(index: Int? = nil, inArray: Bool = true, _ body: () throws -> Void) throws {
    do {
      try body()
    } catch let problem as RowProblem {
      if let location = problem.location { throw ImportError(location: location, problem: problem.problem) }
      guard let back = problem.rowsBack, let index else { throw reader.failure(problem.problem) }
      throw reader.failure(problem.problem, element: index - back, inArray: inArray)
    }
  }

  /// One row: every column once (an optional one may be left out).
  private func row(of table: TransferTable) throws -> [SQLValue] {
    var values = [SQLValue?](repeating: nil, count: table.columns.count)
    try reader.object { key in
      guard let index = table.columns.firstIndex(where: { $0.name == key && $0.kind != .thousandths }) else {
        throw reader.failure("\(quote(key)) is not a column of \(table.name)")
      }
      guard values[index] == nil else { throw reader.failure("\(quote(key)) appears twice") }
      let column = table.columns[index]
      values[index] =
        try column.optional ? reader.optional { try value(of: column) } ?? .null : value(of: column)
      if column.kind == .points {
        // "delta": 13.5 is stored as 13 and 500 thousandths.
        let parsed = try values[index].flatMap { value -> Points? in
          guard case .text(let text) = value else { return nil }
          return try points(text, column: column.name)
        }
        values[index] = parsed.map(SQLValue.whole) ?? .null
        values[index + 1] = parsed.map(SQLValue.thousandths) ?? .null
      }
    }
    return try zip(table.columns, values).map { column, value in
      guard let value else {
        guard column.optional else { throw reader.failure("\(quote(column.name)) is missing") }
        return .null
      }
      return value
    }
  }

  /// A number of points as the export writes them (13, -2, 13.5).
  private func points(_ text: String, column: String) throws -> Points {
    do {
      return try importedPoints(text, column: column)
    } catch {
      throw reader.failure(error.problem)
    }
  }

  private func value(of column: TransferTable.Column) throws -> SQLValue {
    switch column.kind {
    case .text: return .text(try reader.string())
    case .integer: return .integer(try reader.integer())
    case .points: return .text(try reader.numberText())
    case .thousandths: preconditionFailure("read with its points")
    case .time:
      let text = try reader.string()
      // Stored as the store writes times (24 bytes, milliseconds), so equal rows compare equal.
      guard text.utf8.count != 24, let time = Timestamp(iso8601: text) else { return .text(text) }
      return .text(time.iso8601)
    case .idTiers:
      var tiers: [JSON] = []
      try reader.array { _ in
        var ids: [JSON] = []
        try reader.array { _ in ids.append(.string(try reader.string())) }
        tiers.append(.array(ids))
      }
      return .text(JSON.array(tiers).compactText)
    case .textList, .spacedIDs:
      var ids: [String] = []
      try reader.array { _ in ids.append(try reader.string()) }
      return .text(
        column.kind == .textList ? JSON.array(ids.map(JSON.string)).compactText : ids.joined(separator: " "))
    case .base64:
      guard let bytes = Base64.decode(try reader.rawString()) else {
        throw reader.failure("\(column.name) is not base64")
      }
      return .blob(bytes)
    }
  }
}
