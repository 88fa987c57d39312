import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// The server enforces who may see and change what, whatever the client:
/// these tests connect with libpq as an attacker would with psql, send SQL
/// of their own and forged API calls, and check that everything is
/// refused or empty and that alice's data is exactly as it was.
@Suite(.tags(.postgres), .runAsTagged) struct OutsideSecurityTests {
  let server: TestCloud
  let world: CloudWorld
  let tables = [
    "server", "migrations", "accounts", "devices", "zones", "deleted_zones", "records", "shares",
    "participants", "access_changes", "tombstones", "assets", "channels",
  ]
  /// The photos of alice's shared root and of her unshared note.
  let rootPhoto = CloudAsset(bytes: Array("the root's photo".utf8))
  let notePhoto = CloudAsset(bytes: Array("a private photo".utf8))

  init() throws {
    world = try CloudWorld(.postgres)
    server = world.server
    let root = world.record("root", fields: ["title": .string("Poker"), "photo": .asset(rootPhoto)])
    try world.save([
      root, world.record("child", parent: "root"),
      world.record("private-note", fields: ["photo": .asset(notePhoto)]),
    ])
    try world.share(
      "root", with: [ShareParticipant(userName: "bob", permission: .readOnly)], accepting: [world.bob])
  }

  /// `asset_contents` keys for the root's photo and the note's.
  var assetKeys: String {
    #"[{"id":["alice","games","root"],"field":"photo","sha256":"\#(rootPhoto.sha256)"},"#
      + #"{"id":["alice","games","private-note"],"field":"photo","sha256":"\#(notePhoto.sha256)"}]"#
  }

  /// A save of `record` (under alice's root) that uploads a photo, as a
  /// modified client would send it: the bytes as the call's one upload.
  func forgedUpload(_ record: String) -> String {
    let photo = CloudAsset(bytes: Array("mine".utf8))
    return #"[{"id":["alice","games","\#(record)"],"type":"items","parent":["alice","games","root"],"#
      + #""fields":{"photo":["asset","\#(photo.reference)",1]},"tag":null}]"#
  }

  @Test("a stranger with their own login and a SQL client reads nothing of alice's and changes nothing")
  func stranger() throws {
    let before = try server.dump()
    let mallory = try PGConnection(try server.connectionString(for: "mallory"))
    for table in tables where !["server", "migrations"].contains(table) {
      #expect(mallory.attempt("SELECT * FROM scorekeeper.\(table)") == "ok ", "\(table)")
      #expect(mallory.attempt("DELETE FROM scorekeeper.\(table)") == "42501", "\(table)")
      #expect(
        mallory.attempt("UPDATE scorekeeper.\(table) SET owner = 'mallory'").hasPrefix("42"), "\(table)")
    }
    #expect(mallory.attempt("SELECT count(*) FROM scorekeeper.migrations") == "42501")
    #expect(
      mallory.attempt(
        "INSERT INTO scorekeeper.records VALUES ('alice', 'games', 'x', 'items', NULL, NULL, NULL, '1', 0, 0, '{}')"
      )
        == "42501")
    let aliceRoot = #"[["alice","games","root"]]"#
    let forgedSave =
      #"[{"id":["alice","games","root"],"type":"items","fields":{"title":["string","Mine"]},"tag":null}]"#
    for scope in ["private", "shared"] {
      #expect(
        mallory.attempt("SELECT scorekeeper.fetch_records($1, $2)", [scope, aliceRoot])
          == #"ok [{"id": ["alice", "games", "root"], "refusal": "zone-not-found", "arguments": []}]"#)
      #expect(
        mallory.attempt(
          "SELECT scorekeeper.modify_records($1, $2, '[]', false, false)", [scope, forgedSave])
          == #"ok [{"id": ["alice", "games", "root"], "op": "save", "refusal": "zone-not-found", "arguments": []}]"#
      )
      #expect(
        mallory.attempt("SELECT scorekeeper.modify_records($1, '[]', $2, true, true)", [scope, aliceRoot])
          == #"ok [{"id": ["alice", "games", "root"], "op": "delete", "refusal": "zone-not-found", "arguments": []}]"#
      )
      #expect(
        mallory.attempt("SELECT scorekeeper.zone_changes($1, 'alice', 'games', NULL, 400)", [scope])
          == "SK001")
      #expect(
        mallory.attempt("SELECT item FROM scorekeeper.asset_contents($1, $2)", [scope, assetKeys]) == "ok ")
      #expect(
        mallory.attempt(
          "SELECT scorekeeper.modify_records($1, $2, '[]', false, false, ARRAY['\\x6d696e65'::bytea])",
          [scope, forgedUpload("child")])
          == #"ok [{"id": ["alice", "games", "child"], "op": "save", "refusal": "zone-not-found", "arguments": []}]"#
      )
    }
    #expect(
      mallory.attempt("SELECT scorekeeper.modify_zones('private', '[]', '[[\"alice\",\"games\"]]')")
        == #"ok [{"op": "delete", "zone": ["alice", "games"], "refusal": "zone-not-found", "arguments": []}]"#
    )
    #expect(
      mallory.attempt("SELECT scorekeeper.modify_zones('private', '[[\"alice\",\"games2\"]]', '[]')")
        == #"ok [{"op": "save", "zone": ["alice", "games2"], "refusal": "cannot-create-zone", "arguments": ["mallory"]}]"#
    )
    // A guessed link leads nowhere; the real one was not for mallory.
    let guessed = ShareLinkGenerator.prefix + String(repeating: "0", count: 31) + "4"
    #expect(mallory.attempt("SELECT scorekeeper.accept_share($1)", [guessed]) == "SK001")
    // What only the owner role runs inside the API, and administration.
    for call in [
      "scorekeeper.bump('alice', 'games', 'root')",
      "scorekeeper.delete_share('alice', 'games', 'share-root')",
      "scorekeeper.set_account_status('alice', 'restricted')", "scorekeeper.expire_change_tokens()",
      "scorekeeper.write_sharing('alice', 'games', 'share-root', '{\"public\":\"read-write\",\"participants\":[]}')",
      "scorekeeper.caller()",
    ] {
      #expect(mallory.attempt("SELECT \(call)") == "42501", "\(call)")
    }
    for role in ["alice", server.connectionRoles.owner, TestPostgres.admin] {
      #expect(mallory.attempt("SET ROLE \(quotedIdentifier(role))") == "42501", "\(role)")
    }
    // The users group is mallory's own: becoming it gains nothing, since
    // the policies and the API look at the session's user.
    #expect(mallory.attempt("SET ROLE \(quotedIdentifier(server.connectionRoles.users))") == "ok ")
    #expect(mallory.attempt("SELECT * FROM scorekeeper.records") == "ok ")
    #expect(mallory.attempt("DELETE FROM scorekeeper.records") == "42501")
    #expect(mallory.attempt("RESET ROLE") == "ok ")
    // Notifications carry nothing, but LISTEN itself is open to everyone:
    // the server sends none, so there is nothing to overhear.
    #expect(mallory.attempt("LISTEN scorekeeper") == "ok ")
    expectNoDifference(before, try server.dump())
  }

  @Test("a read-only participant reads the shared tree only, and writes nothing through any door")
  func readOnlyParticipant() throws {
    let before = try server.dump()
    let bob = try PGConnection(try server.connectionString(for: "bob"))
    #expect(
      bob.attempt("SELECT name FROM scorekeeper.records ORDER BY name") == "ok child; root; share-root")
    #expect(bob.attempt("UPDATE scorekeeper.records SET fields = '{}'") == "42501")
    let edit =
      #"[{"id":["alice","games","child"],"type":"items","parent":["alice","games","root"],"fields":{},"tag":null}]"#
    #expect(
      bob.attempt("SELECT scorekeeper.modify_records('shared', $1, '[]', false, true)", [edit])
        == #"ok [{"id": ["alice", "games", "child"], "op": "save", "refusal": "shared-read-only", "arguments": ["child", "bob"]}]"#
    )
    #expect(
      bob.attempt("SELECT scorekeeper.fetch_records('shared', '[[\"alice\",\"games\",\"private-note\"]]')")
        == #"ok [{"id": ["alice", "games", "private-note"], "refusal": "unknown-record", "arguments": ["private-note"]}]"#
    )
    // The shared root's photo, and not the private note's, whichever door.
    #expect(
      bob.attempt("SELECT record, key, sha256, length(bytes) FROM scorekeeper.assets ORDER BY record")
        == "ok root|photo|\(rootPhoto.sha256)|\(rootPhoto.byteCount)")
    #expect(
      bob.attempt(
        "SELECT item, convert_from(content, 'UTF8') FROM scorekeeper.asset_contents('shared', $1)",
        [assetKeys])
        == "ok 1|the root's photo")
    #expect(bob.attempt("UPDATE scorekeeper.assets SET bytes = ''") == "42501")
    #expect(
      bob.attempt(
        "SELECT scorekeeper.modify_records('shared', $1, '[]', false, false, ARRAY['\\x6d696e65'::bytea])",
        [forgedUpload("child")])
        == #"ok [{"id": ["alice", "games", "child"], "op": "save", "refusal": "shared-read-only", "arguments": ["child", "bob"]}]"#
    )
    expectNoDifference(before, try server.dump())
  }

  @Test("no one writes another user's name as a record's creator: the server takes the session's user")
  func creatorIsTheSessionsUser() throws {
    try world.save([world.record("club")])
    try world.share(
      "club", with: [ShareParticipant(userName: "carol", permission: .readWrite)], accepting: [world.carol])
    let carol = try PGConnection(try server.connectionString(for: "carol"))
    let forged =
      #"[{"id":["alice","games","carols"],"type":"items","parent":["alice","games","club"],"fields":{},"#
      + #""tag":null,"creator":"alice"}]"#
    for atOnce in ["true", "false"] {
      let answer = carol.attempt(
        "SELECT scorekeeper.modify_records('shared', $1, '[]', false, \(atOnce))", [forged])
      #expect(answer.hasPrefix("ok ") && !answer.contains("refusal"), "\(answer)")
      #expect(
        carol.attempt("SELECT name, creator FROM scorekeeper.records WHERE name = 'carols'")
          == "ok carols|carol")
    }
    #expect(carol.attempt("UPDATE scorekeeper.records SET creator = 'alice'") == "42501")
    #expect(try world.alice.privateDatabase.record(for: world.id("carols")).creatorUserName == "carol")
  }

  @Test("a participant who was removed reads nothing more")
  func revokedParticipant() throws {
    var share = try world.alice.privateDatabase.record(for: world.id("share-root"))
    share.sharing!.participants = []
    try world.save([share])
    let bob = try PGConnection(try server.connectionString(for: "bob"))
    for table in tables where !["server", "migrations", "access_changes"].contains(table) {
      #expect(bob.attempt("SELECT * FROM scorekeeper.\(table)") == "ok ", "\(table)")
    }
    // Only his own note that his access to alice's zone changed: how his
    // shared database learns the zone is gone.
    #expect(
      bob.attempt("SELECT user_name, owner, zone FROM scorekeeper.access_changes") == "ok bob|alice|games")
    #expect(
      bob.attempt("SELECT scorekeeper.fetch_records('shared', '[[\"alice\",\"games\",\"root\"]]')")
        == #"ok [{"id": ["alice", "games", "root"], "refusal": "zone-not-found", "arguments": []}]"#)
  }

  @Test("a login that is not a scorekeeper user of this database cannot even reach the schema")
  func notAUser() throws {
    let outsider = try PGConnection(try server.connectionString(for: "outsider", joining: false))
    #expect(outsider.attempt("SELECT * FROM scorekeeper.records") == "42501")
    #expect(outsider.attempt("SELECT scorekeeper.account_status()") == "42501")
    #expect(outsider.attempt("SELECT scorekeeper.my_channel()") == "42501")
    let database = try #require(PGConnectionString(server.location)["dbname"])
    #expect(throws: LiveCloudError.notAUser(user: "outsider", database: database)) {
      try LiveCloud(connectionString: try server.connectionString(for: "outsider", joining: false))
        .container()
        .accountStatus()
    }
  }

  @Test("a stranger listening on every channel name he can find hears nothing while alice changes her games")
  func strangerListens() throws {
    // alice's watch and bob's (read-only) are listening (their channels' names are in
    // their sessions' statements, which the server keeps for each session).
    let aliceSignal = try server.liveCloud(for: "alice").changeSignal()
    let bobSignal = try server.liveCloud(for: "bob").changeSignal()
    let mallory = try PGConnection(try server.connectionString(for: "mallory"))
    func rows(_ sql: String) throws -> [String] {
      try mallory.query(sql).rows.compactMap { $0.first ?? nil }
    }
    let own = try #require(try JSON.parse(try rows("SELECT scorekeeper.my_channel()")[0]).stringValue)
    // Only his own channel is his to read.
    #expect(try rows("SELECT channel FROM scorekeeper.channels") == [own])
    // What he can see of the server's sessions: alice's and bob's
    // statements are hidden from him.
    let statements = try rows("SELECT query FROM pg_stat_activity WHERE usename IN ('alice', 'bob')")
    #expect(
      !statements.isEmpty && statements.allSatisfy { $0 == "<insufficient privilege>" }, "\(statements)")
    var names: Set<String> = [own, "scorekeeper", "sk", "changes", "zones", "alice", "bob", "games", "watch"]
    for text in try rows("SELECT query FROM pg_stat_activity") + rows("SELECT pg_listening_channels()") {
      names.formUnion(text.matches(of: /sk_[0-9a-f]{32}/).map { String($0.output) })
    }
    for name in names { _ = try mallory.query("LISTEN \"\(name)\"") }
    #expect(Set(try rows("SELECT pg_listening_channels()")) == names)
    try world.save([world.record("new-child", parent: "root"), world.record("new-note")])
    #expect(try aliceSignal.wait(until: .after(30)) && bobSignal.wait(until: .after(30)))
    _ = try mallory.query("SELECT 1")  // anything sent to him by now has arrived
    #expect(try mallory.takeNotifications() == [])
  }
}

extension PGConnection {
  /// What an attacker's psql sees of a statement: the SQLSTATE of its
  /// failure, or "ok" and its rows.
  func attempt(_ sql: String, _ parameters: [String?] = []) -> String {
    do {
      let rows = try query(sql, parameters).rows
      return "ok " + rows.map { $0.map { $0 ?? "NULL" }.joined(separator: "|") }.joined(separator: "; ")
    } catch let error as PGError {
      return error.sqlState ?? error.message
    } catch {
      return "\(error)"
    }
  }
}
