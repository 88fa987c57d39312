import ScorekeeperCore

/// Which cloud `--cloud` (or SCOREKEEPER_CLOUD) names.
enum CloudAddress: Equatable {
  /// The mock cloud's file.
  case file(path: String)
  /// A live server: the connection string as typed (what a database
  /// binding and `status` show; it never holds a password), and as read.
  case live(typed: String, connection: PGConnectionString)
}

extension CloudAddress {
  /// As typed (a mock's path unresolved).
  var typed: String {
    switch self {
    case .file(let path): path
    case .live(let typed, _): typed
    }
  }
}
