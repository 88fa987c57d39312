import CScorekeeperPQ
import ScorekeeperSystem

#if canImport(Glibc)
  import Glibc
#endif

/// One connection to a PostgreSQL server through libpq: connect, run
/// parameterised statements, read results. Nothing more: what the live
/// cloud asks of the server is in the server's own functions.
///
/// Nothing waits without a bound: the connection is made, and every
/// statement sent and answered, in libpq's non-blocking mode, polling
/// the socket until `deadline`. A server that accepts the connection and
/// never answers (frozen, or not a PostgreSQL server at all) costs the
/// time left, then a `PGError` with `timedOut`, and the connection is
/// given up: its protocol state is unknown once an answer was cut off.
///
/// Not thread-safe, like libpq's connection: one owner at a time.
public final class PGConnection {
  let api: scorekeeper_libpq
  let handle: OpaquePointer
  private var isClosed = false
  /// Statements sent so far, each a round trip to the server: for tests
  /// (`@_spi(Testing)`).
  @_spi(Testing) public private(set) var statementsSent = 0
  /// The statement sent and not answered yet (for the error's context).
  private var sentSQL: String?
  /// Statements in the pipeline whose results are still to be read (the
  /// limits and the caller's), up to the sync.
  private var statementsOut = 0
  /// When the operations on this connection must be over. Nil: each one
  /// (connecting, a statement and its answer) gets `defaultTimeLimit`.
  public var deadline: Deadline?
  /// Seconds an operation may take when no deadline is set.
  public static let defaultTimeLimit = 30.0
  /// Seconds the operations of this connection are given, each.
  public var timeLimit: Double { deadline?.allowed ?? Self.defaultTimeLimit }

  /// Connects with a libpq connection string (`postgresql://…`, or
  /// `key=value …` such as `service=NAME`), within `deadline`, whatever
  /// `connect_timeout` the string gives. Passwords come from where libpq
  /// looks (`~/.pgpass`, `PGPASSFILE`, a service file), never from the
  /// program. Nothing is set for the session: each statement carries its
  /// own limits (`PGSession`).
  public init(_ connectionString: String, deadline: Deadline? = nil) throws {
    api = try LibPQ.functions()
    guard let handle = api.PQconnectStart(try PGSession.connectionString(connectionString)) else {
      throw PGError(message: "libpq could not allocate a connection")
    }
    self.handle = handle
    self.deadline = deadline
    // libpq prints the server's notices to stderr unless told otherwise;
    // they are for people at a SQL prompt, not for a program's users. Set
    // before connecting: a server sends them while a session starts too
    // (one shutting down, a role's settings asking for debug messages).
    _ = api.PQsetNoticeProcessor(handle, { _, _ in }, nil)
    do {
      try finishConnecting(by: operationDeadline())
    } catch {
      close()  // deinit runs even for an init that throws
      throw error
    }
    // Sending never blocks either: a large statement is flushed as the
    // socket takes it, within the deadline.
    _ = api.PQsetnonblocking(handle, 1)
    // Each statement goes with its limits and a sync: one round trip.
    guard api.PQenterPipelineMode(handle) == 1 else {
      let error = connectionFailure(nil)
      close()
      throw error
    }
  }

  deinit { close() }

  public func close() {
    guard !isClosed else { return }
    isClosed = true
    api.PQfinish(handle)
  }

  /// Drives libpq's connection state machine (TCP, TLS, the startup and
  /// SCRAM exchanges), waiting on the socket for what each step needs.
  private func finishConnecting(by deadline: Deadline) throws {
    // libpq's protocol: start as if PQconnectPoll had asked to write.
    var polling = PGRES_POLLING_WRITING
    while api.PQstatus(handle) != CONNECTION_BAD {
      switch polling {
      case PGRES_POLLING_OK: return
      case PGRES_POLLING_FAILED: break
      case PGRES_POLLING_READING: _ = try wait(reading: true, writing: false, by: deadline, "connecting")
      default: _ = try wait(reading: false, writing: true, by: deadline, "connecting")
      }
      if polling == PGRES_POLLING_FAILED { break }
      polling = api.PQconnectPoll(handle)
    }
    throw PGError(
      message: Self.trimmed(api.PQerrorMessage(handle)),
      needsPassword: api.PQconnectionNeedsPassword(handle) == 1)
  }

