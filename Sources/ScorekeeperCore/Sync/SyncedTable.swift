/// A table whose rows sync, as the sync engine sees it: which columns
/// travel as record fields, and which foreign key is the record's parent.
///
/// Each row becomes the record `<id>:<table>` in its game's zone. A row
/// has at most one parent (its single foreign key), so children are
/// shared along with their parent chain, and sent after their parents.
struct SyncedTable: Hashable, Sendable {
  let name: String
  /// Synced columns besides `id` and the parent column. A player's `score`
  /// is absent on purpose: it is a local sum of the synced score events.
  let fields: [String]
  /// The foreign key to the parent row, and the parent's table.
  let parentColumn: String?
  let parentTable: String?
  /// Rows are only ever inserted and deleted (score events): their fields
  /// cannot conflict, so they carry no per-field modification times.
  var isAppendOnly = false
  /// The fields change together and merge as one unit (a photo: its type,
  /// size, hash and bytes): a change stamps this field's time only, and a
  /// merge takes every field from the side whose version of it wins, so
  /// it never mixes two photos.
  var unitKey: String?
  /// Rows record who made them (schema v28's `author`): the creator the
  /// server names on the record, written when the row arrives; never a
  /// field a client sends.
  var isAuthored = false
  /// The column whose bytes travel as an asset (`CloudAsset`), and the
  /// column holding their SHA-256, which tells without reading them
  /// whether this device has an asset's content.
  var asset: AssetColumn?

  struct AssetColumn: Hashable, Sendable {
    let field: String
    let hashField: String
  }

  static let games = SyncedTable(
    name: "games", fields: ["title", "kind"], parentColumn: nil, parentTable: nil)
  static let players = SyncedTable(
    name: "players", fields: ["name", "team", "isTeam"], parentColumn: "gameID", parentTable: "games")
  static let scoreEvents = SyncedTable(
    name: "scoreEvents",
    fields: ["delta", "thousandths", "time", "device", "undoes", "roundID", "enteredAt"],
    parentColumn: "playerID",
    parentTable: "players", isAppendOnly: true, isAuthored: true)
  /// A player's photo, keyed by the player's own id: two devices giving
  /// one player a photo at once make the same record, which merges.
  /// Removing a photo clears its fields (the later change wins); the row
  /// goes only with its player.
  static let playerPhotos = SyncedTable(
    name: "playerPhotos", fields: ["type", "width", "height", "byteCount", "sha256", "bytes"],
    parentColumn: "id", parentTable: "players", unitKey: "sha256",
    asset: AssetColumn(field: "bytes", hashField: "sha256"))

  /// A round, a correction of one, or an undo of either (schema v13);
  /// its points are score events carrying its id.
  static let rounds = SyncedTable(
    name: "rounds", fields: ["madeAt", "device", "fixes", "undoes", "name", "enteredAt"],
    parentColumn: "gameID",
    parentTable: "games", isAppendOnly: true, isAuthored: true)
  /// A rule change, a finish or a reopen (schema v13).
  static let gameEvents = SyncedTable(
    name: "gameEvents",
    fields: [
      "time", "device", "kind", "winner", "target", "targetThousandths", "roundLimit", "winners", "places",
      "counted", "cooperative", "winBy", "start", "startThousandths", "bust", "targetZero", "enteredAt",
    ],
    parentColumn: "gameID", parentTable: "games", isAppendOnly: true, isAuthored: true)

  /// A merge of two people, a split of one, or an undo of either (schema
  /// v15): the user's own, so a root record in their private zone
  /// `people`, never in a game's zone and never shared.
  static let personLinks = SyncedTable(
    name: "personLinks", fields: ["kind", "time", "device", "person", "other", "name", "games", "undoes"],
    parentColumn: nil, parentTable: nil, isAppendOnly: true)

  /// A kind's rules set or forgotten, or an undo of either (schema v26):
  /// the user's own, beside their person links in the zone `people`.
  static let kindRules = SyncedTable(
    name: "kindRules",
    fields: [
      "change", "name", "time", "device", "winner", "target", "targetThousandths", "winBy", "roundLimit",
      "start",
      "startThousandths", "bust", "cooperative", "teamSize", "roundNames", "undoes",
    ],
    parentColumn: nil, parentTable: nil, isAppendOnly: true)

  /// The fields whose changes are timed: merged one by one, or the unit's key.
  var mergedFields: [String] { isAppendOnly ? [] : unitKey.map { [$0] } ?? fields }

  /// The fields a local change can touch (an append-only row's never change).
  var changeableFields: [String] { isAppendOnly ? [] : fields }

  /// A root row's zone: a game in its own zone, a person link or kind
  /// rules in the user's `people` (a child row is in its parent's).
  func rootZone(ofID id: String) -> String? {
    switch name {
    case Self.games.name: "game-" + id
    case Self.personLinks.name, Self.kindRules.name: "people"
    default: nil
    }
  }

