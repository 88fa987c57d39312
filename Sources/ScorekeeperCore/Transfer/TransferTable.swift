/// A synced table as the JSON export holds it (format "scorekeeper-export",
/// version 1): each row an object whose keys are the table's columns, in
/// the order here, with the column that names its game left out (a row
/// sits inside its game's object). The README and
/// `Docs/scorekeeper-export.schema.json` document them field by field.
struct TransferTable: Sendable {
  enum Kind: Sendable {
    /// A string; `optional` ones may be null.
    case text
    /// A whole number (64 bits).
    case integer
    /// An ISO 8601 time, as the store writes them.
    case time
    /// A JSON array of texts, stored as its compact text (a split's games,
    /// a kind's round names).
    case textList
    /// A JSON array of ids, stored as the ids between spaces (a finish's winners).
    case spacedIDs
    /// A JSON array of arrays of ids, stored as its compact text (a finish's places).
    case idTiers
    /// Bytes, as base64 (a photo's).
    case base64
    /// Points (schema v16): a JSON number with up to three decimals,
    /// stored as this whole part and the next column's thousandths.
    case points
    /// The thousandths of the `points` column before it: never a key of
    /// its own in the JSON.
    case thousandths
  }

  struct Column: Sendable {
    let name: String
    let kind: Kind
    var optional = false
    /// Left out of a row when null: a column added after the format's
    /// first version (schema v17's), so older exports stay as they were.
    var omittedWhenNull = false
  }

  let name: String
  /// Ordered as the export writes them: each game's rows come in this
  /// order, and `order` within a table.
  let columns: [Column]
  /// The column naming the game the row is part of, left out of the JSON.
  let gameColumn: String?
  /// The SQL ordering rows within their game (or all of them).
  let order: String
  /// Which rows are the game's: a `WHERE` clause with ?1 the game's id.
  let inGame: String
  /// Each column's `ColumnRule`, looked up once (an import checks every
  /// row's values by them).
  let rules: [ColumnRule?]
  /// The columns naming another row of the table (`fixes`, `undoes`), by index.
  let references: [Int]

  init(name: String, columns: [Column], gameColumn: String?, order: String, inGame: String) {
    self.name = name
    self.columns = columns
    self.gameColumn = gameColumn
    self.order = order
    self.inGame = inGame
    rules = columns.map { ColumnRule.of(table: name, column: $0.name) }
    references = columns.indices.filter { ["fixes", "undoes"].contains(columns[$0].name) }
  }

  var columnList: String { columns.map(\.name).joined(separator: ", ") }

