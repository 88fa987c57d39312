/// Why a row cannot be imported; the reader adds where it is.
struct RowProblem: Error {
  let problem: String
  /// The CSV column it is in, when one is to blame.
  var column: String?
  /// For a score change found wrong when its batch was written: how many
  /// rows before the last one given it came.
  var rowsBack: Int?
  /// Where the row is, for a problem found after the reader moved on (a
  /// reference checked at the end of its game).
  var location: String?

  init(_ problem: String, column: String? = nil, location: String? = nil) {
    self.problem = problem
    self.column = column
    self.location = location
  }
}

/// How many rows of each table an import added, found already here, or
/// found here with other content (a game renamed since, a player's
/// team changed) and left as this database has them.
public struct ImportSummary: Equatable, Sendable {
  public var added: [String: Int] = [:]
  public var alreadyHere: [String: Int] = [:]
  public var keptHere: [String: Int] = [:]
  public var dryRun = false
  /// BG Stats' plays here already that the file edited: brought up to
  /// date by corrections.
  public var updated: [ImportedPlay] = []
  /// BG Stats' plays imported before that the file lists as deleted, or
  /// does not have: kept here, and named.
  public var deletedInFile: [ImportedPlay] = []
  public var notInFile: [ImportedPlay] = []

  public init(
    added: [String: Int] = [:], alreadyHere: [String: Int] = [:], keptHere: [String: Int] = [:],
    dryRun: Bool = false, updated: [ImportedPlay] = [], deletedInFile: [ImportedPlay] = [],
    notInFile: [ImportedPlay] = []
  ) {
    self.added = added
    self.alreadyHere = alreadyHere
    self.keptHere = keptHere
    self.dryRun = dryRun
    self.updated = updated
    self.deletedInFile = deletedInFile
    self.notInFile = notInFile
  }

  /// The tables counted, in the order a summary names them.
  public static let tables = [
    "games", "players", "playerPhotos", "rounds", "gameEvents", "scoreEvents", "personLinks", "kindRules",
  ]
}

/// Writes imported rows, one at a time inside the import's transaction,
/// the way a sync merges a server's rows: by id, adding what is missing.
/// A row already here with the same content is counted and passed over;
/// an append-only row (a score change, a round, a game event, a person
/// link) here with other content is refused, since two rows of one id
/// with different content mean a corrupt or altered file; a game, player
/// or photo here with other content keeps this database's (it changed
/// here since), unless the same file said otherwise earlier, which is
/// refused too. Every row is checked as the store would check it.
final class RowImporter {
  let database: Database
  private let access: (String) throws -> GameAccess
  var summary = ImportSummary()
  /// The game being imported, with the ids of its players and rounds.
  var game: (id: String, players: Set<String>, rounds: Set<String>, readOnlyOwner: String?)?
  /// What the file gave so far: games and players (a second, different
  /// copy of one is the file contradicting itself), alike rows' counts.
  let ledger: ImportLedger

  /// The sync triggers cost more than the rows they track: the rows go in
  /// with them silenced, and `tracking` records them all at the end. When
  /// it cannot (`ImportTracking.init`), the triggers track each row,
  /// except score changes, tracked a batch at a time by `flush`.
  let silenced: SyncApplyingFlag
  let tracking: ImportTracking?

  /// Score changes waiting to be inserted, all checked: a statement
  /// inserting many rows opens the table's indexes and triggers once, where
  /// one per row costs about as much again as the rows.
  var batch: [[SQLValue]] = []
  static let batchSize = 64
  /// The batches' statements (insert, track) by their number of rows, and each table's
  /// insert and select (`statements`), made once: built per row, the text
  /// costs about what the insert does.
  var batchSQL: [Int: (insert: String, track: String)] = [:]
  var sql: [String: (insert: String, select: String)] = [:]
  /// References to rows not here yet when their row came
  /// (`RowImporter+References`), checked once those could have come.
  var references: [Reference] = []
  /// Where the reader is, for a problem found after it moved on.
  var location: () -> String? = { nil }

