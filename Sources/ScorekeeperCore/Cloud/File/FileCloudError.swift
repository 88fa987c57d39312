/// The mock cloud's file cannot be used.
public enum FileCloudError: Error, Equatable, CustomStringConvertible {
  /// An SQLite file of some other application, or a newer mock format.
  case notFileCloud(path: String, applicationID: Int32, version: Int)
  case isDirectory(path: String)
  /// SQLite cannot open or read the file (a directory, not SQLite, no permission).
  case cannotOpen(path: String, DatabaseError)
  /// An older mock cloud file could not be upgraded; it was left as it was.
  case migrationFailed(path: String, MigrationError)
  /// The file's rows break the mock's own invariants.
  case corrupt(String)

  public var description: String {
    switch self {
    case .notFileCloud(let path, Schema.applicationID, _):
      "\(quote(path)) is a scorekeeper database, not a mock cloud file; nothing was changed."
    case .notFileCloud(let path, let applicationID, let version):
      "\(quote(path)) is not a mock cloud file this version can use "
        + "(application id \(applicationID), version \(version)); nothing was changed."
    case .isDirectory(let path):
      "\(quote(path)) is a directory, not a mock cloud file."
    case .cannotOpen(let path, let error):
      "The mock cloud file \(quote(path)) cannot be used: \(error.message) (\(error.codeName))."
    case .migrationFailed(let path, let error):
      "Cannot upgrade the mock cloud file \(quote(path)): \(error). The file was left as it was."
    case .corrupt(let why):
      "The mock cloud file is damaged: \(why)."
    }
  }
}
