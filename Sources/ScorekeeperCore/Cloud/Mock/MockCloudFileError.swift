/// The mock cloud's file cannot be used.
public enum MockCloudFileError: Error, Equatable, CustomStringConvertible {
  /// An SQLite file of some other application, or a newer mock format.
  case notMockCloud(path: String, applicationID: Int32, version: Int)
  /// SQLite cannot open or read the file (a directory, not SQLite, no permission).
  case cannotOpen(path: String, DatabaseError)
  /// The file's rows break the mock's own invariants.
  case corrupt(String)

  public var description: String {
    switch self {
    case .notMockCloud(let path, let applicationID, let version):
      "\(quote(path)) is not a mock cloud file this version can use "
        + "(application id \(applicationID), version \(version)); pass another --cloud PATH."
    case .cannotOpen(let path, let error):
      "The mock cloud file \(quote(path)) cannot be used: \(error.message) (\(error.codeName))."
    case .corrupt(let why):
      "The mock cloud file is damaged: \(why)."
    }
  }
}