  static let players = TransferTable(
    name: "players",
    columns: [
      .init(name: "id", kind: .text), .init(name: "name", kind: .text),
      .init(name: "team", kind: .text, optional: true),
      .init(name: "isTeam", kind: .integer, optional: true, omittedWhenNull: true),
    ],
    gameColumn: "gameID", order: "rowid", inGame: "gameID = ?1")
  static let playerPhotos = TransferTable(
    name: "playerPhotos",
    columns: [
      .init(name: "id", kind: .text), .init(name: "type", kind: .text, optional: true),
      .init(name: "width", kind: .integer, optional: true),
      .init(name: "height", kind: .integer, optional: true),
      .init(name: "byteCount", kind: .integer, optional: true),
      .init(name: "sha256", kind: .text, optional: true), .init(name: "bytes", kind: .base64, optional: true),
    ],
    gameColumn: nil, order: "(SELECT rowid FROM players AS p WHERE p.id = playerPhotos.id)",
    inGame: "id IN (SELECT id FROM players WHERE gameID = ?1)")
  static let rounds = TransferTable(
    name: "rounds",
    columns: [
      .init(name: "id", kind: .text), .init(name: "madeAt", kind: .time),
      .init(name: "device", kind: .text), .init(name: "fixes", kind: .text, optional: true),
      .init(name: "undoes", kind: .text, optional: true),
      .init(name: "name", kind: .text, optional: true, omittedWhenNull: true),
      .init(name: "enteredAt", kind: .time, optional: true, omittedWhenNull: true),
    ],
    gameColumn: "gameID", order: "madeAt, id", inGame: "gameID = ?1")
  static let gameEvents = TransferTable(
    name: "gameEvents",
    columns: [
      .init(name: "id", kind: .text), .init(name: "time", kind: .time),
      .init(name: "device", kind: .text), .init(name: "kind", kind: .text),
      .init(name: "winner", kind: .text, optional: true),
      .init(name: "target", kind: .points, optional: true),
      .init(name: "targetThousandths", kind: .thousandths, optional: true),
      .init(name: "roundLimit", kind: .integer, optional: true),
      .init(name: "winners", kind: .spacedIDs, optional: true),
      .init(name: "places", kind: .idTiers, optional: true, omittedWhenNull: true),
      .init(name: "counted", kind: .integer, optional: true, omittedWhenNull: true),
      .init(name: "cooperative", kind: .integer, optional: true, omittedWhenNull: true),
      .init(name: "winBy", kind: .integer, optional: true, omittedWhenNull: true),
      .init(name: "start", kind: .points, optional: true, omittedWhenNull: true),
      .init(name: "startThousandths", kind: .thousandths, optional: true, omittedWhenNull: true),
      .init(name: "bust", kind: .integer, optional: true, omittedWhenNull: true),
      .init(name: "targetZero", kind: .integer, optional: true, omittedWhenNull: true),
      .init(name: "enteredAt", kind: .time, optional: true, omittedWhenNull: true),
    ],
    gameColumn: "gameID", order: "time, id", inGame: "gameID = ?1")
  static let scoreEvents = TransferTable(
    name: "scoreEvents",
    columns: [
      .init(name: "id", kind: .text), .init(name: "playerID", kind: .text),
      .init(name: "delta", kind: .points), .init(name: "thousandths", kind: .thousandths, optional: true),
      .init(name: "time", kind: .time),
      .init(name: "device", kind: .text),
      .init(name: "undoes", kind: .text, optional: true),
      .init(name: "roundID", kind: .text, optional: true),
      .init(name: "enteredAt", kind: .time, optional: true, omittedWhenNull: true),
    ],
    gameColumn: nil, order: "time, id", inGame: "playerID IN (SELECT id FROM players WHERE gameID = ?1)")
  static let personLinks = TransferTable(
    name: "personLinks",
    columns: [
      .init(name: "id", kind: .text), .init(name: "kind", kind: .text),
      .init(name: "time", kind: .time), .init(name: "device", kind: .text),
      .init(name: "person", kind: .text, optional: true), .init(name: "other", kind: .text, optional: true),
      .init(name: "name", kind: .text, optional: true), .init(name: "games", kind: .textList, optional: true),
      .init(name: "undoes", kind: .text, optional: true),
    ],
    gameColumn: nil, order: "time, id", inGame: "1")
  static let kindRules = TransferTable(
    name: "kindRules",
    columns: [
      .init(name: "id", kind: .text), .init(name: "change", kind: .text), .init(name: "name", kind: .text),
      .init(name: "time", kind: .time), .init(name: "device", kind: .text),
      .init(name: "winner", kind: .text, optional: true),
      .init(name: "target", kind: .points, optional: true),
      .init(name: "targetThousandths", kind: .thousandths, optional: true),
      .init(name: "winBy", kind: .integer, optional: true),
      .init(name: "roundLimit", kind: .integer, optional: true),
      .init(name: "start", kind: .points, optional: true),
      .init(name: "startThousandths", kind: .thousandths, optional: true),
      .init(name: "bust", kind: .integer, optional: true),
      .init(name: "cooperative", kind: .integer, optional: true),
      .init(name: "teamSize", kind: .integer, optional: true),
      .init(name: "roundNames", kind: .textList, optional: true),
      .init(name: "undoes", kind: .text, optional: true),
    ],
    gameColumn: nil, order: "time, id", inGame: "1")

  /// The user's own tables, outside any game: written after the games.
  static let ofUser: [TransferTable] = [.personLinks, .kindRules]

  /// A game's tables, in the order written: a row comes after the rows it names.
  static let ofGame: [TransferTable] = [.players, .playerPhotos, .rounds, .gameEvents, .scoreEvents]
}
