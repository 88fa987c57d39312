/// Whether the user can use the cloud at all.
public enum AccountStatus: String, Hashable, Sendable, CaseIterable {
  case available
  case noAccount = "no-account"
  case restricted
  case couldNotDetermine = "could-not-determine"
  case temporarilyUnavailable = "temporarily-unavailable"

  /// The error every operation throws for this status, or nil when the
  /// account is usable. Only a temporary problem is worth retrying.
  var error: CloudError? {
    switch self {
    case .available: nil
    case .noAccount, .restricted, .couldNotDetermine: .notAuthenticated(self)
    case .temporarilyUnavailable: .accountTemporarilyUnavailable
    }
  }
}
