/// What an import has seen of its file so far, for what must be known of
/// every row of it, not only of the game at hand: which games and
/// players it gave (a second, different copy of one is the file
/// contradicting itself; a CSV gives each player once), and how many
/// alike score changes came before (a CSV without `change_id` makes their
/// ids from that count).
///
/// Kept in SQLite's temporary database beyond its first keys, not in the
/// process's memory: it grows with the file (80,000 games kept 79 MB of
/// ids, and a CSV of 400,000 rows without `change_id` 161 MB; issue 44),
/// and SQLite keeps it in a few pages of cache and a temporary file
/// beyond them. It is part of the import's transaction, so a refused
/// import leaves nothing of it either. The first `keysInMemory` keys, all
/// of most files', stay in memory: a statement each cost a BG Stats
/// import of 2,000 plays 3% of its time.
final class ImportLedger {
  private let database: Database
  private var keys: Set<String> = []
  /// 20,000 by default: about 2 MB.
  private let keysInMemory: Int
  /// Whether keys went to the temporary table.
  private var spilled = false

  init(database: Database, keysInMemory: Int = 20_000) throws {
    self.database = database
    self.keysInMemory = keysInMemory
    try database.execute(
      "CREATE TEMP TABLE IF NOT EXISTS importKeys (key TEXT PRIMARY KEY NOT NULL) WITHOUT ROWID")
    try database.execute(
      """
      CREATE TEMP TABLE IF NOT EXISTS importCounts (key TEXT PRIMARY KEY NOT NULL, count INTEGER NOT NULL)
      WITHOUT ROWID
      """)
    // (Left by an import before, in this process.)
    try database.execute("DELETE FROM temp.importKeys")
    try database.execute("DELETE FROM temp.importCounts")
  }

  /// Whether the file gave `table`'s row `id` before.
  func gave(_ table: String, _ id: String) throws -> Bool {
    let key = table + ":" + id
    if keys.contains(key) { return true }
    guard spilled else { return false }
    return try database.fetchOne("SELECT 1 FROM temp.importKeys WHERE key = ?1", [.text(key)]) { _ in true }
      ?? false
  }

  /// Notes that the file gave `table`'s row `id`.
  func note(_ table: String, _ id: String) throws {
    let key = table + ":" + id
    guard keys.count >= keysInMemory else {
      keys.insert(key)
      return
    }
    spilled = true
    try database.execute("INSERT INTO temp.importKeys (key) VALUES (?1) ON CONFLICT DO NOTHING", [.text(key)])
  }

  /// How many times `key` was counted before this time (0 the first).
  func count(_ key: String) throws -> Int {
    try Int(
      database.fetchOne(
        """
        INSERT INTO temp.importCounts (key, count) VALUES (?1, 0)
        ON CONFLICT (key) DO UPDATE SET count = count + 1 RETURNING count
        """, [.text(key)]
      ) { try $0.int64(0) }!)
  }
}
