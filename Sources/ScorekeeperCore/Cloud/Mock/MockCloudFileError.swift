/// The mock cloud's file cannot be used.
public enum MockCloudFileError: Error, Hashable, CustomStringConvertible {
  /// An SQLite file of some other application, or a newer mock format.
  case notMockCloud(path: String, applicationID: Int32, version: Int)
  /// The file's rows break the mock's own invariants.
  case corrupt(String)

  public var description: String {
    switch self {
    case .notMockCloud(let path, let applicationID, let version):
      "\(quote(path)) is not a mock cloud file this version can use "
        + "(application id \(applicationID), version \(version)); pass another --cloud PATH."
    case .corrupt(let why):
      "The mock cloud file is damaged: \(why)."
    }
  }
}
