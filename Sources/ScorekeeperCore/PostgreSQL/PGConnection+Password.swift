extension PGConnection {
  /// Connects with `connectionString`, adding `password` when one is
  /// known. When libpq needs a password it found nowhere and `ask` gives
  /// one (a person at a terminal), tries once more with it.
  ///
  /// - Returns: the connection, and the password asked for (nil when none
  ///   was), so a caller can reconnect later without asking again.
  public static func connecting(
    _ connectionString: String, password: String? = nil, ask: (() -> String?)?
  ) throws -> (connection: PGConnection, asked: String?) {
    do {
      return (try connect(connectionString, password: password), nil)
    } catch let error as PGError where error.needsPassword && password == nil {
      guard let given = ask?(), !given.isEmpty else { throw error }
      return (try connect(connectionString, password: given), given)
    }
  }

  private static func connect(_ connectionString: String, password: String?) throws -> PGConnection {
    guard let password else { return try PGConnection(connectionString) }
    return try PGConnection(PGConnectionString(connectionString).setting("password", to: password).text)
  }
}
