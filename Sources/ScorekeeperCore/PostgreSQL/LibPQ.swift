import CScorekeeperPQ

#if canImport(Glibc)
  import Glibc
#endif

/// libpq's functions, from the system's shared library, loaded the first
/// time live mode needs them (shim.h says why it is not linked).
enum LibPQ {
  /// The functions, or why they could not be loaded (then every use
  /// throws the same error).
  private static let loaded: Result<scorekeeper_libpq, PGError> = load()

  static func functions() throws -> scorekeeper_libpq {
    try loaded.get()
  }

  /// The sonames tried, newest ABI first; libpq's ABI has been 5 since 2006.
  static let libraryNames = ["libpq.so.5", "libpq.so"]

  private static func load() -> Result<scorekeeper_libpq, PGError> {
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
    return .failure(
      PGError(
        message: "live mode needs the PostgreSQL client library, libpq "
          + "(Debian and Ubuntu: apt-get install libpq5): " + reasons.joined(separator: "; ")))
  }
}
