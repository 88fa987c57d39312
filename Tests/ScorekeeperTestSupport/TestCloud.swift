@_spi(Testing) import ScorekeeperCore

/// Which cloud a test runs against: the mock (in memory, or in a file of
/// its own) or a live PostgreSQL server (a database of its own on the
/// test process's throwaway cluster), reached directly or through a
/// pooler in transaction mode (PgBouncer, as hosted services run it).
public enum CloudBacking: String, CaseIterable, Sendable, CustomStringConvertible {
  case memory
  case file
  case postgres
  case pooled

  /// The mock's two backings, for tests of the mock itself.
  public static let mocks: [CloudBacking] = [.memory, .file]

  /// One of each backend, for tests of what runs over the cloud (the
  /// sync engine, sharing): the mock in memory and the live server (but
  /// in a fast run, `make test-fast`, which leaves out the server).
  public static let backends: [CloudBacking] = FastRun.isOn ? [.memory] : [.memory, .postgres]

  /// `[mock]`, `[mock file]`, `[postgres]`: in each test case's name.
  public var description: String {
    switch self {
    case .memory: "[mock]"
    case .file: "[mock file]"
    case .postgres: "[postgres]"
    case .pooled: "[postgres through pgbouncer]"
    }
  }

  /// A live PostgreSQL server, reached either way.
  public var isLive: Bool {
    self == .postgres || self == .pooled
  }
}

/// A fresh cloud server for one test, with sequential share links on the
/// mock and a fixed clock there.
///
/// The conformance suite reaches the server only through `container(_:)`
/// (the `CloudContainer` protocol) and the administration a live service
/// offers its operators too (account status, faults, token expiry), so the
/// same tests run against the mock and the live cloud.
public final class TestCloud {
  public let backing: CloudBacking
  /// The mock behind a mock backing; nil on postgres.
  public let mock: FileCloud?
  private let directory: TemporaryDirectory?
  private let live: LiveServer?

  /// The live side: the database, its administrator, one cloud (so one
  /// connection) per user, through the pooler when there is one.
  private final class LiveServer {
    let server: TestPostgres
    let pooler: TestPgBouncer?
    let database: String
    let admin: PGConnection
    var clouds: [String: LiveCloud] = [:]

    init(pooled: Bool) throws {
      server = try TestPostgres.shared()
      pooler = pooled ? try TestPgBouncer.shared() : nil
      database = try server.newCloudDatabase()
      admin = try PGConnection(server.connectionString(database: database))
    }

    /// How a client reaches the database as `user` (nil: none named).
    func connectionString(user: String?) -> String {
      pooler?.connectionString(database: database, user: user)
        ?? server.connectionString(database: database, user: user)
    }

    /// Dropped when the test is done: the cluster lives in memory.
    deinit {
      admin.close()
      clouds = [:]
      _ = try? PGConnection(server.connectionString()).queryAlone("DROP DATABASE \(database) WITH (FORCE)")
    }

    func cloud(for userName: String) throws -> LiveCloud {
      if let cloud = clouds[userName] { return cloud }
      try server.ensureUser(userName)
      let cloud = LiveCloud(connectionString: connectionString(user: userName))
      clouds[userName] = cloud
      return cloud
    }
  }

  public init(_ backing: CloudBacking = .memory, clock: Clock = .constant(testNow)) throws {
    self.backing = backing
    switch backing {
    case .memory:
      directory = nil
      live = nil
      mock = try FileCloud(clock: clock, shareLinks: .sequential)
    case .file:
      let directory = try TemporaryDirectory()
      self.directory = directory
      live = nil
      mock = try FileCloud(path: directory.file("mock-cloud.sqlite"), clock: clock, shareLinks: .sequential)
    case .postgres, .pooled:
      directory = nil
      mock = nil
      live = try LiveServer(pooled: backing == .pooled)
    }
  }

  /// The mock cloud, for tests of the mock itself.
  public var cloud: FileCloud {
    guard let mock else { preconditionFailure("a test of the mock ran on \(backing)") }
    return mock
  }

  public var path: String { cloud.path }

  /// How a client names this cloud: the mock's path, or a connection
  /// string to the postgres database (without a user; each client adds
  /// its own).
  public var location: String {
    if let mock { return mock.path }
    return live!.connectionString(user: nil)
  }

  /// The postgres backing's database as its administrator (a superuser),
  /// through the socket: for `server` commands.
  public var adminLocation: String {
    live!.server.connectionString(database: live!.database)
  }

  /// The postgres backing's database as `userName` (made and let in
  /// first) through a stand-in for the server (`ServerStandIn`) on
  /// 127.0.0.1, which forwards to the cluster's socket.
  public func connectionString(for userName: String, through standIn: ServerStandIn) throws -> String {
    _ = try connectionString(for: userName)
    return "host=127.0.0.1 port=\(standIn.port) dbname=\(live!.database) user=\(userName)"
  }

  /// The server's TLS certificate, its own CA, for "localhost".
  public var certificate: String { live!.server.certificate }

  /// The cluster's socket, for a `ServerStandIn` to forward to.
  public var serverSocket: String { live!.server.socketPath }