  /// Runs `body` in a transaction: committed when it returns, rolled back
  /// (and its first error rethrown) when it throws.
  public func transaction<T>(_ body: () throws -> T) throws -> T {
    try query("BEGIN")
    let result: T
    do {
      result = try body()
      try query("COMMIT")
    } catch {
      _ = try? query("ROLLBACK")
      throw error
    }
    return result
  }

  /// Runs one statement with text parameters ($1, $2, …; nil is NULL) and
  /// returns its rows, all read into memory.
  @discardableResult
  public func query(_ sql: String, _ parameters: [String?] = []) throws -> PGResult {
    try query(sql, parameters.map(PGParameter.init))
  }

  @discardableResult
  public func query(_ sql: String, _ parameters: [PGParameter]) throws -> PGResult {
    let deadline = operationDeadline()
    try send(sql, parameters, binaryResults: false, by: deadline)
    return try read(try answer(to: sql, by: deadline), sql: sql)
  }

  /// Runs a statement PostgreSQL refuses in a transaction with another
  /// (CREATE DATABASE, DROP DATABASE, VACUUM): alone, so without the
  /// statement limits. For administration and tests.
  @discardableResult
  public func queryAlone(_ sql: String) throws -> PGResult {
    let deadline = operationDeadline()
    try send(sql, [], binaryResults: false, bounded: false, by: deadline)
    return try read(try answer(to: sql, by: deadline), sql: sql)
  }

  /// Runs one statement and returns its rows' values as the server's
  /// binary format gives them (a `bytea` as its bytes, a `text` as its
  /// UTF-8): for files, which text would spell out in hex.
  public func queryBinary(_ sql: String, _ parameters: [PGParameter]) throws -> [[[UInt8]?]] {
    let deadline = operationDeadline()
    try send(sql, parameters, binaryResults: true, by: deadline)
    let result = try answer(to: sql, by: deadline)
    guard let result, api.PQresultStatus(result) == PGRES_TUPLES_OK else {
      _ = try read(result, sql: sql)  // throws the error it reports
      return []
    }
    defer { api.PQclear(result) }
    let columns = api.PQnfields(result)
    return (0..<api.PQntuples(result)).map { row in
      (0..<columns).map { column in
        guard api.PQgetisnull(result, row, column) == 0, let value = api.PQgetvalue(result, row, column)
        else { return nil }
        let count = Int(api.PQgetlength(result, row, column))
        return value.withMemoryRebound(to: UInt8.self, capacity: count) {
          Array(UnsafeBufferPointer(start: $0, count: count))
        }
      }
    }
  }

  /// Sends one statement without waiting for its answer: the server works
  /// on it while this process does something else, until `receive()`.
  /// Nothing else may be sent before then.
  public func send(_ sql: String, _ parameters: [PGParameter]) throws {
    try send(sql, parameters, binaryResults: false, by: operationDeadline())
    sentSQL = sql
  }

  /// The answer to the statement `send` sent (waiting for it if need be).
  public func receive() throws -> PGResult {
    let sql = sentSQL ?? ""
    sentSQL = nil
    return try read(try answer(to: sql, by: operationDeadline()), sql: sql)
  }

  /// The deadline of an operation starting now.
  private func operationDeadline() -> Deadline {
    deadline ?? .after(Self.defaultTimeLimit)
  }

  /// Queues the statement, after its limits (`PGSession`) unless
  /// `bounded` is false, and a sync, and flushes them to the server.
  private func send(
    _ sql: String, _ parameters: [PGParameter], binaryResults: Bool, bounded: Bool = true,
    by deadline: Deadline
  ) throws {
    guard !isClosed else { throw Self.closedError }
    statementsSent += 1
    // A failed transaction refuses every statement but its end: that one
    // goes alone (it needs no limit).
    let limited = bounded && api.PQtransactionStatus(handle) != PQTRANS_INERROR
    var statements = [(sql, parameters, binaryResults)]
    if limited {
      statements.insert(
        (PGSession.limitsSQL, PGSession.limitsArguments(timeLeft: deadline.remaining), false), at: 0)
    }
    for (sql, parameters, binaryResults) in statements {
      let sent = withParameters(parameters) { values, lengths, formats, types in
        api.PQsendQueryParams(
          handle, sql, Int32(parameters.count), types, values, lengths, formats, binaryResults ? 1 : 0)
      }
      guard sent == 1 else { throw connectionFailure(sql) }
    }
    guard api.PQpipelineSync(handle) == 1 else { throw connectionFailure(sql) }
    statementsOut = statements.count
    while true {
      switch api.PQflush(handle) {
      case 0: return
      case 1:
        // The server may be sending (a notice) while it reads: read too,
        // or both sides wait on full buffers.
        if try wait(reading: true, writing: true, by: deadline, "sending a statement").readable,
          api.PQconsumeInput(handle) == 0
        {
          throw connectionFailure(sql)
        }
      default: throw connectionFailure(sql)
      }
    }
  }

