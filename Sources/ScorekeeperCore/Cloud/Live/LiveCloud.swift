@_spi(Testing) import ScorekeeperPostgreSQL

/// A scorekeeper cloud on a PostgreSQL server, reached through libpq: one
/// connection, opened on first use and again after it is lost, shared by
/// every container made from it. Each cloud operation is one call of one
/// of the server's API functions, taking its whole batch as JSON.
public final class LiveCloud: Sendable {
  /// How the server is reached (a libpq connection string); it never
  /// holds a password.
  public let connectionString: String
  /// Asks for the password when libpq found none (a person at a terminal).
  let password: (@Sendable () -> String?)?
  let state = Locked(State())

  struct State {
    var connection: PGConnection?
    var identity: String?
    /// Who the server said the connection is, once it was reached.
    var connectedUser: String?
    /// When the operations asked for now must be over (`answer(by:)`);
    /// nil: each gets `timeLimit` from its start.
    var deadline: Deadline?
    /// Given at the prompt: kept in memory for reconnecting, never stored.
    var password: String?
    /// The database feeds the caller will read next, and since which
    /// tokens (`willFetchDatabaseChanges`): asked all in one statement.
    var feedsAhead: [DatabaseScope: String?] = [:]
    /// Their answers, each taken once, by the call it answers.
    var feedAnswers: [DatabaseScope: (token: String?, answer: JSON)] = [:]
    /// The call sent ahead (`sendAhead`), if any.
    var ahead: CallAhead?
    /// The call to send the moment that one's answer arrives, with its
    /// arguments (`sendAhead` while another is out).
    var queued: (call: CallAhead, arguments: [PGParameter])?
    /// Answers calls took from a call sent ahead (for tests).
    var answersTakenAhead = 0
    /// Calls sent from the queue (for tests).
    var queuedCallsSent = 0
    /// The user's notification channel, once a follower listens on it
    /// (`changeSignal`): every connection made from then on listens too.
    var listening: String?
    /// Connections opened so far: a signal that sees a new one knows
    /// notifications may have been missed in between.
    var connectionsOpened = 0
  }

  /// Seconds an operation (connecting, one call and its answer) may take
  /// when no deadline was set with `answer(by:)`.
  public let timeLimit: Double

  public init(
    connectionString: String, password: (@Sendable () -> String?)? = nil,
    timeLimit: Double = PGConnection.defaultTimeLimit
  ) {
    self.connectionString = connectionString
    self.password = password
    self.timeLimit = timeLimit
  }

  /// Every operation from now on must be over by `deadline`, connecting
  /// included (a sync's budget). Nil: each gets `timeLimit` again.
  ///
  /// Each statement tells the server the time left (`PGSession`), so one
  /// whose answer would come too late is stopped there too.
  public func answer(by deadline: Deadline?) {
    state.withLock { $0.deadline = deadline }
  }

  /// One user's view of this server: the user is whoever the connection
  /// string logs in as (`userName` is what the server calls them). When
  /// the string names the user, the server says that name or refuses the
  /// login, so it is known without connecting; otherwise (a service file,
  /// libpq's defaults) it is known once the server was first reached,
  /// which is a sync's first step. Nothing here connects, so a failure to
  /// reach the server is always the sync's, and recorded as such.
  public func container() -> LiveCloudContainer {
    let named = (try? PGConnectionString(connectionString)["user"]).flatMap {
      $0?.isEmpty == false ? $0 : nil
    }
    return LiveCloudContainer(cloud: self, namedUser: named)
  }

  /// Loads libpq if it is not loaded yet: for a command about to talk to
  /// a server, to say at once (naming its setting) that it cannot.
  public static func loadClientLibrary() throws {
    _ = try LibPQ.functions()
  }

  /// The user the server knows the connection as, once it was reached.
  var connectedUser: String? {
    state.withLock { $0.connectedUser }
  }

  /// Round trips on the current connection: for the tests of how few
  /// there are, as the three counts here (`@_spi(Testing)`).
  @_spi(Testing) public var statementsSent: Int {
    state.withLock { $0.connection?.statementsSent ?? 0 }
  }

  /// Answers calls took from a call sent ahead, so far.
  @_spi(Testing) public var answersTakenAhead: Int {
    state.withLock { $0.answersTakenAhead }
  }

  /// Calls sent from the queue, so far.
  @_spi(Testing) public var queuedCallsSent: Int {
    state.withLock { $0.queuedCallsSent }
  }

