/// A scorekeeper cloud on a PostgreSQL server, reached through libpq: one
/// connection, opened on first use and again after it is lost, shared by
/// every container made from it. Each cloud operation is one call of one
/// of the server's API functions, taking its whole batch as JSON.
public final class LiveCloud: Sendable {
  /// How the server is reached (a libpq connection string); it never
  /// holds a password.
  public let connectionString: String
  /// Asks for the password when libpq found none (a person at a terminal).
  private let password: (@Sendable () -> String?)?
  private let state = Locked(State())

  private struct State {
    var connection: PGConnection?
    var identity: String?
    /// Given at the prompt: kept in memory for reconnecting, never stored.
    var password: String?
  }

  public init(connectionString: String, password: (@Sendable () -> String?)? = nil) {
    self.connectionString = connectionString
    self.password = password
  }

  /// One user's view of this server: the user is whoever the connection
  /// string logs in as (`userName` is what the server calls them).
  public func container() throws -> LiveCloudContainer {
    LiveCloudContainer(cloud: self, userName: try withConnection { connection, _ in connection.user })
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
  /// answer; `zone` is the zone refusals of the whole call concern.
  func call(_ function: String, _ arguments: [String?], zone: ZoneID? = nil) throws -> JSON {
    let placeholders = arguments.indices.map { "$\($0 + 1)" }
    let sql = "SELECT scorekeeper.\(function)(\(placeholders.joined(separator: ", ")))"
    let text = try withConnection { connection, _ in
      do {
        return try connection.query(sql, arguments).scalar
      } catch let error as PGError {
        throw Self.cloudError(for: error, zone: zone)
      }
    }
    guard let text else { throw LiveCloudError.unreadableAnswer("an answer from \(function), not NULL") }
    do {
      return try JSON.parse(text)
    } catch {
      throw LiveCloudError.unreadableAnswer("JSON from \(function) (\(error))")
    }
  }

  /// Runs `body` with the connection and the server's identity,
  /// connecting first if there is no connection (or the last one was lost).
  private func withConnection<T>(_ body: (PGConnection, String) throws -> T) throws -> T {
    try state.withLock { state in
      if let connection = state.connection, connection.isBroken {
        connection.close()
        state.connection = nil
      }
      if state.connection == nil {
        let connection: PGConnection
        do {
          let (opened, asked) = try PGConnection.connecting(
            connectionString, password: state.password, ask: password)
          connection = opened
          if let asked { state.password = asked }
        } catch let error as PGError {
          throw Self.cloudError(for: error)
        }
        state.identity = try Self.checkSchema(on: connection)
        state.connection = connection
      }
      return try body(state.connection!, state.identity!)
    }
  }

  /// The server's identity, once its schema is known to be this
  /// program's version. `server_hello` is the handshake every version of
  /// the server side keeps.
  private static func checkSchema(on connection: PGConnection) throws -> String {
    let text: String?
    do {
      text = try connection.query("SELECT scorekeeper.server_hello()").scalar
    } catch let error as PGError where ["3F000", "42883"].contains(error.sqlState) {
      throw LiveCloudError.notInstalled(database: connection.database)
    } catch let error as PGError where error.sqlState == "42501" {
      throw LiveCloudError.notAUser(user: connection.user, database: connection.database)
    } catch let error as PGError {
      throw cloudError(for: error)
    }
    guard let hello = try? JSON.parse(text ?? ""), let version = hello["version"]?.integerValue,
      let identity = hello["identity"]?.stringValue
    else { throw LiveCloudError.unreadableAnswer("the server's version and identity, not \(text ?? "NULL")") }
    let program = ServerMigration.currentVersion
    if version > program { throw ServerSchemaError.newerServer(server: Int(version), program: program) }
    if version < program { throw LiveCloudError.olderServer(server: Int(version), program: program) }
    return identity
  }
}