  /// The statement's result, or the limits' when they failed (then the
  /// statement did not run); nil when libpq has none (the connection
  /// failed). Read to the end of the answer, the sync's result included,
  /// as libpq requires before the next statement.
  private func answer(to sql: String, by deadline: Deadline) throws -> OpaquePointer? {
    guard !isClosed else { throw Self.closedError }
    var results: [OpaquePointer?] = []
    defer { results.forEach { $0.map { api.PQclear($0) } } }
    // Each statement's result, then the NULL that ends it; then the sync's.
    for _ in 0..<statementsOut {
      results.append(try nextResult(sql, by: deadline))
      while let extra = try nextResult(sql, by: deadline) { api.PQclear(extra) }
    }
    statementsOut = 0
    if let sync = try nextResult(sql, by: deadline) { api.PQclear(sync) }
    let failed = results.firstIndex { result in
      result.map { api.PQresultStatus($0) == PGRES_FATAL_ERROR } ?? true
    }
    let index = failed ?? results.count - 1
    guard index >= 0 else { return nil }
    let answer = results[index]
    results[index] = nil
    return answer
  }

  private func nextResult(_ sql: String, by deadline: Deadline) throws -> OpaquePointer? {
    while api.PQisBusy(handle) == 1 {
      _ = try wait(reading: true, writing: false, by: deadline, "waiting for the answer to a statement")
      // A failed read (the server closed the connection) still leaves what
      // the server sent before, often why, with a SQLSTATE (an
      // administrator ended the session). PQgetResult makes a result of
      // it, or of libpq's own words, without waiting on the closed socket.
      if api.PQconsumeInput(handle) == 0 { break }
    }
    return api.PQgetResult(handle)
  }

  /// Waits until the socket is ready as asked, or the deadline passes:
  /// then the connection is given up and a timeout thrown.
  private func wait(reading: Bool, writing: Bool, by deadline: Deadline, _ doing: String) throws
    -> (readable: Bool, writable: Bool)
  {
    let socket = api.PQsocket(handle)
    guard socket >= 0 else { throw connectionFailure(nil) }
    var descriptor = [
      pollfd(fd: socket, events: Int16((reading ? POLLIN : 0) | (writing ? POLLOUT : 0)), revents: 0)
    ]
    let ready: Int
    do {
      ready = try Poll.wait(&descriptor, until: deadline)
    } catch {
      throw PGError(message: "waiting on the connection failed: \(error.reason)")
    }
    guard ready > 0 else {
      let error = PGError(
        message: "no answer from \(serverName) within \(deadline) (\(doing))", timedOut: true)
      close()
      throw error
    }
    // An error or hang-up counts as readable: libpq then reads why.
    let events = Int32(descriptor[0].revents)
    return ((events & (POLLIN | POLLERR | POLLHUP)) != 0, (events & POLLOUT) != 0)
  }

  /// The server as libpq names it: "the server at 127.0.0.1, port 5432",
  /// or the socket's directory.
  private var serverName: String {
    let host = text(api.PQhost(handle))
    let place = host.hasPrefix("/") ? "the server on the socket in \(host)" : "the server at \(host)"
    return place + ", port \(text(api.PQport(handle)))"
  }

  /// A connection given up (after a timeout) or closed is not used again.
  private static let closedError = PGError(message: "the connection was closed")

  /// libpq's own words about the connection's last failure.
  private func connectionFailure(_ sql: String?) -> PGError {
    PGError(message: Self.trimmed(api.PQerrorMessage(handle)), query: sql)
  }

