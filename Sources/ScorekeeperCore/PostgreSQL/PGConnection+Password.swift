extension PGConnection {
  /// Connects with `connectionString`, adding `password` when one is
  /// known. When libpq needs a password it found nowhere and `ask` gives
  /// one (a person at a terminal), tries once more with it.
  ///
  /// - Returns: the connection, and the password asked for (nil when none
  ///   was), so a caller can reconnect later without asking again.
  ///
  /// - Parameter deadline: when connecting must be over; after a prompt,
  ///   the same time is allowed again (a person took the time between).
  public static func connecting(
    _ connectionString: String, password: String? = nil, ask: (() -> String?)?, deadline: Deadline? = nil
  ) throws -> (connection: PGConnection, asked: String?) {
    do {
      return (try connect(connectionString, password: password, deadline: deadline), nil)
    } catch let error as PGError where error.needsPassword && password == nil {
      guard let given = ask?(), !given.isEmpty else { throw error }
      let again = deadline.map { Deadline.after($0.allowed) }
      return (try connect(connectionString, password: given, deadline: again), given)
    }
  }

  private static func connect(_ connectionString: String, password: String?, deadline: Deadline?) throws
    -> PGConnection
  {
    guard let password else { return try PGConnection(connectionString, deadline: deadline) }
    return try PGConnection(
      PGConnectionString(connectionString).setting("password", to: password).text, deadline: deadline)
  }
}
