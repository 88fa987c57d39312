extension FileCloud {
  /// Says when the cloud's file changes: a commit by any other connection
  /// to it (another device's sync, in any process; this process's own
  /// through this cloud too, since the signal has a connection of its
  /// own). Nil for a cloud in memory, which nothing else can change.
  public func changeSignal() throws -> DatabaseChangeSignal? {
    guard path != ":memory:" else { return nil }
    do {
      return try DatabaseChangeSignal(database: try Database(path: path, create: false, keepingLog: true))
    } catch let error as DatabaseError {
      throw FileCloudError.cannotOpen(path: path, error)
    }
  }
}