  /// The parameters as libpq takes them: values, lengths (read for
  /// binary ones only), formats and types (0: the server infers it).
  private func withParameters<T>(
    _ parameters: [PGParameter],
    _ body: (UnsafePointer<UnsafePointer<CChar>?>?, [Int32], [Int32], [UInt32]) -> T
  ) -> T {
    let wire = parameters.map(\.wire)
    let values: [UnsafeMutablePointer<CChar>?] = wire.map { parameter in
      guard let bytes = parameter.bytes else { return nil }
      let copy = UnsafeMutablePointer<CChar>.allocate(capacity: max(bytes.count, 1))
      bytes.withUnsafeBufferPointer { source in
        source.withMemoryRebound(to: CChar.self) { source in
          if let start = source.baseAddress { copy.initialize(from: start, count: source.count) }
        }
      }
      return copy
    }
    defer { values.forEach { $0?.deallocate() } }
    let lengths = wire.map { Int32($0.bytes?.count ?? 0) }
    let formats = wire.map { $0.isBinary ? Int32(1) : 0 }
    let types = wire.map(\.type)
    return values.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) {
        body($0.baseAddress, lengths, formats, types)
      }
    }
  }

  /// The rows of a result, or the error it reports; frees it.
  private func read(_ result: OpaquePointer?, sql: String) throws -> PGResult {
    guard let result else { throw connectionFailure(sql) }
    defer { api.PQclear(result) }
    switch api.PQresultStatus(result) {
    case PGRES_TUPLES_OK, PGRES_COMMAND_OK:
      return PGResult(reading: result, api: api)
    default:
      func field(_ code: UInt8) -> String? {
        api.PQresultErrorField(result, Int32(code)).map { String(cString: $0) }
      }
      throw PGError(
        sqlState: field(UInt8(ascii: "C")),
        message: field(UInt8(ascii: "M")) ?? Self.trimmed(api.PQresultErrorMessage(result)),
        detail: field(UInt8(ascii: "D")), hint: field(UInt8(ascii: "H")), query: sql)
    }
  }

  /// A setting the server reports at connection start (`server_version`,
  /// `session_authorization`, …).
  public func parameterStatus(_ name: String) -> String? {
    api.PQparameterStatus(handle, name).map { String(cString: $0) }
  }

  /// True once the connection is lost (the server went away, the network
  /// failed): it will not work again; open a new one.
  public var isBroken: Bool { isClosed || api.PQstatus(handle) != CONNECTION_OK }

  /// The process id the server gave at connecting: the serving
  /// backend's (`pg_backend_pid()`), unless something between made one up
  /// (a pooler such as PgBouncer does).
  public var serverProcessID: Int32 { api.PQbackendPID(handle) }

  /// The connection's socket, for poll(2); -1 once closed.
  public var socket: Int32 { isClosed ? -1 : api.PQsocket(handle) }

  /// Reads what the server has sent, without waiting, and returns the
  /// notifications (NOTIFY) among it, in the order sent. Throws once the
  /// connection is lost.
  public func takeNotifications() throws -> [PGNotification] {
    guard !isClosed else { throw Self.closedError }
    guard api.PQconsumeInput(handle) == 1 else { throw connectionFailure(nil) }
    var notifications: [PGNotification] = []
    while let notification = api.PQnotifies(handle) {
      notifications.append(
        PGNotification(
          channel: String(cString: notification.pointee.relname),
          payload: String(cString: notification.pointee.extra)))
      api.PQfreemem(notification)
    }
    return notifications
  }

  /// The SCRAM-SHA-256 verifier of `password` for `user`, computed here
  /// so the password itself never reaches the server (or its log).
  public func scramVerifier(password: String, user: String) throws -> String {
    guard let verifier = api.PQencryptPasswordConn(handle, password, user, "scram-sha-256") else {
      throw PGError(message: Self.trimmed(api.PQerrorMessage(handle)))
    }
    defer { api.PQfreemem(verifier) }
    return String(cString: verifier)
  }

  /// Who the server says this connection is, and where it is.
  public var user: String { text(api.PQuser(handle)) }
  public var database: String { text(api.PQdb(handle)) }
  public var host: String { text(api.PQhost(handle)) }
  public var port: String { text(api.PQport(handle)) }
  public var usesTLS: Bool { api.PQsslInUse(handle) == 1 }

  private func text(_ value: UnsafeMutablePointer<CChar>?) -> String {
    value.map { String(cString: $0) } ?? ""
  }

  private static func trimmed(_ message: UnsafePointer<CChar>?) -> String {
    message.map { trimmed(String(cString: $0)) } ?? "unknown libpq error"
  }

  static func trimmed(_ message: String) -> String {
    var text = message
    while text.last?.isWhitespace == true { text.removeLast() }
    return text
  }
}

/// A notification the server sent (NOTIFY channel, payload).
public struct PGNotification: Equatable, Sendable {
  public let channel: String
  public let payload: String
}