  /// Where the connection went and as whom, as `status` shows it.
  public struct Server: Equatable, Sendable {
    /// A host name or address, or the socket's directory.
    public let host: String
    public let port: String
    public let database: String
    /// The role the server knows the connection as.
    public let user: String
    public let schemaVersion: Int
    public let usesTLS: Bool
  }

  /// Connects if need be and says where to.
  public func server() throws -> Server {
    try withConnection { connection, _ in
      Server(
        host: connection.host, port: connection.port, database: connection.database, user: connection.user,
        schemaVersion: ServerMigration.currentVersion, usesTLS: connection.usesTLS)
    }
  }

  /// The server's identity (its cluster and database), read on connecting.
  func identity() throws -> String {
    try withConnection { _, identity in identity }
  }

  /// Calls `scorekeeper.<function>` with text arguments and reads its JSON
  /// answer; `zone` is the zone refusals of the whole call concern. The
  /// answer to the same call sent ahead (under the same `key`) is taken
  /// when there is one; the arguments are then not even made.
  func call(
    _ function: String, _ arguments: @autoclosure () -> [PGParameter], key: AnyHashable? = nil,
    zone: ZoneID? = nil
  ) throws -> JSON {
    // (Read under the lock, as every use of the connection is.)
    let answeredAhead = state.withLock { state -> Result<PGResult, any Error>? in
      guard let key, let connection = state.connection,
        state.ahead == CallAhead(function: function, key: key)
      else { return nil }
      state.ahead = nil
      state.answersTakenAhead += 1
      let answer = Result { try connection.receive() }
      // The call queued behind this one goes out before this answer is
      // even read, so the server does not wait for this process; not
      // after a failed call, whose caller may do something else first.
      if let queued = state.queued, case .success = answer {
        let (sql, values) = Self.statement(for: [(queued.call.function, queued.arguments)])
        if (try? connection.send(sql, values)) != nil {
          state.ahead = queued.call
          state.queuedCallsSent += 1
        }
      }
      state.queued = nil
      return answer
    }
    do {
      if let answeredAhead { return try Self.answers(to: [function], in: try answeredAhead.get())[0] }
      let call = [(function: function, arguments: arguments())]
      return try withConnection { connection, _ in try Self.answers(to: call, on: connection)[0] }
    } catch let error as PGError {
      throw Self.cloudError(for: error, zone: zone)
    }
  }

  /// `call` with text arguments (nil is NULL).
  func call(_ function: String, _ texts: [String?], key: AnyHashable? = nil, zone: ZoneID? = nil) throws
    -> JSON
  {
    try call(function, texts.map(PGParameter.init), key: key, zone: zone)
  }

  /// Runs a statement whose answer holds files, in the binary format (a
  /// `bytea` as its bytes, never hex), mapping its errors as `call` does.
  func binaryQuery(_ sql: String, _ arguments: [PGParameter]) throws -> [[[UInt8]?]] {
    do {
      return try withConnection { connection, _ in try connection.queryBinary(sql, arguments) }
    } catch let error as PGError {
      throw Self.cloudError(for: error, zone: nil)
    }
  }

  /// Sends a call the caller says it will make next, on the connection
  /// already open, without waiting: the server works on it while the
  /// caller works on something else, and `call` with the same `key` takes
  /// the answer. Said while another call is out, it is written now and
  /// sent the moment that one's answer arrives (if that one succeeds).
  /// Any other statement first reads the answer out and drops it.
  func sendAhead(_ function: String, _ arguments: @autoclosure () -> [PGParameter], key: AnyHashable) {
    let call = CallAhead(function: function, key: key)
    // Out or queued already, or no connection to send it on.
    let nothingToDo = state.withLock { state in
      state.ahead == call || state.queued?.call == call || (state.connection.map(\.isBroken) ?? true)
    }
    guard !nothingToDo else { return }
    let arguments = arguments()
    state.withLock { state in
      guard let connection = state.connection else { return }
      guard state.ahead == nil else {
        state.queued = (call, arguments)
        return
      }
      let (sql, values) = Self.statement(for: [(function, arguments)])
      guard (try? connection.send(sql, values)) != nil else { return }
      state.ahead = call
    }
  }

  /// A call sent ahead, until the same call takes its answer.
  struct CallAhead: Equatable {
    let function: String
    /// What the call is made of (its arguments, or what they are made from).
    let key: AnyHashable
  }