  init(database: Database, silencing flag: SyncApplyingFlag, access: @escaping (String) throws -> GameAccess)
    throws
  {
    self.database = database
    self.silenced = flag
    self.access = access
    ledger = try ImportLedger(database: database)
    tracking = try ImportTracking(database: database)
  }

  /// Writes what waits of the game just imported, and checks what its
  /// rows name; call when its rows are done (`beginGame` does).
  func endGame() throws {
    try flush()
    try resolveReferences(ofGame: true)
  }

  /// Ends the import: the last game, and what the person links name.
  func finish() throws {
    try endGame()
    try resolveReferences(ofGame: false)
    try tracking?.track(in: database)
  }

  /// Makes `id` the game rows go to, adding it unless it is here. A game
  /// begun again (a CSV's rows need not be grouped) is checked against
  /// its first copy and counted once.
  func beginGame(id: String, title: String, kind: String?) throws {
    try endGame()
    let id = try Self.checked(id, table: "games", column: "id")
    let title = try Self.checked(title, table: "games", column: "title")
    let kind = try kind.map { try Self.checked($0, table: "games", column: "kind") }
    var readOnlyOwner: String?
    if case .sharedWithMe(let owner, let permission, _) = try access(id), permission != .readWrite {
      readOnlyOwner = owner
    }
    game = (id, [], [], readOnlyOwner)
    let again = try ledger.gave("games", id)
    let counts = summary
    let inserted = try write(
      table: "games", columns: ["id", "title", "kind"],
      values: [.text(id), .text(title), kind.map(SQLValue.text) ?? .null],
      mutable: true)
    if again { summary = counts }
    // A game just added has no players or rounds yet.
    guard !inserted else { return }
    let players = try database.fetchAll("SELECT id FROM players WHERE gameID = ?1", [.text(id)]) {
      try $0.text(0)
    }
    let rounds = try database.fetchAll("SELECT id FROM rounds WHERE gameID = ?1", [.text(id)]) {
      try $0.text(0)
    }
    game?.players = Set(players)
    game?.rounds = Set(rounds)
  }

  /// A row of one of a game's tables (after `beginGame`), or a person
  /// link: `values` in `table.columns`' order. Optional columns after the
  /// last value are NULL: a BG Stats row's id is made from its values, so
  /// its values stop at the columns older versions hashed (`gameEvents`'
  /// `winBy` came after).
  func insert(_ table: TransferTable, _ values: [SQLValue]) throws {
    var columns = table.columns.map(\.name)
    precondition(
      table.columns.dropFirst(values.count).allSatisfy(\.optional), "values for \(table.name) stop too early")
    var values = values
    if values.count < columns.count { values += repeatElement(.null, count: columns.count - values.count) }
    for (column, value) in zip(table.columns, values) {
      switch (column.kind, value) {
      case (_, .null): guard column.optional else { throw RowProblem("\(column.name) must not be null") }
      case (.time, .text(let text)):
        guard Timestamp(iso8601: text) != nil else {
          throw RowProblem("\(column.name) is not an ISO 8601 time: \(quote(text))")
        }
      default: break
      }
    }
    // Every text as the commands would take it (a name trimmed), or refused in their words.
    for (index, column) in table.columns.enumerated() {
      guard case .text(let text) = values[index] else { continue }
      if let rule = table.rules[index] {
        values[index] = .text(try Self.checked(text, by: rule, column: column.name))
      } else if text.isEmpty {
        throw RowProblem("\(column.name) must not be empty")
      }
    }
    func value(_ name: String) -> SQLValue { values[columns.firstIndex(of: name)!] }
    func text(_ name: String) -> String? { if case .text(let text) = value(name) { text } else { nil } }
    let ofUser = TransferTable.ofUser.contains { $0.name == table.name }
    if !ofUser {
      guard let game else { throw RowProblem("a row outside a game") }
      switch table.name {
      case "players": break
      case "playerPhotos":
        guard game.players.contains(text("id")!) else {
          throw RowProblem(
            "a photo of \(quote(text("id")!)), who is not a player of this game (players come first)")
        }
        try checkPhoto(values)
      case "scoreEvents":
        guard game.players.contains(text("playerID")!) else {
          throw RowProblem(
            "playerID \(quote(text("playerID")!)) is not a player of this game (players come first)")
        }
        if let round = text("roundID"), !game.rounds.contains(round) {
          throw RowProblem("roundID \(quote(round)) is not a round of this game (rounds come first)")
        }
      case "gameEvents":
        guard ["rules", "finish", "reopen"].contains(text("kind")!) else {
          throw RowProblem("kind must be \"rules\", \"finish\" or \"reopen\", not \(quote(text("kind")!))")
        }
        if let winner = text("winner"), winner != "highest", winner != "lowest" {
          throw RowProblem("winner must be \"highest\", \"lowest\" or null, not \(quote(winner))")
        }
      default: break
      }
      if let gameColumn = table.gameColumn {
        columns.append(gameColumn)
        values.append(.text(game.id))
      }
    } else if table.name == TransferTable.kindRules.name {
      guard ["set", "forget", "undo"].contains(text("change")!) else {
        throw RowProblem("change must be \"set\", \"forget\" or \"undo\", not \(quote(text("change")!))")
      }
      if let winner = text("winner"), winner != "highest", winner != "lowest" {
        throw RowProblem("winner must be \"highest\", \"lowest\" or null, not \(quote(winner))")
      }
    } else if !["merge", "split", "undo", "rename"].contains(text("kind")!) {
      throw RowProblem(
        "kind must be \"merge\", \"split\", \"rename\" or \"undo\", not \(quote(text("kind")!))")
    }
    try noteReferences(of: table, values)
    let mutable = table.name == "players" || table.name == "playerPhotos"
    if table.name == TransferTable.scoreEvents.name {
      batch.append(values)
      if batch.count == Self.batchSize { try flush() }
    } else {
      try flush()
      try write(table: table.name, columns: columns, values: values, mutable: mutable)
    }
    if table.name == "players" { game?.players.insert(text("id")!) }
    if table.name == "rounds" { game?.rounds.insert(text("id")!) }
  }

