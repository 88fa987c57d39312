import CScorekeeperPQ

#if canImport(Glibc)
  import Glibc
#endif

/// One connection to a PostgreSQL server through libpq: connect, run
/// parameterised statements, read results. Nothing more: what the live
/// cloud asks of the server is in the server's own functions.
///
/// Not thread-safe, like libpq's connection: one owner at a time.
public final class PGConnection {
  private let api: scorekeeper_libpq
  private let handle: OpaquePointer
  private var isClosed = false
  /// Statements sent so far: each one is a round trip to the server.
  public private(set) var statementsSent = 0
  /// The statement sent and not answered yet (for the error's context).
  private var sentSQL: String?

  /// Connects with a libpq connection string (`postgresql://…`, or
  /// `key=value …` such as `service=NAME`). Passwords come from where
  /// libpq looks (`~/.pgpass`, `PGPASSFILE`, a service file), never from
  /// the program.
  public init(_ connectionString: String) throws {
    api = try LibPQ.functions()
    guard let handle = api.PQconnectdb(connectionString) else {
      throw PGError(message: "libpq could not allocate a connection")
    }
    self.handle = handle
    guard api.PQstatus(handle) == CONNECTION_OK else {
      let error = PGError(
        message: Self.trimmed(api.PQerrorMessage(handle)),
        needsPassword: api.PQconnectionNeedsPassword(handle) == 1)
      close()  // deinit runs even for an init that throws
      throw error
    }
    // libpq prints the server's notices to stderr unless told otherwise;
    // they are for people at a SQL prompt, not for a program's users.
    _ = api.PQsetNoticeProcessor(handle, { _, _ in }, nil)
  }

  deinit { close() }

  public func close() {
    guard !isClosed else { return }
    isClosed = true
    api.PQfinish(handle)
  }

  /// Runs one statement with text parameters ($1, $2, …; nil is NULL) and
  /// returns its rows, all read into memory.
  @discardableResult
  public func query(_ sql: String, _ parameters: [String?] = []) throws -> PGResult {
    try query(sql, parameters.map(PGParameter.init))
  }

  @discardableResult
  public func query(_ sql: String, _ parameters: [PGParameter]) throws -> PGResult {
    statementsSent += 1
    let result = withParameters(parameters) { values, lengths, formats, types in
      api.PQexecParams(handle, sql, Int32(parameters.count), types, values, lengths, formats, 0)
    }
    return try read(result, sql: sql)
  }

  /// Runs one statement and returns its rows' values as the server's
  /// binary format gives them (a `bytea` as its bytes, a `text` as its
  /// UTF-8): for files, which text would spell out in hex.
  public func queryBinary(_ sql: String, _ parameters: [PGParameter]) throws -> [[[UInt8]?]] {
    statementsSent += 1
    let result = withParameters(parameters) { values, lengths, formats, types in
      api.PQexecParams(handle, sql, Int32(parameters.count), types, values, lengths, formats, 1)
    }
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
    statementsSent += 1
    let sent = withParameters(parameters) { values, lengths, formats, types in
      api.PQsendQueryParams(handle, sql, Int32(parameters.count), types, values, lengths, formats, 0)
    }
    guard sent == 1 else { throw PGError(message: Self.trimmed(api.PQerrorMessage(handle)), query: sql) }
    sentSQL = sql
  }

  /// The answer to the statement `send` sent (waiting for it if need be).
  public func receive() throws -> PGResult {
    let sql = sentSQL ?? ""
    sentSQL = nil
    let result = api.PQgetResult(handle)
    // The end of the answer (libpq's NULL) must be read before the next.
    while let extra = api.PQgetResult(handle) { api.PQclear(extra) }
    return try read(result, sql: sql)
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
    guard let result else {
      throw PGError(message: Self.trimmed(api.PQerrorMessage(handle)), query: sql)
    }
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
