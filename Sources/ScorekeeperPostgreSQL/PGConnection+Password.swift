import ScorekeeperSystem

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
    func connect(_ password: String?, _ deadline: Deadline?) throws -> PGConnection {
      let string =
        try password.map { try PGConnectionString(connectionString).setting("password", to: $0).text }
        ?? connectionString
      return try PGConnection(string, deadline: deadline)
    }
    do {
      return (try connect(password, deadline), nil)
    } catch let error as PGError where error.needsPassword && password == nil {
      guard let given = ask?(), !given.isEmpty else { throw error }
      return (try connect(given, deadline.map { Deadline.after($0.allowed) }), given)
    }
  }
}