  /// Whether the game at hand has the round `id` (here, or from the file).
  func hasRound(_ id: String) -> Bool {
    game?.rounds.contains(id) == true
  }

  /// The player and points of the score change `id` here, if it is.
  func scoreEventHere(_ id: String) throws -> (player: String, delta: Points)? {
    try flush()
    return try database.fetchOne(
      "SELECT playerID, delta, thousandths FROM scoreEvents WHERE id = ?1", [.text(id)]
    ) { (try $0.text(0), try $0.points(1)) }
  }

  func countAlreadyHere(_ table: String) {
    summary.alreadyHere[table, default: 0] += 1
  }

  /// `text` as `table`'s `column` takes it, or the rule's words: a
  /// title's or name's alone (they name the field), another's after the
  /// column's name.
  static func checked(_ text: String, table: String, column: String) throws -> String {
    guard let rule = ColumnRule.of(table: table, column: column) else { return text }
    return try checked(text, by: rule, column: table == "games" && column == "id" ? "a game's id" : column)
  }

  static func checked(_ text: String, by rule: ColumnRule, column: String) throws -> String {
    do {
      return try rule.check(text)
    } catch .text(let error) {
      throw RowProblem(error.description)
    } catch {
      throw RowProblem("\(column) \(error)")
    }
  }

  /// A photo's fields must describe its bytes: the store trusts them.
  private func checkPhoto(_ values: [SQLValue]) throws {
    guard case .blob(let bytes) = values[6] else { return }
    let photo: Photo
    do { photo = try CheckedPhoto(bytes: bytes).photo } catch { throw RowProblem("bytes \(error.reason)") }
    let described: [SQLValue] = [
      .text(photo.type.rawValue), .integer(Int64(photo.width)), .integer(Int64(photo.height)),
      .integer(Int64(photo.byteCount)), .text(photo.sha256),
    ]
    guard Array(values[1...5]) == described else {
      throw RowProblem(
        "the photo's type, width, height, byteCount and sha256 must be its bytes': \(photo.type.rawValue), \(photo.width), \(photo.height), \(photo.byteCount), \(photo.sha256)"
      )
    }
  }
}
