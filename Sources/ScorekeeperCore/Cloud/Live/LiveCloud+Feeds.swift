/// Reading both database feeds in one round trip: a sync that finds
/// nothing new (the usual case around a command) costs connecting and one
/// statement, the handshake and both feeds together.
extension LiveCloud {
  func willFetchDatabaseChanges(_ tokens: [DatabaseScope: String?]) {
    state.withLock { state in
      state.feedsAhead = tokens
      state.feedAnswers = [:]
    }
  }

  /// What changed in `scope` since `token`: the answer asked ahead, when
  /// the caller said it would ask this; else, when both feeds were
  /// announced, both in one statement; else this one alone.
  func databaseChanges(_ scope: DatabaseScope, since token: String?) throws -> JSON {
    let (answer, ahead) = state.withLock { state -> (JSON?, [DatabaseScope: String?]) in
      defer { state.feedsAhead = [:] }
      if let kept = state.feedAnswers.removeValue(forKey: scope), kept.token == token {
        return (kept.answer, [:])
      }
      return (nil, state.feedsAhead[scope] == .some(token) ? state.feedsAhead : [:])
    }
    if let answer { return answer }
    let feeds = Self.feedCalls(ahead)
    if feeds.count > 1,
      let answers = try? withConnection({ connection, _ in
        try Self.answers(to: feeds.map(\.call), on: connection)
      })
    {
      let scopes = feeds.map(\.scope)
      state.withLock { state in
        for (index, other) in scopes.enumerated() where other != scope {
          state.feedAnswers[other] = (ahead[other]!, answers[index])
        }
      }
      return answers[scopes.firstIndex(of: scope)!]
    }
    // One feed alone, or the pair failed (an expired token, say): this call
    // alone gets its own answer or error.
    return try call("database_changes", [scope.rawValue, token])
  }

  /// On connecting: the handshake, with the feeds announced when there are
  /// any, in one statement. Returns the server's identity. Should that
  /// statement fail, the handshake alone says why (or the feeds' calls
  /// will, one by one).
  static func greet(_ connection: PGConnection, askingAhead state: inout State) throws -> String {
    defer { state.feedsAhead = [:] }
    guard !state.feedsAhead.isEmpty else { return try checkSchema(on: connection) }
    let feeds = feedCalls(state.feedsAhead)
    let calls = [(function: "server_hello", arguments: [PGParameter]())] + feeds.map(\.call)
    let answers: [JSON]
    do {
      answers = try Self.answers(to: calls, on: connection)
    } catch let error as PGError where error.timedOut {
      throw error
    } catch {
      // An older or missing server side: the handshake alone says which.
      return try checkSchema(on: connection)
    }
    let identity = try identity(fromHello: answers[0], text: answers[0].compactText)
    for (index, feed) in feeds.enumerated() {
      state.feedAnswers[feed.scope] = (state.feedsAhead[feed.scope]!, answers[index + 1])
    }
    return identity
  }

  /// The database_changes calls for `tokens`, private first.
  private static func feedCalls(_ tokens: [DatabaseScope: String?])
    -> [(scope: DatabaseScope, call: (function: String, arguments: [PGParameter]))]
  {
    [DatabaseScope.private, .shared].compactMap { scope in
      tokens[scope].map { token in (scope, ("database_changes", [.text(scope.rawValue), PGParameter(token)]))
      }
    }
  }
}
