/// What an administrator of the mock does around a restore (issue 50):
/// a copy of the whole server, the server put back from it (everything
/// it acknowledged since is gone), and the mark that tells every device
/// so, as `server install --after-restore` marks a live server.
extension FileCloud {
  /// Copies the whole server, as one moment saw it, into the new file
  /// at `path` (SQLite's online backup).
  public func backUp(into path: String) throws {
    try withDatabase { store in try store.db.backup(into: path) }
  }

  /// Puts the server back as the copy at `path` (made by `backUp(into:)`
  /// from this server) holds it, in one transaction: every table's rows
  /// replaced by the copy's, so its history goes back to the copy's
  /// moment. Its history id is the copy's too: `markRestored` tells the
  /// devices.
  public func putBack(from path: String) throws {
    try withDatabase { store in
      let db = store.db
      try db.execute("ATTACH DATABASE ?1 AS copy", [.text(path)])
      defer { try? db.execute("DETACH DATABASE copy") }
      try db.write {
        // (Rows go in before the rows that refer to them are checked.)
        try db.execute("PRAGMA defer_foreign_keys = ON")
        let tables = try db.fetchAll(
          "SELECT name FROM main.sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid"
        ) { try $0.text(0) }
        for table in tables {
          try db.execute("DELETE FROM main.\(quotedIdentifier(table))")
        }
        for table in tables {
          try db.execute(
            "INSERT INTO main.\(quotedIdentifier(table)) SELECT * FROM copy.\(quotedIdentifier(table))")
        }
      }
    }
  }

  /// Marks the server as put back from an older copy: a new history id,
  /// carried in every change token from now on, so each device's next
  /// sync finds a token issued before the mark, says the history went
  /// back, sends again what it holds and fetches everything.
  public func markRestored() throws {
    try withDatabase { store in
      try store.db.write { try store.db.execute("UPDATE server SET history = lower(hex(randomblob(8)))") }
    }
  }
}