  /// Runs several calls as one statement (`SELECT scorekeeper.f($1),
  /// scorekeeper.g($2, $3)`), so one round trip, and reads each one's
  /// JSON answer.
  static func answers(
    to calls: [(function: String, arguments: [PGParameter])], on connection: PGConnection
  ) throws -> [JSON] {
    let (sql, arguments) = statement(for: calls)
    return try answers(to: calls.map(\.function), in: try connection.query(sql, arguments))
  }

  /// The statement making `calls`, and its arguments.
  private static func statement(for calls: [(function: String, arguments: [PGParameter])])
    -> (String, [PGParameter])
  {
    var arguments: [PGParameter] = []
    let expressions = calls.map { call in
      let placeholders = call.arguments.indices.map { "$\(arguments.count + $0 + 1)" }
      arguments += call.arguments
      return "scorekeeper.\(call.function)(\(placeholders.joined(separator: ", ")))"
    }
    return ("SELECT " + expressions.joined(separator: ", "), arguments)
  }

  /// Each call's JSON answer in the statement's one row.
  private static func answers(to functions: [String], in result: PGResult) throws -> [JSON] {
    let row = result.firstRow?.values ?? []
    return try functions.indices.map { index in
      let function = functions[index]
      guard index < row.count, let text = row[index] else {
        throw LiveCloudError.unreadableAnswer("an answer from \(function), not NULL")
      }
      do {
        return try JSON.parse(text)
      } catch {
        throw LiveCloudError.unreadableAnswer("JSON from \(function) (\(error))")
      }
    }
  }

  /// Runs `body` with the connection and the server's identity,
  /// connecting first if there is no connection (or the last one was lost).
  func withConnection<T>(_ body: (PGConnection, String) throws -> T) throws -> T {
    try withConnection { connection, identity, _ in try body(connection, identity) }
  }

  /// The same, `body` given the cloud's state as well (under its lock).
  func withConnection<T>(_ body: (PGConnection, String, inout State) throws -> T) throws -> T {
    try state.withLock { state in
      state.queued = nil
      if state.ahead != nil {
        state.ahead = nil
        _ = try? state.connection?.receive()
      }
      if let connection = state.connection, connection.isBroken {
        connection.close()
        state.connection = nil
      }
      let deadline = state.deadline ?? .after(timeLimit)
      if state.connection == nil {
        let connection: PGConnection
        do {
          let (opened, asked) = try PGConnection.connecting(
            connectionString, password: state.password, ask: password, deadline: deadline)
          connection = opened
          if let asked { state.password = asked }
        } catch let error as PGError {
          throw Self.cloudError(for: error)
        }
        do {
          state.identity = try Self.greet(connection, askingAhead: &state)
          if let channel = state.listening { try Self.listen(to: channel, on: connection) }
        } catch let error as PGError {
          throw Self.cloudError(for: error)
        }
        state.connectedUser = connection.user
        state.connection = connection
        state.connectionsOpened += 1
      }
      state.connection!.deadline = deadline
      do {
        return try body(state.connection!, state.identity!, &state)
      } catch let error as PGError where error.timedOut {
        throw Self.cloudError(for: error)
      }
    }
  }

  /// The server's identity, once its schema is known to be this
  /// program's version. `server_hello` is the handshake every version of
  /// the server side keeps.
  static func checkSchema(on connection: PGConnection) throws -> String {
    let text: String?
    do {
      text = try connection.query("SELECT scorekeeper.server_hello()").firstRow?.optionalText(0)
    } catch let error as PGError where ["3F000", "42883"].contains(error.sqlState) {
      throw LiveCloudError.notInstalled(database: connection.database)
    } catch let error as PGError where error.sqlState == "42501" {
      throw LiveCloudError.notAUser(user: connection.user, database: connection.database)
    } catch let error as PGError {
      throw cloudError(for: error)
    }
    return try identity(fromHello: try? JSON.parse(text ?? ""), text: text)
  }

  /// The identity in `server_hello`'s answer, once its version is known to
  /// be this program's.
  static func identity(fromHello hello: JSON?, text: String?) throws -> String {
    guard let version = hello?["version"]?.integerValue, let identity = hello?["identity"]?.stringValue
    else { throw LiveCloudError.unreadableAnswer("the server's version and identity, not \(text ?? "NULL")") }
    let program = ServerMigration.currentVersion
    if version > program { throw ServerSchemaError.newerServer(server: Int(version), program: program) }
    if version < program { throw LiveCloudError.olderServer(server: Int(version), program: program) }
    return identity
  }
}
