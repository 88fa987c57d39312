extension Store.Transfer {
  /// The export that `import` reads back (format "scorekeeper-export",
  /// version 1): the games named (all, by title, when none is), each with
  /// every synced row it has (`TransferTable.ofGame`) and its result, then,
  /// when all games go, the user's person links and kinds' rules. From one snapshot,
  /// written one row at a time to `sink`, so memory does not grow with the
  /// store.database. A game that is not found refuses before anything is written.
  ///
  /// The text is deterministic: the same rows give the same bytes, which
  /// is how a round trip through `import` is checked.
  public func exportJSON(
    games references: [String], sink: @escaping (UnsafeBufferPointer<UInt8>) throws -> Void
  )
    throws
  {
    try store.read {
      let games = try gamesToExport(references)
      var out = ExportWriter(sink: sink)
      try out.write("{\n  \"format\": \"scorekeeper-export\",\n  \"version\": 1,\n  \"games\": [")
      for (index, game) in games.enumerated() {
        try out.write(index == 0 ? "\n    {\n" : ",\n    {\n")
        let kind = try store.database.fetchOne("SELECT kind FROM games WHERE id = ?1", [.text(game.id)]) {
          $0.value(0)
        }!
        try out.write("      \"id\": ")
        try out.quoted(game.id)
        try out.write(",\n      \"title\": ")
        try out.quoted(game.title)
        try out.write(",\n      \"kind\": ")
        try out.value(kind)
        for table in TransferTable.ofGame {
          try writeRows(of: table, game: game.id, indent: "      ", to: &out)
        }
        try out.write(",\n      \"result\": ")
        try writeResult(of: game, to: &out)
        try out.write("\n    }")
      }
      try out.write(games.isEmpty ? "]" : "\n  ]")
      if references.isEmpty {
        for table in TransferTable.ofUser { try writeRows(of: table, game: nil, indent: "  ", to: &out) }
      }
      try out.write("\n}\n")
      try out.flush()
    }
  }

  /// A game's state and its sides best first: a game that cannot end is
  /// ranked by its players' totals (`state(of:)` reads none).
  func rankedPlaces(of game: Game) throws -> (GameState, [Ranking.Place]) {
    let state = try store.state(of: game)
    guard state.players.isEmpty else { return (state, state.places) }
    let entries = try store.database.fetchAll(
      """
      SELECT id, score, scoreThousandths FROM players WHERE gameID = ?1 AND \(Store.isPlayer())
      ORDER BY name COLLATE NOCASE, name, id
      """, [.text(game.id)]
    ) { Ranking.Entry(id: try $0.text(0), total: try $0.total(1)) }
    return (state, Ranking.places(of: entries, under: state.rules))
  }

  /// The games an export holds, in order: those named, or all shown by title.
  func gamesToExport(_ references: [String]) throws -> [Game] {
    guard !references.isEmpty else {
      return try store.database.fetchAll(
        "SELECT id, title FROM games AS g WHERE \(Store.shownGames()) ORDER BY title COLLATE NOCASE, title, id",
        [], Game.init(row:))
    }
    var games: [Game] = []
    for reference in references {
      let game = try store.findGame(reference)
      if !games.contains(game) { games.append(game) }
    }
    return games
  }

  /// `,\n"<table>": [rows]`, a row a line.
  private func writeRows(
    of table: TransferTable, game: String?, indent: StaticString, to out: inout ExportWriter
  )
    throws
  {
    try out.write(",\n")
    try out.write(indent)
    try out.quoted(table.name)
    try out.write(": [")
    var count = 0
    try store.database.forEachRow(
      "SELECT \(table.columnList) FROM \(table.name) WHERE \(table.inGame) ORDER BY \(table.order)",
      game.map { [.text($0)] } ?? []
    ) { row in
      try out.write(count == 0 ? "\n" : ",\n")
      try out.write(indent)
      try out.write("  {")
      for (index, column) in table.columns.enumerated() where column.kind != .thousandths {
        let value = row.value(index)
        if column.omittedWhenNull, value == .null { continue }
        try out.write(index == 0 ? "\"" : ", \"")
        try out.write(column.name.utf8)
        try out.write("\": ")
        if column.kind == .textList || column.kind == .idTiers, case .text(let text) = value {
          // Stored as compact JSON; written as the array it is.
          try out.write(text.utf8)
        } else if column.kind == .spacedIDs, case .text(let text) = value {
          try out.write("[")
          for (index, id) in text.split(separator: " ").enumerated() {
            try out.write(index == 0 ? "" : ", ")
            try out.quoted(String(id))
          }
          try out.write("]")
        } else if column.kind == .points, case .integer(let whole) = value {
          let thousandths = if case .integer(let rest) = row.value(index + 1) { rest } else { Int64?.none }
          try out.write(Points(whole: whole, thousandths: thousandths).description.utf8)
        } else {
          try out.value(value)
        }
      }
      try out.write("}")
      count += 1
    }
    try out.write(count == 0 ? "]" : "\n")
    if count > 0 {
      try out.write(indent)
      try out.write("]")
    }
  }

  /// {"state", "winners": [ids], "places": [{"rank", "team", "total",
  /// "members": [ids]}]}: derived from the rows, so `import` passes over it.
  private func writeResult(of game: Game, to out: inout ExportWriter) throws {
    let (state, places) = try rankedPlaces(of: game)
    try out.write(
      state.isFinished
        ? "{\"state\": \"finished\", \"winners\": [" : "{\"state\": \"in progress\", \"winners\": [")
    let winners = state.winners
    for (index, id) in places.flatMap(\.members).filter(winners.contains).enumerated() {
      if index > 0 { try out.write(", ") }
      try out.quoted(id)
    }
    try out.write("], \"places\": [")
    for (index, place) in places.enumerated() {
      try out.write(index == 0 ? "{\"rank\": " : ", {\"rank\": ")
      try out.write(String(place.rank).utf8)
      try out.write(", \"team\": ")
      try out.value(place.team.map(SQLValue.text) ?? .null)
      try out.write(", \"total\": ")
      try out.write(place.total.description.utf8)
      try out.write(", \"members\": [")
      for (memberIndex, member) in place.members.enumerated() {
        if memberIndex > 0 { try out.write(", ") }
        try out.quoted(member)
      }
      try out.write("]}")
    }
    try out.write("]}")
  }
}
