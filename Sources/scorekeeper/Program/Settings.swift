import ScorekeeperCore

#if canImport(Glibc)
  import Glibc
#endif

/// What the environment decides: where the database lives, and whether
/// ids and time are real or deterministic.
struct Settings {
  /// The environment variables the program reads, documented in the README.
  enum Variable {
    static let database = "SCOREKEEPER_DB"
    /// "incrementing": ids 00000000-0000-0000-0000-000000000001, …0002, …,
    /// continuing across runs on the same database. For tests and transcripts.
    static let ids = "SCOREKEEPER_IDS"
    /// An ISO 8601 time ("2026-01-01T00:00:00Z") the clock is fixed at.
    static let now = "SCOREKEEPER_NOW"
  }

  var environment: (String) -> String?

  /// `--db`, else SCOREKEEPER_DB, else the XDG data directory. Only the
  /// default location's folders are created (mode 0700, as XDG asks): a
  /// path someone typed with a missing folder is more likely a typo.
  func databasePath(option: String?) throws -> String {
    if let path = option ?? environment(Variable.database), !path.isEmpty { return path }
    let dataHome: String
    if let xdg = environment("XDG_DATA_HOME"), xdg.hasPrefix("/") {
      dataHome = xdg  // the XDG spec says to ignore a relative XDG_DATA_HOME
    } else if let home = environment("HOME"), !home.isEmpty {
      dataHome = home + "/.local/share"
    } else {
      throw UsageError(
        "Cannot tell where to keep the database: HOME is not set. Use --db PATH or \(Variable.database).")
    }
    let directory = dataHome + "/scorekeeper"
    try Self.createDirectories(directory)
    return directory + "/scorekeeper.sqlite"
  }

  func dependencies() throws -> Dependencies {
    var dependencies = Dependencies.live
    switch environment(Variable.ids) {
    case nil, "": break
    case "incrementing": dependencies.uuid = .incrementingPersistedInDatabase()
    case let other?:
      throw UsageError(
        "\(Variable.ids)=\(quote(other)) is not understood; the only value is \"incrementing\".")
    }
    if let text = environment(Variable.now), !text.isEmpty {
      guard let now = Timestamp(iso8601: text) else {
        throw UsageError(
          "\(Variable.now)=\(quote(text)) is not an ISO 8601 time like 2026-01-01T12:00:00Z.")
      }
      dependencies.clock = .constant(now)
    }
    return dependencies
  }

  private static func createDirectories(_ path: String) throws {
    var prefix = ""
    for component in path.split(separator: "/") {
      prefix += "/" + component
      if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
        throw DatabaseFileError(path: path, problem: .missingDirectory(prefix))
      }
    }
  }
}
