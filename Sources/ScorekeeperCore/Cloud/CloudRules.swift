/// The service's rules both clouds keep, the file and the live server
/// alike (whose SQL refuses the same): the rules live here, not in either.
public enum CloudRules {
  /// Items per call, as CloudKit allows: records saved plus deleted, ids
  /// fetched, zones changed, or a page of changes.
  public static let itemLimit = 400
}
