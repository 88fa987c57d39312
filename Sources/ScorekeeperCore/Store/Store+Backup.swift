extension Store {
  /// Copies the database into the empty file at `path`, as one moment saw
  /// it, and checks the copy (`Database.backup(into:verifying:)`): it is
  /// a scorekeeper database of this schema version.
  public func backup(into path: String, verifying: Bool) throws {
    try database.backup(into: path, verifying: verifying)
    let copy = try Database(path: path, create: false)
    defer { copy.close() }
    let (application, version) = try copy.fetchOne("SELECT * FROM pragma_application_id, pragma_user_version")
    {
      (try $0.int64(0), try $0.int64(1))
    }!
    guard application == Int64(Schema.applicationID), version == Int64(Schema.currentVersion) else {
      throw DatabaseCheckError(
        path: path, problems: ["its application id is \(application) and its schema version \(version)"])
    }
  }
}
