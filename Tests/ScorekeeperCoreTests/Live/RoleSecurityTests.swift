import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// Roles hold against a SQL client (issue 49): alice's club game is shared
/// with carol as a scorer, dave as a scorer of his own player only, and
/// erin, whom alice removed. Each connects with libpq and tries what the
/// role forbids, through the tables and through forged API calls; every
/// attempt is refused and the server is exactly as it was.
@Suite(.tags(.postgres), .runAsTagged) struct RoleSecurityTests {
  let server: TestCloud
  let world: CloudWorld
  let link: String

  init() throws {
    world = try CloudWorld(.postgres)
    server = world.server
    try world.save([
      world.record("club"), world.record("ann:players", type: "players", parent: "club"),
      world.record("dave:players", type: "players", parent: "club"),
      world.record("a:rounds", type: "rounds", parent: "club"),
      world.record("a:scoreEvents", type: "scoreEvents", parent: "ann:players"),
    ])
    let share = try world.share(
      "club",
      with: [
        ShareParticipant(userName: "carol", permission: .scoring),
        ShareParticipant(userName: "dave", permission: .scoring, parentLimit: "dave:players"),
        ShareParticipant(userName: "erin", permission: .readWrite),
      ], scorerRules: .scorekeeper,
      accepting: [world.carol, server.container("dave"), server.container("erin")])
    link = try #require(share.sharing?.link)
    var removing = share
    removing.sharing?.participants[2].permission = .none
    try world.save([removing])
  }

  /// A new record under alice's club, as a forged request carries it.
  func record(_ name: String, type: String, parent: String, fields: String = "{}") -> String {
    #"[{"id":["alice","games","\#(name)"],"type":"\#(type)","parent":["alice","games","\#(parent)"],"#
      + #""fields":\#(fields),"tag":null}]"#
  }

  /// A forged save that overwrites whatever the server holds (allKeys).
  func save(_ records: String) -> String {
    "SELECT scorekeeper.modify_records('shared', '\(records)', '[]', false, false)"
  }

  /// The refusal of a forged save of one record.
  func refusal(_ name: String, _ code: String, _ arguments: [String]) -> String {
    #"ok [{"id": ["alice", "games", "\#(name)"], "op": "save", "refusal": "\#(code)", "arguments": ["#
      + arguments.map { #""\#($0)""# }.joined(separator: ", ") + "]}]"
  }

  @Test("a scorer adds score changes and rounds, and nothing a scorer may not, through any door")
  func scorer() throws {
    let before = try server.dump()
    let carol = try PGConnection(try server.connectionString(for: "carol"))
    let scoreEvent = #"{"delta":["int64","5"]}"#
    let attacks: [(String, String)] = [
      // The tables themselves.
      ("UPDATE scorekeeper.records SET fields = '{}'", "42501"),
      ("DELETE FROM scorekeeper.records WHERE name = 'a:scoreEvents'", "42501"),
      ("UPDATE scorekeeper.participants SET permission = 'read-write'", "42501"),
      (
        "INSERT INTO scorekeeper.participants VALUES ('alice','games','share-club','carol','read-write','accepted')",
        "42501"
      ),
      ("SELECT scorekeeper.write_sharing('alice', 'games', 'share-club', '{}')", "42501"),
      // Changing what is there: alice's score change, the game, a player.
      (
        save(record("a:scoreEvents", type: "scoreEvents", parent: "ann:players", fields: scoreEvent)),
        refusal("a:scoreEvents", "scorer-adds-only", ["a:scoreEvents", "carol"])
      ),
      (
        "SELECT scorekeeper.modify_records('shared', '\(record("a:scoreEvents", type: "scoreEvents", parent: "ann:players"))', '[]', true, false)",
        refusal("a:scoreEvents", "exists", ["a:scoreEvents"])
      ),
      (
        "SELECT scorekeeper.modify_records('shared', '[{\"id\":[\"alice\",\"games\",\"club\"],\"type\":\"items\",\"fields\":{\"title\":[\"string\",\"Mine\"]},\"share\":[\"alice\",\"games\",\"share-club\"],\"tag\":null}]', '[]', false, false)",
        refusal("club", "scorer-adds-only", ["club", "carol"])
      ),
      (
        "SELECT scorekeeper.modify_records('shared', '[]', '[[\"alice\",\"games\",\"a:scoreEvents\"]]', false, false)",
        #"ok [{"id": ["alice", "games", "a:scoreEvents"], "op": "delete", "refusal": "scorer-adds-only", "arguments": ["a:scoreEvents", "carol"]}]"#
      ),
      // Adding what a scorer may not: a player, a game event.
      (
        save(record("mine:players", type: "players", parent: "club")),
        refusal("mine:players", "scorer-type", ["mine:players", "players", "carol"])
      ),
      (
        save(record("fin:gameEvents", type: "gameEvents", parent: "club")),
        refusal("fin:gameEvents", "scorer-type", ["fin:gameEvents", "gameEvents", "carol"])
      ),
      // Undoing or correcting alice's, or scoring into her round.
      (
        save(
          record(
            "u:scoreEvents", type: "scoreEvents", parent: "ann:players", fields: #"{"undoes":["string","a"]}"#
          )),
        refusal("u:scoreEvents", "not-own-record", ["u:scoreEvents", "undoes", "a:scoreEvents", "carol"])
      ),
      (
        save(
          record(
            "in:scoreEvents", type: "scoreEvents", parent: "ann:players",
            fields: #"{"roundID":["string","a"]}"#)),
        refusal("in:scoreEvents", "not-own-record", ["in:scoreEvents", "roundID", "a:rounds", "carol"])
      ),
      (
        save(record("fix:rounds", type: "rounds", parent: "club", fields: #"{"fixes":["string","a"]}"#)),
        refusal("fix:rounds", "not-own-record", ["fix:rounds", "fixes", "a:rounds", "carol"])
      ),
      (
        save(record("un:rounds", type: "rounds", parent: "club", fields: #"{"undoes":["string","a"]}"#)),
        refusal("un:rounds", "not-own-record", ["un:rounds", "undoes", "a:rounds", "carol"])
      ),
      // Raising her own role through the share.
      (
        "SELECT scorekeeper.modify_records('shared', '[{\"id\":[\"alice\",\"games\",\"share-club\"],\"type\":\"cloudkit.share\",\"fields\":{},\"tag\":null,\"sharing\":{\"public\":\"read-write\",\"participants\":[{\"user\":\"carol\",\"permission\":\"read-write\"}]}}]', '[]', false, false)",
        refusal("share-club", "owner-only-share-change", ["share-club"])
      ),
    ]
    for (sql, expected) in attacks {
      #expect(carol.attempt(sql) == expected, "\(sql)")
    }
    expectNoDifference(before, try server.dump())
    // What she may: a score change of her own, and its undo, made by her
    // whatever creator the request names.
    let own =
      #"[{"id":["alice","games","c:scoreEvents"],"type":"scoreEvents","parent":["alice","games","ann:players"],"fields":{},"tag":null,"creator":"alice"},"#
      + #"{"id":["alice","games","cu:scoreEvents"],"type":"scoreEvents","parent":["alice","games","ann:players"],"fields":{"undoes":["string","c"]},"tag":null}]"#
    #expect(!carol.attempt(save(own)).contains("refusal"))
    #expect(
      carol.attempt("SELECT name, creator FROM scorekeeper.records WHERE creator = 'carol' ORDER BY name")
        == "ok c:scoreEvents|carol; cu:scoreEvents|carol")
  }

  @Test("a scorer of one player adds only under that player's record")
  func selfScorer() throws {
    let before = try server.dump()
    let dave = try PGConnection(try server.connectionString(for: "dave"))
    let attacks: [(String, String)] = [
      (
        save(record("d:scoreEvents", type: "scoreEvents", parent: "ann:players")),
        refusal("d:scoreEvents", "outside-parent-limit", ["d:scoreEvents", "dave", "dave:players"])
      ),
      (
        save(record("d:rounds", type: "rounds", parent: "club")),
        refusal("d:rounds", "outside-parent-limit", ["d:rounds", "dave", "dave:players"])
      ),
      ("UPDATE scorekeeper.participants SET parent_limit = NULL", "42501"),
    ]
    for (sql, expected) in attacks {
      #expect(dave.attempt(sql) == expected, "\(sql)")
    }
    expectNoDifference(before, try server.dump())
    #expect(
      !dave.attempt(save(record("d:scoreEvents", type: "scoreEvents", parent: "dave:players"))).contains(
        "refusal"))
  }

  @Test("a removed participant reads nothing, writes nothing, cannot rejoin by the link, and hears nothing")
  func removed() throws {
    let erinSignal = try #require(try server.liveCloud(for: "erin").changeSignal())
    let carolSignal = try #require(try server.liveCloud(for: "carol").changeSignal())
    _ = try erinSignal.takeChange()
    let before = try server.dump()
    let erin = try PGConnection(try server.connectionString(for: "erin"))
    var attacks: [(String, String)] = [
      "zones", "records", "shares", "participants", "tombstones", "assets", "retired_links",
    ].map { table in
      ("SELECT * FROM scorekeeper.\(table)", table == "retired_links" ? "42501" : "ok ")
    }
    attacks += [
      (
        "SELECT scorekeeper.fetch_records('shared', '[[\"alice\",\"games\",\"club\"]]')",
        #"ok [{"id": ["alice", "games", "club"], "refusal": "zone-not-found", "arguments": []}]"#
      ),
      (
        save(record("e:scoreEvents", type: "scoreEvents", parent: "ann:players")),
        refusal("e:scoreEvents", "zone-not-found", [])
      ),
      ("SELECT scorekeeper.accept_share('\(link)')", "SK001"),
      ("SELECT scorekeeper.share_metadata('\(link)')", "SK001"),
    ]
    for (sql, expected) in attacks {
      #expect(erin.attempt(sql) == expected, "\(sql)")
    }
    expectNoDifference(before, try server.dump())
    // alice scores in the club: carol hears it, erin's channel stays silent.
    try world.save([world.record("b:scoreEvents", type: "scoreEvents", parent: "ann:players")])
    #expect(try carolSignal.wait(until: .after(30)))
    #expect(try erinSignal.takeChange() == false)
  }

  @Test("a stranger holding an expired or a replaced link joins nothing and reads nothing")
  func oldLinks() throws {
    var expired = try world.share("open", with: [], publicPermission: .readWrite)
    expired.sharing?.linkExpiresAt = Timestamp(millisecondsSince1970: 1_700_000_000_000)
    try world.save([expired])
    var replaced = try world.share("moved", with: [], publicPermission: .readWrite)
    replaced.sharing?.replacingLink = true
    try world.save([replaced])
    let (expiredLink, replacedLink) = (
      try #require(expired.sharing?.link), try #require(replaced.sharing?.link)
    )
    let before = try server.dump()
    let mallory = try PGConnection(try server.connectionString(for: "mallory"))
    let attacks: [(String, String)] = [
      ("SELECT scorekeeper.accept_share('\(expiredLink)')", "SK001"),
      ("SELECT scorekeeper.accept_share('\(replacedLink)')", "SK001"),
      ("SELECT scorekeeper.share_metadata('\(expiredLink)')", "SK001"),
      ("SELECT scorekeeper.share_metadata('\(replacedLink)')", "SK001"),
      ("SELECT * FROM scorekeeper.retired_links", "42501"),
      ("SELECT * FROM scorekeeper.records", "ok "),
      ("SELECT * FROM scorekeeper.shares", "ok "),
      ("UPDATE scorekeeper.shares SET link_expires_at = NULL", "42501"),
    ]
    for (sql, expected) in attacks {
      #expect(mallory.attempt(sql) == expected, "\(sql)")
    }
    // What the refusals say, as the client reads them.
    let cloud = server.container("mallory")
    #expect(
      throws: CloudRefusal.linkExpired(expiredLink, at: Timestamp(millisecondsSince1970: 1_700_000_000_000))
        .error
    ) {
      try cloud.shareMetadata(for: expiredLink)
    }
    #expect(throws: CloudRefusal.linkReplaced(replacedLink).error) {
      try cloud.shareMetadata(for: replacedLink)
    }
    expectNoDifference(before, try server.dump())
  }
}
