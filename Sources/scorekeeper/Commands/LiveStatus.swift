import ScorekeeperCore

/// What `status` says about a live server: where the connection went
/// (never a password), or why it could not be made. Nil for the mock.
struct LiveStatus {
  /// Nil offline, or when the server could not be reached.
  let server: LiveCloud.Server?
  /// Why it could not be reached, in words.
  let problem: String?

  init?(_ invocation: Invocation, offline: Bool) throws {
    // NB: Asks the address first: opening a mock would create its file.
    guard case .live = try invocation.cloudAddress(), case .live(let cloud)? = try invocation.cloud()?.backend
    else {
      return nil
    }
    if offline {
      (server, problem) = (nil, nil)
      return
    }
    // A look, not a sync: it waits no longer than a command's own sync.
    cloud.answer(by: .after(Settings.automaticSyncBudget))
    do {
      try invocation.requireClientLibrary()
      (server, problem) = (try cloud.server(), nil)
    } catch {
      (server, problem) = (nil, ErrorWords.of(error))
    }
  }

  var summary: String {
    guard let server else { return problem.map { "not reached: \($0)" } ?? "not contacted (offline)" }
    return "database \(quote(server.database)) on \(server.host), port \(server.port), schema version "
      + "\(server.schemaVersion)" + (server.usesTLS ? ", TLS" : "")
  }

  var json: JSON {
    guard let server else { return .object([("error", problem.map(JSON.string) ?? .null)]) }
    return .object([
      ("host", .string(server.host)), ("port", .string(server.port)), ("database", .string(server.database)),
      ("user", .string(server.user)), ("schemaVersion", .integer(Int64(server.schemaVersion))),
      ("tls", .bool(server.usesTLS)),
    ])
  }
}
