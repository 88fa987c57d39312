@_spi(Testing) import ScorekeeperCore
import ScorekeeperTestSupport
import Testing

@testable import scorekeeper

/// What the options, the environment and the settings file decide: one
/// precedence table, each value with its origin; where, who, which faults.
@Suite struct SettingsTests {
  /// Settings from `variables` (the variables for tests honoured), the
  /// command line's `options` and a settings file of `lines`.
  func settings(
    _ variables: [String: String], options: [String: String] = [:], file lines: [String]? = nil
  ) throws -> Settings {
    try Settings.resolve(
      options: options, environment: { $0 == SettingSpec.testingVariable ? "1" : variables[$0] },
      file: lines.map { ConfigFile(path: "/home/ann/.config/scorekeeper/config", lines: $0) })
  }

  @Test(
    "each setting is its option, else its variable, else the settings file, else its default; with its origin"
  )
  func precedence() throws {
    let file = [
      "db = ~/file.sqlite", "cloud = file-cloud.sqlite", "user = fay", "offline = 1", "color = never",
    ]
    let all = try settings(
      [
        "HOME": "/home/ann", "SCOREKEEPER_DB": "env.sqlite", "SCOREKEEPER_USER": "eve",
        "SCOREKEEPER_COLOR": "always",
      ],
      options: ["--db": "opt.sqlite", "--offline": ""], file: file)
    #expect(try all.database.get() == .given("opt.sqlite"))
    #expect(all.database.origin == .option("--db"))
    #expect(try all.userName() == "eve")
    #expect(all.user.origin == .environment("SCOREKEEPER_USER"))
    #expect(try all.cloud.get() == .file(.given("file-cloud.sqlite")))
    #expect(all.cloud.origin == .file(path: "/home/ann/.config/scorekeeper/config", key: "cloud", line: 2))
    #expect(try all.offline.get() == true)
    #expect(all.offline.origin == .option("--offline"))
    #expect(try all.color.get() == .always)
    #expect(try all.syncBudget.get() == 10)
    #expect(all.syncBudget.origin == .byDefault)
    #expect(
      all.described.map { "\($0.spec.key) \($0.text ?? "-") \($0.origin.label)" } == [
        "db opt.sqlite option --db", "cloud file-cloud.sqlite settings file, line 2",
        "listen-cloud - default",
        "user eve environment SCOREKEEPER_USER", "offline  option --offline", "sync-budget - default",
        "color always environment SCOREKEEPER_COLOR", "pager - default", "ids - default", "now - default",
        "device - default", "cloud-faults - default", "progress-after - default",
        "checkpoint-pages - default",
      ])
    let fileOnly = try settings(["HOME": "/home/ann"], file: file)
    #expect(try fileOnly.database.get() == .given("/home/ann/file.sqlite"), "~/ starts in HOME")
    #expect(try fileOnly.userName() == "fay")
    #expect(try fileOnly.offline.get() == true)
    #expect(try fileOnly.color.get() == .never)
  }

  @Test("a bad value is kept as its error, thrown where it is used or by validate, naming where it was given")
  func errorsKeptPerSetting() throws {
    let bad = try settings(["SCOREKEEPER_OFFLINE": "maybe", "SCOREKEEPER_SYNC_BUDGET": "soon"])
    let expected = UsageError(
      "SCOREKEEPER_SYNC_BUDGET=\"soon\" is not a number of seconds like 10 or 0.5.")
    #expect(throws: expected) { try bad.syncBudget.get() }
    #expect(throws: expected) { try bad.validate() }
    #expect(
      throws: UsageError(
        "SCOREKEEPER_OFFLINE=\"maybe\" is not understood; use 1, yes, true or on to work offline, or 0, no, "
          + "false or off to sync.")
    ) { try bad.offline.get() }
    #expect(try bad.cloudFaults.get() == [], "the others stay usable")
  }

  @Test("the variables for tests count only with SCOREKEEPER_TESTING=1; set without it, they are named")
  func testOnlyVariables() throws {
    let variables = ["SCOREKEEPER_NOW": "2026-01-01T00:00:00Z", "SCOREKEEPER_IDS": "incrementing"]
    let ignored = try Settings.resolve(options: [:], environment: { variables[$0] }, file: nil)
    #expect(ignored.ignoredTestVariables == ["SCOREKEEPER_IDS", "SCOREKEEPER_NOW"])
    #expect(ignored.deterministicIDs == false)
    #expect(ignored.fixedClock == false)
    let honoured = try settings(variables)
    #expect(honoured.ignoredTestVariables == [])
    #expect(honoured.deterministicIDs == true)
    #expect(honoured.fixedClock == true)
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
    let resolved = try settings(variables, options: option.map { ["--user": $0] } ?? [:])
    #expect(try resolved.userName() == expected)
  }

  @Test("without any variable the user is the login name of the process")
  func loginName() throws {
    let resolved = try settings([:])
    #expect(try !resolved.userName().isEmpty)
    #expect(resolved.user.origin == .byDefault)
  }

  @Test(
    "an unusable user name is a usage error quoting it",
    arguments: ["", " bob", "bob\n", String(repeating: "x", count: 65)])
  func badUserName(name: String) {
    #expect(
      throws: UsageError(
        "The user name \(quote(name)) is not usable: give 1 to 64 characters, no control "
          + "characters or surrounding spaces.")
    ) { try settings(["SCOREKEEPER_USER": name]).userName() }
  }

  @Test("the mock cloud is --cloud, else SCOREKEEPER_CLOUD, else next to the default database")
  func cloudPath() throws {
    let home = try TemporaryDirectory()
    #expect(
      try settings(["SCOREKEEPER_CLOUD": "/x/env.sqlite"], options: ["--cloud": "/x/opt.sqlite"])
        .cloudAddress()
        == .file(path: "/x/opt.sqlite"))
    #expect(
      try settings(["SCOREKEEPER_CLOUD": "/x/env.sqlite"]).cloudAddress() == .file(path: "/x/env.sqlite"))
    #expect(
      try settings(["XDG_DATA_HOME": home.path]).cloudAddress()
        == .file(path: home.path + "/scorekeeper/mock-cloud.sqlite"))
    #expect(
      try settings([:], options: ["--cloud": "./service=x"]).cloudAddress() == .file(path: "./service=x"))
    #expect(
      throws: UsageError(
        "Cannot tell where to keep the mock cloud: HOME is not set. Use --cloud PATH or SCOREKEEPER_CLOUD.")
    ) {
      try settings([:]).cloudAddress()
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
    let address = try settings([:], options: ["--cloud": typed]).cloudAddress()
    guard case .live(typed, let connection) = address else {
      Issue.record("not live: \(address)")
      return
    }
    #expect(connection.settings.map { "\($0.key)=\($0.value)" } == expected)
    #expect(try PGConnectionString(connection.text) == connection)
    #expect(try settings(["SCOREKEEPER_CLOUD": typed]).cloudAddress() == address)
  }

  @Test(
    "a connection string holding a password is refused, however it is written, and never printed",
    arguments: [
      "postgresql://alice:s3cret@db.example.org/scores", "postgres://db.example.org/scores?password=s3cret",
      "host=db.example.org password=s3cret", "service=club password = 's3cret'",
    ])
  func passwordRefused(typed: String) throws {
    for (option, environment) in [(typed, [String: String]()), (nil, ["SCOREKEEPER_CLOUD": typed])] {
      let error = try #require(throws: UsageError.self) {
        try settings(environment, options: option.map { ["--cloud": $0] } ?? [:]).cloudAddress()
      }
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
      try settings([:], options: ["--cloud": "host='unclosed"]).cloudAddress()
    }
    #expect(
      throws: UsageError(
        "--cloud \"postgresql://x/y?nonsense=1\" is not a connection string PostgreSQL can read: invalid URI query parameter: \"nonsense\""
      )
    ) {
      try settings([:], options: ["--cloud": "postgresql://x/y?nonsense=1"]).cloudAddress()
    }
  }

  @Test("faults come from SCOREKEEPER_CLOUD_FAULTS; a bad one is a usage error")
  func faults() throws {
    #expect(try settings([:]).cloudFaults.get() == [])
    #expect(
      try settings(["SCOREKEEPER_CLOUD_FAULTS": "zone-busy:2*2"]).cloudFaults.get()
        == [CloudFault(.zoneBusy(retryAfter: 2)), CloudFault(.zoneBusy(retryAfter: 2))])
    #expect(
      throws: UsageError(
        "SCOREKEEPER_CLOUD_FAULTS: Cannot read the cloud fault \"zone-busy*x\": the count after * must be a whole number from 1 to 1000."
      )
    ) { try settings(["SCOREKEEPER_CLOUD_FAULTS": "zone-busy*x"]).cloudFaults.get() }
  }
}
