import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// `server add-user` and `remove-user` on the test's own database: the
/// role, its SCRAM verifier, its membership, and what the user can still
/// do over TCP afterwards.
///
/// Roles are the cluster's, shared by every test database, so each test
/// uses names no other test uses.
@Suite(.tags(.postgres), .runAsTagged) struct ServerUsersTests {
  let cloud: TestCloud
  let admin: PGConnection
  let users: ServerUsers

  init() throws {
    cloud = try TestCloud(.postgres)
    admin = try PGConnection(cloud.adminLocation)
    users = try ServerUsers(connection: admin)
  }

  /// `name`'s stored password, whether it may log in, and its groups.
  func role(_ name: String) throws -> [String?]? {
    try admin.query(
      """
      SELECT r.rolpassword, r.rolcanlogin::text, (SELECT string_agg(g.rolname, ',' ORDER BY g.rolname)
        FROM pg_auth_members AS m JOIN pg_roles AS g ON g.oid = m.roleid WHERE m.member = r.oid)
      FROM pg_authid AS r WHERE r.rolname = $1
      """, [name]
    ).rows.first
  }

  /// A cloud for `name` over TCP, giving `password` when the server asks.
  func tcpCloud(_ name: String, password: String?) -> LiveCloud {
    var prompt: (@Sendable () -> String?)?
    if let password { prompt = { password } }
    let login = try! PGConnectionString(cloud.tcpLocation).setting("user", to: name)
    return LiveCloud(connectionString: login.text, password: prompt)
  }

  @Test(
    "a new user's role holds only a SCRAM verifier, joins the users group, and logs in over TCP with that password"
  )
  func addNew() throws {
    #expect(try users.add("ut_carol", password: "correct horse") == .created)
    let stored = try #require(try role("ut_carol"))
    #expect(stored[0]?.hasPrefix("SCRAM-SHA-256$4096:") == true)
    #expect(stored[0]?.contains("correct horse") == false)
    #expect(Array(stored.dropFirst()) == ["true", cloud.connectionRoles.users])
    #expect(try tcpCloud("ut_carol", password: "correct horse").container().accountStatus() == .available)
    #expect(
      throws: CloudError.loginRefused("password authentication failed for user \"ut_carol\"")
    ) { try tcpCloud("ut_carol", password: "wrong").container().serverIdentity() }
    #expect(
      throws: CloudError.loginRefused("fe_sendauth: no password supplied")
    ) { try tcpCloud("ut_carol", password: nil).container().serverIdentity() }
  }

  @Test("adding a user again changes nothing; a login of another group joins keeping its password")
  func addExisting() throws {
    _ = try users.add("ut_dave", password: "first")
    let before = try role("ut_dave")
    #expect(try users.needsPassword("ut_dave") == false)
    #expect(try users.add("ut_dave", password: nil) == .alreadyAUser)
    #expect(try role("ut_dave") == before)

    try admin.query("CREATE ROLE ut_erin LOGIN PASSWORD 'kept'")
    let verifier = try role("ut_erin")?[0]
    #expect(try users.needsPassword("ut_erin") == false)
    #expect(try users.add("ut_erin", password: nil) == .joined)
    #expect(try role("ut_erin") == [verifier, "true", cloud.connectionRoles.users])
    #expect(try tcpCloud("ut_erin", password: "kept").container().accountStatus() == .available)
  }

  @Test(
    "removing a user ends their open session and their login; their games stay, and adding them back returns them"
  )
  func removeAndAddBack() throws {
    _ = try users.add("ut_frank", password: "before")
    let frank = tcpCloud("ut_frank", password: "before")
    let zone = ZoneID(name: "games", ownerName: "ut_frank")
    _ = try frank.container().privateDatabase.modifyRecordZones(saving: [zone])
    let firstSignal = try frank.changeSignal()
    let channel = "SELECT channel FROM scorekeeper.channels WHERE user_name = 'ut_frank'"
    let firstChannel = try #require(try admin.query(channel).scalar)
    let records = try admin.query("SELECT count(*) FROM scorekeeper.zones WHERE owner = 'ut_frank'").scalar
    #expect(records == "1")

    // (One session: the cloud's calls and its change signal share it.)
    #expect(try users.remove("ut_frank") == .init(loginDisabled: true, sessionsEnded: 1))
    #expect(try role("ut_frank")?.dropFirst() == ["false", nil])
    // The session ended under the open connection (57P01, in the server's
    // last words); a new one is refused.
    #expect(throws: CloudError.serviceUnavailable(retryAfter: 5)) {
      try frank.container().privateDatabase.databaseChanges(since: nil)
    }
    #expect(throws: CloudError.loginRefused("role \"ut_frank\" is not permitted to log in")) {
      try frank.container().privateDatabase.databaseChanges(since: nil)
    }
    #expect(try admin.query("SELECT count(*) FROM scorekeeper.zones WHERE owner = 'ut_frank'").scalar == "1")
    // The watch's listening connection ended with the rest, and the
    // channel's name is forgotten.
    #expect(throws: CloudError.self) { try firstSignal.wait(until: .after(30)) }
    #expect(try admin.query(channel).rows.isEmpty)

    #expect(try users.needsPassword("ut_frank"))
    #expect(try users.add("ut_frank", password: "after") == .enabled)
    #expect(
      try tcpCloud("ut_frank", password: "after").container().privateDatabase.databaseChanges(since: nil)
        .changedZones == [zone])
    // Back, with a channel of a new name.
    _ = try tcpCloud("ut_frank", password: "after").changeSignal()
    let secondChannel = try #require(try admin.query(channel).scalar)
    #expect(secondChannel != firstChannel && secondChannel.wholeMatch(of: /sk_[0-9a-f]{32}/) != nil)
    #expect(throws: CloudError.loginRefused("password authentication failed for user \"ut_frank\"")) {
      try tcpCloud("ut_frank", password: "before").container().serverIdentity()
    }
  }

  @Test("a user who belongs to another group keeps their login when removed, and loses this database")
  func removeKeepsOtherGroups() throws {
    _ = try users.add("ut_grace", password: "pw")
    try admin.query("CREATE ROLE ut_other_group NOLOGIN")
    try admin.query("GRANT ut_other_group TO ut_grace")
    #expect(try users.remove("ut_grace") == .init(loginDisabled: false, sessionsEnded: 0))
    #expect(try role("ut_grace")?.dropFirst() == ["true", "ut_other_group"])
    #expect(throws: LiveCloudError.notAUser(user: "ut_grace", database: admin.database)) {
      try tcpCloud("ut_grace", password: "pw").container().serverIdentity()
    }
  }

  @Test("superusers, the database's own group roles and non-users are refused, and nothing changes")
  func refusals() throws {
    let roles = cloud.connectionRoles
    // NB: Only these roles, and of their groups only this database's:
    // tests running beside this one make others, and each database they
    // make grants its owner role to the administrator (V001__roles.sql).
    let named = [TestPostgres.admin, roles.owner, roles.users, "ut_nobody"]
    let groups = [roles.owner, roles.users]
    func state() throws -> [[String?]] {
      try named.map { name in
        guard var row = try role(name) else { return [] }
        row[2] = row[2].map {
          $0.split(separator: ",").filter { groups.contains(String($0)) }.joined(separator: ",")
        }
        return row
      }
    }
    let before = try state()
    #expect(
      throws: ServerUserError.unsuitable(
        TestPostgres.admin, "it is a superuser, whom no row policy stops")
    ) { try users.add(TestPostgres.admin, password: "x") }
    for group in [roles.owner, roles.users] {
      #expect(throws: ServerUserError.unsuitable(group, "it is one of this database's group roles")) {
        try users.add(group, password: "x")
      }
    }
    #expect(throws: ServerUserError.noPassword("ut_nobody")) { try users.add("ut_nobody", password: "") }
    #expect(throws: ServerUserError.notAUser("ut_nobody", database: admin.database)) {
      try users.remove("ut_nobody")
    }
    #expect(try state() == before)
  }

  @Test(
    "names PostgreSQL would cut, refuse or keep for itself are refused before the server is asked",
    arguments: [
      ("", "a user name is 1 to 63 bytes"),
      (String(repeating: "é", count: 32), "a user name is 1 to 63 bytes"),
      (" carol", "a user name has no control characters or surrounding spaces"),
      ("car\tol", "a user name has no control characters or surrounding spaces"),
      ("pg_carol", "PostgreSQL keeps names starting with \"pg_\" for itself"),
    ])
  func names(name: String, problem: String) {
    #expect(ServerUsers.problem(withName: name) == problem)
  }

  @Test("a name of 63 bytes, and one with quotes and spaces inside, are users like any other")
  func unusualNames() throws {
    for name in [String(repeating: "x", count: 63), "ut_o'brien \"the\" third"] {
      #expect(ServerUsers.problem(withName: name) == nil)
      #expect(try users.add(name, password: "pw") == .created)
      #expect(try role(name)?.dropFirst() == ["true", cloud.connectionRoles.users])
      #expect(try users.remove(name) == .init(loginDisabled: true, sessionsEnded: 0))
    }
  }
}