  /// `rootZone` as SQL over the row `alias`, for statements that track
  /// many rows at once (`ImportTracking`).
  func rootZoneSQL(of alias: String) -> String? {
    switch name {
    case Self.games.name: "'game-' || \(alias).id"
    case Self.personLinks.name, Self.kindRules.name: "'people'"
    default: nil
    }
  }

  /// The parent column when it is not the key itself (a photo's is).
  var separateParentColumn: String? { parentColumn == "id" ? nil : parentColumn }

  /// The columns `writeSQL` writes, in order: `id`, the parent column, the fields.
  var columns: [String] { ["id"] + [separateParentColumn].compactMap { $0 } + fields }

  /// Every synced table, parents before children: the order saves go in
  /// (deletes go in reverse).
  static let all: [SyncedTable] = [
    .games, .players, .rounds, .gameEvents, .scoreEvents, .playerPhotos, .personLinks, .kindRules,
  ]

  static func named(_ name: String) -> SyncedTable? {
    ranks[name].map { all[$0] }
  }

  /// Each table's place in `all`, by name: looked up for every record a
  /// sync reads or writes, where a search of `all` compared whole tables.
  private static let ranks = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1.name, $0) })

  /// The record name of a row of this table: `<id>:<table>`.
  func recordName(of id: String) -> String {
    id + ":" + name
  }

  /// The row id in one of this table's record names; nil for another's.
  func rowID(ofRecordName recordName: String) -> String? {
    let suffix = ":" + name
    // (Bytes, not characters: counting those walks the whole name.)
    guard recordName.hasSuffix(suffix), recordName.utf8.count > suffix.utf8.count else { return nil }
    return String(recordName.dropLast(suffix.count))
  }

  /// The record name of a parent row, for a child table.
  func parentRecordName(of parentID: String) -> String? {
    parentTable.map { parentID + ":" + $0 }
  }

  /// Whether a row's id is made once, when the row is (every table's but
  /// the photos', keyed by their player: a photo set again after one was
  /// removed is a new photo under the same name). Only such a record,
  /// deleted, must never come back (`SyncMetadata.bury`).
  var idsAreMadeOnce: Bool { parentColumn != "id" }

  /// Those tables' names, as an SQL list.
  static let namesOfTablesWithIDsMadeOnce = all.filter(\.idsAreMadeOnce).map { "'\($0.name)'" }.joined(
    separator: ", ")

  /// Whether another table's rows have this table's as their parent.
  var hasChildren: Bool { Self.all.contains { $0.parentTable == name } }

  /// Where saves of this table go: parents first (deletes go in reverse).
  var rank: Int { Self.ranks[name]! }

  /// The statement writing a row of this table (a server copy or a
  /// merge): `INSERT … ON CONFLICT (id) DO UPDATE` (DO NOTHING for score
  /// events), with `id`, the parent column and the fields as ?1, ?2, …,
  /// then the record's creator for an authored table.
  /// An asset column takes its size (or NULL) and is written as
  /// `zeroblob(size)`, for `Database.writeBlob` to fill through the row id
  /// the statement returns.
  var writeSQL: String { Self.statements[name]!.write }

  /// The statement reading a row's parent column and fields, by id. An
  /// asset column reads as NULL and the row id comes last, for
  /// `Database.readBlob`.
  var readSQL: String { Self.statements[name]!.read }

  /// Made once: built for each row, the text costs about as much as the
  /// row's insert.
  private static let statements: [String: (write: String, read: String)] = Dictionary(
    uniqueKeysWithValues: all.map { table in
      let columns = table.columns + (table.isAuthored ? ["author"] : [])
      let placeholders = columns.enumerated().map { index, column in
        column == table.asset?.field
          ? "iif(?\(index + 1) IS NULL, NULL, zeroblob(?\(index + 1)))" : "?\(index + 1)"
      }.joined(separator: ", ")
      let conflict =
        table.isAppendOnly
        ? "DO NOTHING"
        : "DO UPDATE SET " + columns.dropFirst().map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
      let write = """
        \(SyncTracking.marker) INSERT INTO \(table.name) (\(columns.joined(separator: ", ")))
        VALUES (\(placeholders)) ON CONFLICT (id) \(conflict)
        """ + (table.asset == nil ? "" : " RETURNING rowid")
      let read =
        "\(SyncTracking.marker) SELECT "
        + ([table.parentColumn ?? "NULL"] + table.fields.map { $0 == table.asset?.field ? "NULL" : $0 }
        + (table.asset == nil ? [] : ["rowid"])).joined(separator: ", ")
        + " FROM \(table.name) WHERE id = ?1"
      return (table.name, (write, read))
    })

  /// `rank` in SQL, for a column holding a table name.
  static func rankSQL(of column: String) -> String {
    "CASE \(column) "
      + all.map { "WHEN '\($0.name)' THEN \($0.rank)" }.joined(separator: " ") + " ELSE \(all.count) END"
  }
}
