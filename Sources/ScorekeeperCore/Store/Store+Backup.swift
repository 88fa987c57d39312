extension Store {
  /// Copies the database into the empty file at `path`, as one moment saw
  /// it, and checks the copy (`Database.backup(into:)`).
  public func backup(into path: String) throws {
    try database.backup(into: path)
  }
}
