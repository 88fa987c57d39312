extension Store.Transfer {
  /// The columns a CSV import reads, by header name, in any order: those
  /// `export --format csv` writes. `game`, `player` and `points` are
  /// required; the rest may be left out (a spreadsheet made by hand).
  static let csvColumns = [
    "game_id", "game", "kind", "round", "player_id", "player", "team", "points", "total_after", "time",
    "device",
    "change_id",
  ]

  /// Imports score changes from CSV (`export --format csv`'s columns), in
  /// one transaction, as `importExport` does. A row makes its game, player
  /// and round when they are not here. Ids left out are made from what
  /// the row says (a game's from its title, a player's from the game and
  /// name, a change's from its game, player, points, time and device, and
  /// how many such came before), so the same file imported twice adds
  /// nothing. A round number is the game's round of that number (as
  /// `history` numbers them), or a new one after them; CSV keeps each
  /// change's points but not which were corrections or undos.
  /// `total_after` is derived, and passed over.
  public func importCSV(from source: ImportSource, dryRun: Bool) throws -> ImportSummary {
    let reader = try CSVReader(source: source)
    // A header names each column once, of those read: more is a mistake, refused as soon as seen.
    guard
      let header = try reader.record(
        limit: Self.csvColumns.count,
        tooMany: { "more than \($0) columns; scorekeeper reads \(Self.csvColumns.joined(separator: ", "))" })
    else { throw reader.failure("the file is empty") }
    var index: [String: Int] = [:]
    for (position, name) in header.enumerated() {
      guard Self.csvColumns.contains(name) else {
        throw reader.failure(
          "\(quote(name)) is not a column scorekeeper reads (\(Self.csvColumns.joined(separator: ", ")))",
          column: position + 1)
      }
      guard index.updateValue(position, forKey: name) == nil else {
        throw reader.failure("\(quote(name)) is a column twice", column: position + 1)
      }
    }
    for required in ["game", "player", "points"] where index[required] == nil {
      throw reader.failure("the header has no \(quote(required)) column")
    }
    return try importing(dryRun: dryRun) { importer in
      var rows = CSVRows(store: store, importer: importer, index: index)
      // A spreadsheet's mistakes are a row's each: every row is read, and
      // a refusal lists them all (the first `ImportProblems.shown`).
      var problems: [ImportError] = []
      var total = 0
      func note(_ problem: ImportError) {
        if problems.count < ImportProblems.shown { problems.append(problem) }
        total += 1
      }
      func refusal() -> any Error {
        total == 1 ? problems[0] : ImportProblems(problems, total: total)
      }
      while true {
        let fields: [String]?
        do {
          fields = try reader.record(
            limit: header.count, tooMany: { "more than \($0) fields; the header has \($0)" })
        } catch let problem as ImportError {
          // Not a row's mistake but the file's (a quote left open, bytes
          // that are not UTF-8): what follows can't be read as rows.
          note(problem)
          throw refusal()
        }
        guard let fields else { break }
        guard fields.count == header.count else {
          note(reader.failure("\(fields.count) fields; the header has \(header.count)"))
          continue
        }
        do {
          try rows.add(fields)
        } catch let problem as RowProblem {
          note(reader.failure(problem.problem, column: problem.column.map { index[$0]! + 1 }))
        }
      }
      if total > 0 { throw refusal() }
    }
  }
}

/// The CSV rows of one import, turned into the store's rows.
private struct CSVRows {
  let store: Store
  let importer: RowImporter
  let index: [String: Int]
  private lazy var device: Result<String, any Error> = Result { try store.localDeviceID() }
  private lazy var now: Result<String, any Error> = Result {
    try store.database.fetchOne("SELECT now()") { try $0.text(0) }!
  }
  /// The game at hand, with its rounds by number (as `history` numbers them).
  private var game: (id: String, rounds: [String])?

  init(store: Store, importer: RowImporter, index: [String: Int]) {
    self.store = store
    self.importer = importer
    self.index = index
  }

  mutating func add(_ fields: [String]) throws {
    func field(_ name: String) -> String? {
      index[name].map { fields[$0] }.flatMap { $0.isEmpty ? nil : $0 }
    }
    /// A field as its table's column takes it, or refused naming its CSV column.
    func checked(_ name: String, _ table: String, _ column: String) throws -> String? {
      guard let text = field(name) else { return nil }
      do {
        return try RowImporter.checked(text, table: table, column: column)
      } catch var problem as RowProblem {
        problem.column = name
        throw problem
      }
    }
    guard let title = try checked("game", "games", "title") else {
      throw RowProblem("the game is empty", column: "game")
    }
    guard let name = try checked("player", "players", "name") else {
      throw RowProblem("the player is empty", column: "player")
    }
    let points: Points
    do {
      points = try importedPoints(field("points") ?? "", column: "points")
    } catch {
      throw RowProblem(error.problem, column: "points")
    }
    let time = try field("time") ?? now.get()
    guard Timestamp(iso8601: time) != nil else {
      throw RowProblem(
        "time must be an ISO 8601 time such as 2026-11-27T20:15:00.000Z, not \(quote(time))", column: "time")
    }
    let device = try checked("device", "scoreEvents", "device") ?? self.device.get()
    let gameID = try checked("game_id", "games", "id") ?? IDs.made(["game", Person.key(of: title)])
    if game?.id != gameID {
      try importer.beginGame(id: gameID, title: title, kind: try checked("kind", "games", "kind"))
      let live = try store.liveRounds(of: Game(id: gameID, title: title)).map(\.id)
      game = (gameID, live)
    }
    let playerID =
      try checked("player_id", "players", "id") ?? IDs.made(["player", gameID, Person.key(of: name)])
    if try !importer.ledger.gave("players", playerID) {
      try importer.insert(
        .players, [.text(playerID), .text(name), SQLValue(try checked("team", "players", "team"))])
    }
    var changeID = try checked("change_id", "scoreEvents", "id")
    if changeID == nil {
      // As written: a time or device left out (now, this device) would make another id each import.
      let key = [gameID, playerID, points.description, field("time") ?? "", field("device") ?? ""].joined(
        separator: "\u{1f}")
      // How many alike (game, player, points, time, device) came before.
      changeID = IDs.made(["change", key, String(try importer.ledger.count(key))])
    }
    if let here = try importer.scoreEventHere(changeID!) {
      guard here == (playerID, points) else {
        throw RowProblem(
          "change_id \(quote(changeID!)) is here already, for other points or another player",
          column: "change_id")
      }
      return importer.countAlreadyHere("scoreEvents")
    }
    var roundID: SQLValue = .null
    if let roundText = field("round") {
      guard let number = Int(roundText), number >= 1 else {
        throw RowProblem("round must be a number from 1, not \(quote(roundText))", column: "round")
      }
      let id =
        number <= game!.rounds.count
        ? game!.rounds[number - 1] : IDs.made(["round", gameID, String(number)])
      if number > game!.rounds.count, !importer.hasRound(id) {
        try importer.insert(.rounds, [.text(id), .text(time), .text(device), .null, .null])
      }
      roundID = .text(id)
    }
    try importer.insert(
      .scoreEvents,
      [
        .text(changeID!), .text(playerID), .whole(points), .thousandths(points), .text(time), .text(device),
        .null,
        roundID,
      ])
  }
}
