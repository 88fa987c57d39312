import CScorekeeperPQ

#if canImport(Glibc)
  import Glibc
#endif

/// libpq's functions, from the system's shared library, loaded the first
/// time live mode needs them (shim.h says why it is not linked).
public enum LibPQ {
  /// The functions, or why they could not be loaded (then every use
  /// throws the same error).
  private static let loaded: Result<scorekeeper_libpq, ClientLibraryMissing> = load()

  public static func functions() throws -> scorekeeper_libpq {
    try loaded.get()
  }

  /// The sonames tried, newest ABI first; libpq's ABI has been 5 since 2006.
  static let libraryNames = ["libpq.so.5", "libpq.so"]

  private static func load() -> Result<scorekeeper_libpq, ClientLibraryMissing> {
    var reasons: [String] = []
    for name in libraryNames {
      // Lazily bound: libpq's own symbols are bound at once anyway (it is
      // built with BIND_NOW), but the twenty-odd libraries it pulls in
      // (TLS, Kerberos, LDAP) need not resolve what this never calls.
      guard let handle = dlopen(name, RTLD_LAZY | RTLD_LOCAL) else {
        reasons.append(dlerror().map { String(cString: $0) } ?? name)
        continue
      }
      var api = scorekeeper_libpq()
      if let missing = scorekeeper_libpq_load(handle, &api) {
        reasons.append("\(name) has no \(String(cString: missing))")
        continue
      }
      return .success(api)
    }
    return .failure(ClientLibraryMissing(reasons: reasons))
  }
}

/// libpq could not be loaded: live mode cannot work on this machine until
/// it is installed. Not the cloud's failure (nothing was sent), so not an
/// outage; the setting that asked for live mode is named when known.
public struct ClientLibraryMissing: Error, Equatable, Sendable, CustomStringConvertible {
  /// Why each library name tried could not be loaded, in dlopen's words.
  public let reasons: [String]
  /// Where the live cloud was asked for ("--cloud", "SCOREKEEPER_CLOUD",
  /// the settings file), when the caller knows.
  public var setting: String?

  public var description: String {
    (setting.map { "The cloud in \($0) is a PostgreSQL server, and reaching it" } ?? "Live mode")
      + " needs the PostgreSQL client library, libpq (Debian and Ubuntu: apt-get install libpq5): "
      + reasons.joined(separator: "; ") + ". Work offline (--offline) meanwhile."
  }
}
