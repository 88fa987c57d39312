@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

@testable import scorekeeper

/// What the environment decides about the cloud: where, who, which faults.
@Suite struct SettingsTests {
  /// Settings from `variables`, the variables for tests honoured.
  func settings(_ variables: [String: String]) -> Settings {
    Settings(environment: { $0 == Settings.Variable.testing ? "1" : variables[$0] })
  }

  @Test(
    "the user is --user, else SCOREKEEPER_USER, else USER, else LOGNAME",
    arguments: [
      ("ann", ["SCOREKEEPER_USER": "bob", "USER": "carol", "LOGNAME": "dave"], "ann"),
      (nil, ["SCOREKEEPER_USER": "bob", "USER": "carol", "LOGNAME": "dave"], "bob"),
      (nil, ["USER": "carol", "LOGNAME": "dave"], "carol"),
      (nil, ["LOGNAME": "dave"], "dave"),
    ] as [(String?, [String: String], String)])
  func userPrecedence(option: String?, variables: [String: String], expected: String) throws {
    #expect(try settings(variables).userName(option: option) == expected)
  }

  @Test("without any variable the user is the login name of the process")
  func loginName() throws {
    #expect(try !settings([:]).userName(option: nil).isEmpty)
  }

  @Test(
    "an unusable user name is a usage error quoting it",
    arguments: ["", " bob", "bob\n", String(repeating: "x", count: 65)])
  func badUserName(name: String) {
    #expect(
      throws: UsageError(
        "The user name \(quote(name)) is not usable: give 1 to 64 characters, no control "
          + "characters or surrounding spaces.")
    ) { try settings(["SCOREKEEPER_USER": name]).userName(option: nil) }
  }

  @Test("the mock cloud is --cloud, else SCOREKEEPER_CLOUD, else next to the default database")
  func cloudPath() throws {
    let home = try TemporaryDirectory()
    #expect(
      try settings(["SCOREKEEPER_CLOUD": "/x/env.sqlite"]).cloud(option: "/x/opt.sqlite")
        == .mock(path: "/x/opt.sqlite"))
    #expect(
      try settings(["SCOREKEEPER_CLOUD": "/x/env.sqlite"]).cloud(option: nil) == .mock(path: "/x/env.sqlite"))
    #expect(
      try settings(["XDG_DATA_HOME": home.path]).cloud(option: nil)
        == .mock(path: home.path + "/scorekeeper/mock-cloud.sqlite"))
    #expect(try settings([:]).cloud(option: "./service=x") == .mock(path: "./service=x"))
    #expect(
      throws: UsageError(
        "Cannot tell where to keep the mock cloud: HOME is not set. Use --cloud PATH or SCOREKEEPER_CLOUD.")
    ) {
      try settings([:]).cloud(option: nil)
    }
  }

  @Test(
    "a connection string names a live server, read as libpq reads it (in libpq's order)",
    arguments: [
      (
        "postgresql://alice@db.example.org:6432/scores?sslmode=verify-full",
        [
          "user=alice", "dbname=scores", "host=db.example.org", "port=6432", "sslmode=verify-full",
        ]
      ),
      ("postgres:///scores", ["dbname=scores"]),
      ("service=club", ["service=club"]),
      ("host=/run/postgresql dbname='my scores'", ["dbname=my scores", "host=/run/postgresql"]),
    ])
  func liveCloud(typed: String, settings expected: [String]) throws {
    let address = try settings([:]).cloud(option: typed)
    guard case .live(typed, let connection) = address else {
      Issue.record("not live: \(address)")
      return
    }
    #expect(connection.settings.map { "\($0.key)=\($0.value)" } == expected)
    #expect(try PGConnectionString(connection.text) == connection)
    #expect(try settings(["SCOREKEEPER_CLOUD": typed]).cloud(option: nil) == address)
  }

  @Test(
    "a connection string holding a password is refused, however it is written, and never printed",
    arguments: [
      "postgresql://alice:s3cret@db.example.org/scores", "postgres://db.example.org/scores?password=s3cret",
      "host=db.example.org password=s3cret", "service=club password = 's3cret'",
    ])
  func passwordRefused(typed: String) throws {
    for (option, environment) in [(typed, [String: String]()), (nil, ["SCOREKEEPER_CLOUD": typed])] {
      let error = try #require(throws: UsageError.self) { try settings(environment).cloud(option: option) }
      let source = option == nil ? "SCOREKEEPER_CLOUD" : "--cloud"
      #expect(
        error.message
          == "The connection string in \(source) holds a password; scorekeeper never stores or prints one. "
          + "Put it in ~/.pgpass (mode 0600) or a service file and use service=NAME, or leave it out "
          + "to be asked for it at a terminal.")
    }
  }

  @Test("a connection string libpq cannot read is a usage error quoting it")
  func unreadableConnectionString() throws {
    #expect(
      throws: UsageError(
        "--cloud \"host='unclosed\" is not a connection string PostgreSQL can read: unterminated quoted string in connection info string"
      )
    ) {
      try settings([:]).cloud(option: "host='unclosed")
    }
    #expect(
      throws: UsageError(
        "--cloud \"postgresql://x/y?nonsense=1\" is not a connection string PostgreSQL can read: invalid URI query parameter: \"nonsense\""
      )
    ) {
      try settings([:]).cloud(option: "postgresql://x/y?nonsense=1")
    }
  }

  @Test("faults come from SCOREKEEPER_CLOUD_FAULTS; a bad one is a usage error")
  func faults() throws {
    #expect(try settings([:]).cloudFaults() == [])
    #expect(
      try settings(["SCOREKEEPER_CLOUD_FAULTS": "zone-busy:2*2"]).cloudFaults()
        == [CloudFault(.zoneBusy(retryAfter: 2)), CloudFault(.zoneBusy(retryAfter: 2))])
    #expect(
      throws: UsageError(
        "SCOREKEEPER_CLOUD_FAULTS: Cannot read the cloud fault \"zone-busy*x\": the count after * must be a whole number from 1 to 1000."
      )
    ) { try settings(["SCOREKEEPER_CLOUD_FAULTS": "zone-busy*x"]).cloudFaults() }
  }
}
