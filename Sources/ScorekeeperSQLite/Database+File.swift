import CScorekeeperSQLite

extension Database {
  /// Whether the file this connection opened is no longer at its path:
  /// removed, renamed or replaced since (SQLite's `SQLITE_FCNTL_HAS_MOVED`,
  /// which compares the open file with what the path names now). A
  /// connection to such a file reads and writes a file no one will see.
  public func fileHasMoved() -> Bool {
    var moved: Int32 = 0
    let code = sqlite3_file_control(handle, "main", SQLITE_FCNTL_HAS_MOVED, &moved)
    return code == SQLITE_OK && moved != 0
  }
}