  /// The postgres backing's database through TCP on 127.0.0.1, where the
  /// server asks for a SCRAM password; no user named.
  public var tcpLocation: String {
    live!.server.tcpConnectionString(database: live!.database, user: nil)
  }

  /// The identity the server keeps inside itself, as every client sees it.
  public func identity() throws -> String {
    try container("alice").serverIdentity()
  }

  /// The live cloud as `userName` (made and let in first): the postgres
  /// backing's, for what only it has (its change signal).
  public func liveCloud(for userName: String) throws -> LiveCloud {
    guard let live else { preconditionFailure("a postgres test ran on \(backing)") }
    return try live.cloud(for: userName)
  }

  public func container(_ userName: String) -> any CloudContainer {
    if let mock { return FaultInjectingContainer(mock.container(for: userName), faults: faults) }
    do {
      return FaultInjectingContainer(try live!.cloud(for: userName).container(), faults: faults)
    } catch {
      preconditionFailure("cannot reach the test's PostgreSQL database as \(userName): \(error)")
    }
  }

  /// A connection string for `userName` to the postgres backing's
  /// database (the user made and let in first): for a second client of
  /// the same user, or for SQL as an attacker would send it.
  /// `joining: false` leaves the login outside the database's users.
  public func connectionString(for userName: String, joining: Bool = true) throws -> String {
    guard let live else { preconditionFailure("a postgres test ran on \(backing)") }
    if joining {
      _ = try live.cloud(for: userName)
    } else {
      try live.server.ensureUser(userName, joining: false)
    }
    return live.connectionString(user: userName)
  }

  /// The same straight to the server, past the pooler of a pooled backing.
  public func directConnectionString(for userName: String) throws -> String {
    _ = try connectionString(for: userName)
    return live!.server.connectionString(database: live!.database, user: userName)
  }

  /// The database's owner and users roles (postgres backing).
  public var connectionRoles: ServerRoles {
    live!.server.cloudRoles
  }

  public func setAccountStatus(_ status: AccountStatus, for userName: String) throws {
    if let mock { return try mock.setAccountStatus(status, for: userName) }
    try live!.admin.query("SELECT scorekeeper.set_account_status($1, $2)", [userName, status.rawValue])
  }

  /// What every container meets first, wrapped around it on the
  /// client's side, whatever the backing.
  private let faults = CloudFaults()

  public func inject(_ faults: CloudFault...) {
    inject(faults)
  }

  public func inject(_ faults: [CloudFault]) {
    self.faults.inject(faults)
  }

  public func clearFaults() {
    faults.clear()
  }

  public var pendingFaults: [CloudFault] {
    faults.pending
  }

  /// How many asset bytes each owner may keep, as an operator sets it.
  public func setAssetQuota(_ byteCount: Int) throws {
    if let mock { return try mock.setAssetQuota(byteCount) }
    try live!.admin.query("UPDATE scorekeeper.server SET asset_quota = $1", [String(byteCount)])
  }

  /// The asset bytes kept in an owner's zones, counted by the server.
  public func assetBytesKept(by owner: String) throws -> Int {
    if let mock { return try mock.assetBytesKept(by: owner) }
    let sum = try live!.admin.query(
      "SELECT COALESCE(sum(length(bytes)), 0) FROM scorekeeper.assets WHERE owner = $1", [owner]
    ).scalar
    return Int(sum ?? "") ?? -1
  }

  /// Marks the cloud as put back from an older copy, as its administrator
  /// does after a restore (the mock's `markRestored`; a live server's
  /// `server install --after-restore`).
  public func markRestored() throws {
    if let mock { return try mock.markRestored() }
    _ = try ServerInstaller(connection: live!.admin).install(afterRestore: true)
  }

  public func expireChangeTokens() throws {
    if let mock { return try mock.expireChangeTokens() }
    try live!.admin.query("SELECT scorekeeper.expire_change_tokens()")
  }

  /// The whole server as text, to show nothing changed: as `cloud dump`
  /// prints it for the mock, every row of every table for postgres.
  public func dump() throws -> String {
    var lines: [String] = []
    if let mock {
      try mock.dump { lines.append($0) }
    } else {
      for table in [
        "server", "accounts", "devices", "zones", "deleted_zones", "records", "shares", "participants",
        "access_changes", "tombstones", "assets",
      ] {
        lines.append(table + ":")
        lines += try live!.admin.query("SELECT t::text FROM scorekeeper.\(table) AS t ORDER BY 1").rows.map {
          "  " + ($0[0] ?? "NULL")
        }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

extension CloudRecord {
  /// The record without what the server assigns (tag, time, creator), to compare
  /// what was stored with what was sent.
  public var contents: CloudRecord {
    var copy = self
    copy.changeTag = nil
    copy.modifiedAt = nil
    copy.creatorUserName = nil
    if copy.sharing != nil {
      copy.sharing = ShareSettings(
        publicPermission: copy.sharing!.publicPermission,
        participants: copy.sharing!.participants.map {
          ShareParticipant(userName: $0.userName, permission: $0.permission)
        })
    }
    return copy
  }
}

extension Result {
  /// The failure, or nil on success: for comparing whole result tables.
  public var failure: Failure? {
    if case .failure(let error) = self { error } else { nil }
  }
}
