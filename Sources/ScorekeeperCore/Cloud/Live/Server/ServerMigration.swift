/// One versioned step of the server side's schema: a file
/// `SQL/versioned/V<n>__<name>.sql` (see `ServerSQLFile` for the layout).
/// The list is append-only once released, and a released file is never
/// edited: a server records the steps it has, with each file's SHA-256,
/// and `scorekeeper server install` applies the missing ones.
public struct ServerMigration: Sendable {
  public let version: Int
  public let identifier: String
  let sql: String
  /// The file's name, as the server's ledger and its errors name it.
  public let fileName: String
  public let sha256: String

  init(_ file: ServerSQLFile) {
    let (version, identifier) = file.versioned!
    self.init(version: version, identifier: identifier, sql: file.text, fileName: file.name)
  }

  init(version: Int, identifier: String, sql: String, fileName: String) {
    self.version = version
    self.identifier = identifier
    self.sql = sql
    self.fileName = fileName
    sha256 = SHA256.hex(of: Array(sql.utf8))
  }

  /// Every step, oldest first.
  public static let all: [ServerMigration] = {
    let steps = ServerSQLFile.files(in: "versioned").map(ServerMigration.init)
    precondition(
      steps.enumerated().allSatisfy { $0.element.version == $0.offset + 1 },
      "Server SQL files must be numbered V001, V002, … in order")
    return steps
  }()

  public static var currentVersion: Int { all.last!.version }
}

/// A server SQL file applied again whenever its text changes: functions,
/// policies and grants (`SQL/repeatable/R__<order>_<name>.sql`).
struct ServerRepeatable: Sendable {
  let name: String
  let sql: String
  let sha256: String

  static let all: [ServerRepeatable] = ServerSQLFile.files(in: "repeatable").map {
    ServerRepeatable(name: $0.name, sql: $0.text, sha256: $0.sha256)
  }
}
